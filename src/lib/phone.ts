import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { z } from 'zod';
import { INVALID_PHONE, toE164With } from '@common/contact-rules.ts';

// Phone numbers as visitors type them, stored in E.164 ('+41791234567') so the provider can call
// or message every number the same way. The rule is shared with the edge functions
// (supabase/functions/_common/contact-rules.ts); the 'min' metadata is the smallest build that
// tells valid numbers from invalid ones. Only forms with a phone field import this module.

export { INVALID_PHONE };
/** The same message in the admin's "Sie". */
export const ADMIN_INVALID_PHONE =
  'Bitte geben Sie eine gültige Telefonnummer ein, z. B. 079 123 45 67 oder +41 79 123 45 67.';

/** The number in E.164, or null when it is not a phone number. */
export function toE164(input: string): string | null {
  return toE164With(parsePhoneNumberFromString, input);
}

/** A required phone field: `requiredMessage` when empty, else a valid number, output in E.164. */
export function phoneSchema(requiredMessage: string, invalidMessage = INVALID_PHONE) {
  return z
    .string()
    .trim()
    .min(1, requiredMessage)
    .transform((value, context) => {
      const e164 = toE164(value);
      if (e164) return e164;
      context.addIssue({ code: 'custom', message: invalidMessage });
      return z.NEVER;
    });
}

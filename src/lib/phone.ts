import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { z } from 'zod';

// Phone numbers as visitors type them: Swiss numbers without a country code ('079 123 45 67'),
// any number with one ('+49 30 1234567', '0049 …'). Stored in E.164 ('+41791234567') so the
// provider can call or message every number the same way.
const DEFAULT_COUNTRY = 'CH';

export const INVALID_PHONE =
  'Bitte gib eine gültige Telefonnummer ein, z. B. 079 123 45 67 oder +41 79 123 45 67.';

/** The number in E.164, or null when it is not a phone number. */
export function toE164(input: string): string | null {
  const normalised = input.trim().replace(/^00/, '+');
  const number = parsePhoneNumberFromString(normalised, DEFAULT_COUNTRY);
  return number?.isValid() ? number.number : null;
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

import { z } from 'zod';
import { EMAIL_MAX_LENGTH, EMAIL_PATTERN, INVALID_EMAIL } from '@common/contact-rules.ts';

// The e-mail field of every public form: the same rule as the edge functions
// (supabase/functions/_common/contact-rules.ts), so an address the form accepts is never refused
// by the server afterwards ('hans@beispiel' is refused here, at the field).

export { INVALID_EMAIL };

/** A required e-mail field: `requiredMessage` when empty, else a complete address (trimmed). */
export function emailSchema(requiredMessage: string) {
  return z
    .string()
    .trim()
    .min(1, requiredMessage)
    .max(EMAIL_MAX_LENGTH, INVALID_EMAIL)
    .regex(EMAIL_PATTERN, INVALID_EMAIL);
}

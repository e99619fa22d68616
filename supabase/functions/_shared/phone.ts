import { parsePhoneNumberFromString } from 'npm:libphonenumber-js@1.13.16/min';
import { toE164With } from '@common/contact-rules.ts';

// The phone rule of the site's forms (./contact-rules.ts) with the same library, version and
// metadata as the browser (package.json), so both accept and normalise the same numbers.

/** The number in E.164, or null when it is not a phone number. */
export function toE164(input: string): string | null {
  return toE164With(parsePhoneNumberFromString, input);
}

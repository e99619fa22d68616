// The rules for a visitor's e-mail address and phone number, one place for the site's forms and
// the edge functions that check the same fields again (runtime-neutral: no Deno or npm imports;
// each side passes in its own import of libphonenumber-js, see src/lib/phone.ts and ./phone.ts).
// The database keeps a coarser check of its own (docs/data-model.md, "Phone numbers").

export const INVALID_EMAIL = 'Bitte gib eine gültige E-Mail-Adresse ein.';
export const EMAIL_MAX_LENGTH = 254;
/**
 * A complete address with a domain and a top-level domain of letters: 'hans@beispiel' is refused.
 * The pattern zod 4 uses for `z.email()`, kept here so a zod update cannot make the browser and the
 * server disagree.
 */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export const INVALID_PHONE =
  'Bitte gib eine gültige Telefonnummer ein, z. B. 079 123 45 67 oder +41 79 123 45 67.';
/** Numbers typed without a country code are Swiss. */
export const PHONE_DEFAULT_COUNTRY = 'CH';

/** The part of libphonenumber-js's `parsePhoneNumberFromString` the rule needs. */
export type ParsePhone = (
  text: string,
  defaultCountry: typeof PHONE_DEFAULT_COUNTRY,
) => { number: string; isValid(): boolean } | undefined;

/**
 * The number in E.164 ('+41791234567'), or null when it is not a valid phone number. Swiss
 * numbers may be typed without +41 ('079 123 45 67'), any number with its country code ('+49 …'
 * or '0049 …').
 */
export function toE164With(parse: ParsePhone, input: string): string | null {
  const typed = input.trim().replace(/^00/, '+');
  const number = parse(typed, PHONE_DEFAULT_COUNTRY);
  return number?.isValid() ? number.number : null;
}

/**
 * A stored number for people to read: Swiss numbers in the usual groups ('+41 79 111 22 33',
 * '+41 800 123 456'), every other value as it is stored (E.164 is readable enough, and rows from
 * before E.164 keep what the visitor typed).
 */
export function formatPhone(stored: string): string {
  const swiss = /^\+41(\d{9})$/.exec(stored);
  if (!swiss?.[1]) return stored;
  const digits = swiss[1];
  // Toll-free, shared-cost and premium numbers (08xx, 09xx) are grouped 3-3-3, all others 2-3-2-2.
  const groups = /^[89]/.test(digits)
    ? [digits.slice(0, 3), digits.slice(3, 6), digits.slice(6)]
    : [digits.slice(0, 2), digits.slice(2, 5), digits.slice(5, 7), digits.slice(7)];
  return `+41 ${groups.join(' ')}`;
}

// A visitor's name is mailed back to the address they typed (the booking's confirmation) and
// shown to the provider, so it must read as a name and not carry a message or a link
// (issue 25: "Ihr Konto wird gesperrt - jetzt bestaetigen: https://…" as a name). Letters of
// any script with their combining marks, spaces, hyphens, apostrophes (' and ’) and dots.

export const NAME_MAX_LENGTH = 100;
export const NAME_TOO_LONG = `Der Name ist zu lang (höchstens ${NAME_MAX_LENGTH} Zeichen).`;
export const INVALID_NAME =
  'Bitte gib deinen Namen nur mit Buchstaben, Leerzeichen, Bindestrichen, Apostrophen und Punkten ein (ohne Ziffern, @ oder Webadressen).';
/** Starts with a letter; then letters, combining marks, spaces, hyphens, apostrophes, dots. */
const NAME_PATTERN = /^\p{L}[\p{L}\p{M} .'’-]*$/u;
/** A dot between a letter and two more letters reads as a domain ('evil.example', 'www.x'). */
const DOMAIN_LIKE = /\p{L}\.\p{L}{2,}/u;

/** What is wrong with a (trimmed, non-empty) name, or null when it reads as a name. */
export function nameProblem(name: string): string | null {
  if (name.length > NAME_MAX_LENGTH) return NAME_TOO_LONG;
  if (!NAME_PATTERN.test(name) || DOMAIN_LIKE.test(name)) return INVALID_NAME;
  return null;
}

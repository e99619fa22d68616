// Rules every public function applies to its whole JSON body before anything else happens
// (issue 25): text Postgres cannot store makes its call fail with a 500, after the proof-of-work
// challenge and a rate-limit slot were spent. Runtime-neutral (no imports), so the site and
// the tests can use the same rule.

export const UNSAFE_TEXT =
  'Die Eingabe enthält unzulässige Zeichen (Nullzeichen oder ungültiges Unicode). Bitte prüfe deine Angaben.';

/** A NUL character or a UTF-16 surrogate without its partner (neither can be stored as text). */
/* eslint-disable no-control-regex -- finding the NUL character is the point */
// deno-lint-ignore no-control-regex
const UNSAFE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/* eslint-enable no-control-regex */

export function isUnsafeText(text: string): boolean {
  return UNSAFE.test(text);
}

/**
 * The top-level field (or '' for the body itself) under which a parsed JSON value holds an
 * unsafe string, as a key or a value at any depth; null when there is none. Iterative, so a
 * deeply nested body cannot exhaust the stack.
 */
export function unsafeTextField(body: unknown): string | null {
  const pending: Array<[unknown, string]> = [[body, '']];
  while (pending.length > 0) {
    const [value, field] = pending.pop()!;
    if (typeof value === 'string') {
      if (isUnsafeText(value)) return field;
    } else if (Array.isArray(value)) {
      for (const item of value) pending.push([item, field]);
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        const at = field === '' && value === body ? key : field;
        // An unsafe key is named by its parent (never echoed back itself).
        if (isUnsafeText(key)) return field;
        pending.push([item, at]);
      }
    }
  }
  return null;
}

/** Seats one booking or waiting-list entry may ask for (participants_persons_check). */
export const MAX_PERSONS = 50;
export const INVALID_PERSONS = 'Die Anzahl Personen ist ungültig.';

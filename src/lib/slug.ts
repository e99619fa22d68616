// URL slugs for events and blog posts. The database stores the slugs it derives with
// public.slugify(text) (supabase/migrations); this module must produce exactly the same
// result, which tests/db/slug-parity.test.ts checks on tricky titles.
//
// Rules: German umlauts are spelled out (ä -> ae), common accents are dropped (é -> e),
// ASCII letters are lower-cased, every other character except a-z, 0-9, "_", whitespace
// and "-" is removed, runs of whitespace and hyphens become one hyphen, and hyphens at
// either end are trimmed. Everything is spelled out character by character (no locale,
// no Unicode tables) so both sides agree on every input.

const SPELLED_OUT: Record<string, string> = {
  Ä: 'ae',
  ä: 'ae',
  Ö: 'oe',
  ö: 'oe',
  Ü: 'ue',
  ü: 'ue',
  '\u00df': 'ss', // sharp s, written as an escape: user-facing files never contain it
  Æ: 'ae',
  æ: 'ae',
  Œ: 'oe',
  œ: 'oe',
};

/** Accented letters and their plain counterparts, position by position (same lists in SQL). */
const ACCENTED = 'ÀÁÂÃÅàáâãåÈÉÊËèéêëÌÍÎÏìíîïÒÓÔÕØòóôõøÙÚÛùúûÇçÑñÝýÿ';
const PLAIN = 'AAAAAaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUuuuCcNnYyy';

const SLUG_WHITESPACE = '[ \\t\\n\\r\\f\\v\\u00a0]';
const NOT_KEPT = new RegExp(`[^a-z0-9_\\- \\t\\n\\r\\f\\v\\u00a0]`, 'g');
const SEPARATORS = new RegExp(`(${SLUG_WHITESPACE}|-)+`, 'g');

/** Slug of a title, e.g. 'Wildkräuter Workshop!' -> 'wildkraeuter-workshop'. May be ''. */
export function slugify(title: string): string {
  // NFC first, so a decomposed 'a' + combining diaeresis is treated like 'ä'.
  let text = title.normalize('NFC').replace(/[ÄäÖöÜü\u00dfÆæŒœ]/g, (char) => SPELLED_OUT[char] ?? char);
  text = Array.from(text, (char) => {
    const index = ACCENTED.indexOf(char);
    return index >= 0 ? PLAIN.charAt(index) : char;
  }).join('');
  return text
    .replace(/[A-Z]/g, (char) => char.toLowerCase())
    .replace(NOT_KEPT, '')
    .replace(SEPARATORS, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * The spec's event slug: slugified title plus '-dd-MM-yyyy' when the event has a start date
 * ('yyyy-MM-dd'). A title without any usable character becomes 'event'. The stored slug may
 * carry a '-2', '-3' ... suffix when two events share title and date.
 */
export function eventSlug(title: string, startDate: string | null | undefined): string {
  const base = slugify(title) || 'event';
  const match = startDate ? /^(\d{4})-(\d{2})-(\d{2})/.exec(startDate) : null;
  return match ? `${base}-${match[3]}-${match[2]}-${match[1]}` : base;
}

// An event's dates in German (de-CH), for the mails and the site alike (src/lib/dates re-exports
// formatDateRange). Its own small module, so the public pages that show dates carry only this,
// not the rest of format.ts. Runtime-neutral: no Deno or npm imports.

/** 'yyyy-MM-dd' as a calendar date (no time zone shift), or null when malformed. */
export function parseCalendarDate(
  value: string | null | undefined,
): { year: number; month: number; day: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value ?? '');
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  return check.getUTCMonth() === month - 1 && check.getUTCDate() === day ? { year, month, day } : null;
}

// The German month names, written out: the site and the mails say the same whatever ICU data the
// browser, Node or Deno carries (and the site needs no date-fns locale for it).
const MONTHS = [
  'Januar',
  'Februar',
  'März',
  'April',
  'Mai',
  'Juni',
  'Juli',
  'August',
  'September',
  'Oktober',
  'November',
  'Dezember',
] as const;

/** A calendar date as '5. März 2026' (month 1..12). */
export function longDate({ year, month, day }: { year: number; month: number; day: number }): string {
  return `${day}. ${MONTHS[month - 1]} ${year}`;
}

/** A calendar date as '05.03.2026' ('dd.MM.yyyy', month 1..12): the short form, e.g. on a voucher. */
export function shortDate({ year, month, day }: { year: number; month: number; day: number }): string {
  return `${String(day).padStart(2, '0')}.${String(month).padStart(2, '0')}.${year}`;
}

/** 'Datum folgt': what the site and the mails say for an event without a (readable) date. */
const DATE_TO_FOLLOW = 'Datum folgt';

/** '5. März 2026'; DATE_TO_FOLLOW for a missing date. */
export function formatDateLong(value: string | null | undefined): string {
  const date = parseCalendarDate(value);
  return date ? longDate(date) : DATE_TO_FOLLOW;
}

/**
 * An event's dates: 'start – end' (en dash, as time ranges), or the single date when both are the
 * same day or there is no end; DATE_TO_FOLLOW without a start.
 */
export function formatDateRange(start: string | null | undefined, end: string | null | undefined): string {
  const from = formatDateLong(start);
  if (!end || end === start) return from;
  const to = formatDateLong(end);
  return from === to ? from : `${from} – ${to}`;
}

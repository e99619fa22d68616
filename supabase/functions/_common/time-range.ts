// An event's time is free text the provider types ('18:30 - 22:00', '18.30-22.00 Uhr').
// Everything that shows it (the site, the admin, the mails) reads it through displayTime, so a
// range always looks the same: '09:00–11:30 Uhr'. Runtime-neutral: no Deno or npm imports.

export interface ClockTime {
  hours: number;
  minutes: number;
}

// '18:30 - 21:30', '18.30-21.30', '09:00 – 11:30 Uhr', '14:00 bis 17:00'.
const TIME_RANGE = /\b(\d{1,2})[:.](\d{2})\s*(?:Uhr)?\s*(?:-|–|—|bis)\s*(\d{1,2})[:.](\d{2})\b/i;

function clock(hours: string, minutes: string): ClockTime | null {
  const value = { hours: Number(hours), minutes: Number(minutes) };
  return value.hours <= 23 && value.minutes <= 59 ? value : null;
}

/** Start and end of day from the free-text time field, or null when it names no clear range. */
export function parseTimeRange(text: string): { start: ClockTime; end: ClockTime } | null {
  const match = TIME_RANGE.exec(text);
  if (!match) return null;
  // All four groups are mandatory in the pattern, so a match has them; the defaults are for the type.
  const [, startHours = '', startMinutes = '', endHours = '', endMinutes = ''] = match;
  const start = clock(startHours, startMinutes);
  const end = clock(endHours, endMinutes);
  return start && end ? { start, end } : null;
}

const pad = (time: ClockTime) =>
  `${String(time.hours).padStart(2, '0')}:${String(time.minutes).padStart(2, '0')}`;

/**
 * The time text as everybody reads it: a clear range in one form, '09:00–11:30 Uhr' (en dash,
 * no spaces); any other text as the provider wrote it.
 */
export function displayTime(text: string): string {
  const range = parseTimeRange(text);
  return range ? `${pad(range.start)}–${pad(range.end)} Uhr` : text.trim();
}

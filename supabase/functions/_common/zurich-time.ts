// Clock time in Zurich, without Intl. The first Intl call of a page loads the browser's ICU data:
// measured at 150-370 ms of main thread on Lighthouse's mobile CPU (4x slowdown), one blocking
// task during hydration of every public page. Switzerland has kept the European summer-time rule
// since 1996: UTC+2 (CEST) from the last Sunday of March, 01:00 UTC, to the last Sunday of
// October, 01:00 UTC; UTC+1 (CET) otherwise. zurich-time.test.ts compares this with the
// time-zone database (Intl in Node) on every day from 1996 to 2045, on both sides of 01:00 UTC.
// The one Zurich time engine of the site and the mails (event-time.ts, ics.ts, formatDateTime).

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** 01:00 UTC on the last Sunday of `monthIndex` (0-based) in `year`. */
function lastSundayAtOneUtc(year: number, monthIndex: number): number {
  const lastDay = new Date(Date.UTC(year, monthIndex + 1, 0, 1));
  return lastDay.getTime() - lastDay.getUTCDay() * DAY;
}

/** Minutes Zurich is ahead of UTC at `instant`: 60 in winter, 120 in summer. */
export function zurichOffsetMinutes(instant: Date): number {
  const year = instant.getUTCFullYear();
  const time = instant.getTime();
  const summer = time >= lastSundayAtOneUtc(year, 2) && time < lastSundayAtOneUtc(year, 9);
  return summer ? 120 : 60;
}

export interface WallClock {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
  hours: number;
  minutes: number;
  seconds: number;
}

/** What the clocks in Zurich show at `instant`. */
export function zurichWallClock(instant: Date): WallClock {
  const shifted = new Date(instant.getTime() + zurichOffsetMinutes(instant) * MINUTE);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hours: shifted.getUTCHours(),
    minutes: shifted.getUTCMinutes(),
    seconds: shifted.getUTCSeconds(),
  };
}

/**
 * The instant at which Zurich's clocks show this date and time (month 1-12). A time the clocks
 * skip in spring (02:00-02:59 on the last Sunday of March) is read in winter time, so it lands an
 * hour later; a time they show twice in autumn means its first, summer-time moment.
 */
export function zurichInstant(
  year: number,
  month: number,
  day: number,
  hours: number,
  minutes: number,
): Date {
  const wall = Date.UTC(year, month - 1, day, hours, minutes);
  const summer = new Date(wall - 120 * MINUTE);
  return zurichOffsetMinutes(summer) === 120 ? summer : new Date(wall - 60 * MINUTE);
}

/** Two digits, for day, month, hours and minutes. */
export const two = (value: number) => String(value).padStart(2, '0');

/** 'yyyy-MM-dd' of a wall clock. */
export function isoDay(clock: Pick<WallClock, 'year' | 'month' | 'day'>): string {
  return `${clock.year}-${two(clock.month)}-${two(clock.day)}`;
}

/** An instant as ISO 8601 in Zurich local time with its offset, e.g. '2026-12-11T18:30:00+01:00'. */
export function zurichIsoString(instant: Date): string {
  const clock = zurichWallClock(instant);
  const offset = zurichOffsetMinutes(instant) / 60;
  return `${isoDay(clock)}T${two(clock.hours)}:${two(clock.minutes)}:${two(clock.seconds)}+${two(offset)}:00`;
}

/** A moment as the provider's clock shows it, 'dd.MM.yyyy HH:mm' ('24.11.2026 08:15'), on the site
 * and in the mails alike; '' when unreadable. */
export function formatDateTime(value: string | Date | null | undefined): string {
  if (!value) return '';
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  const clock = zurichWallClock(date);
  return `${two(clock.day)}.${two(clock.month)}.${clock.year} ${two(clock.hours)}:${two(clock.minutes)}`;
}

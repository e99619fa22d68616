// A multi-day event's description must not contradict its dates (issue 26: a retreat on Monday
// and Tuesday whose text said "Samstag 10:00 bis Sonntag 16:00"). The admin form warns; it does
// not refuse, since a text may name another day on purpose ("Anreise am Vorabend, Freitag").

import { WEEKDAYS, type WeekdayName, weekdayOfJsDay } from '@/lib/weekdays';

type Weekday = WeekdayName;

/** At most this many days are looked at (an event longer than a week has every weekday). */
const MAX_DAYS = 7;

/** The weekdays from start to end ('YYYY-MM-DD', end empty: one day), in calendar order. */
function weekdaysOfDates(startDate: string, endDate: string): Set<Weekday> {
  const days = new Set<Weekday>();
  const start = new Date(`${startDate}T12:00:00Z`);
  const end = new Date(`${endDate || startDate}T12:00:00Z`);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return days;
  for (let day = new Date(start), count = 0; day <= end && count < MAX_DAYS; count += 1) {
    days.add(weekdayOfJsDay(day.getUTCDay()).long);
    day.setUTCDate(day.getUTCDate() + 1);
  }
  return days;
}

/**
 * The weekdays the description names (also "Samstagabend", "sonntags") that the event's dates
 * do not have, in the order they first appear; empty without a start date.
 */
export function weekdaysNotInDates(description: string, startDate: string, endDate: string): Weekday[] {
  if (!startDate) return [];
  const dates = weekdaysOfDates(startDate, endDate);
  if (dates.size === 0) return [];
  const named = new Set<Weekday>();
  for (const match of description.matchAll(
    /(?<![\p{L}])(sonntag|montag|dienstag|mittwoch|donnerstag|freitag|samstag)/giu,
  )) {
    const word = match[1]!.toLowerCase();
    const day = WEEKDAYS.find(({ long }) => long.toLowerCase() === word)!.long;
    if (!dates.has(day)) named.add(day);
  }
  return [...named];
}

/** 'Samstag', 'Samstag und Sonntag', 'Freitag, Samstag und Sonntag'. */
export function listOfDays(days: readonly string[]): string {
  if (days.length <= 1) return days.join('');
  return `${days.slice(0, -1).join(', ')} und ${days.at(-1)}`;
}

/** The admin form's warning (null: the text fits the dates). */
export function weekdayWarning(description: string, startDate: string, endDate: string): string | null {
  const named = weekdaysNotInDates(description, startDate, endDate);
  if (named.length === 0) return null;
  const dates = [...weekdaysOfDates(startDate, endDate)];
  return `Die Beschreibung nennt ${listOfDays(named)}, das Event findet aber am ${listOfDays(dates)} statt. Bitte prüfen Sie den Text oder die Daten.`;
}

// The German weekday names, Monday first as in Switzerland, with their ISO numbers (1 = Montag …
// 7 = Sonntag, as date-fns' getISODay, Postgres' isodow and the settings count them). One list for
// the hut calendar, its settings, event series and the description check.

export const WEEKDAYS = [
  { iso: 1, short: 'Mo', long: 'Montag' },
  { iso: 2, short: 'Di', long: 'Dienstag' },
  { iso: 3, short: 'Mi', long: 'Mittwoch' },
  { iso: 4, short: 'Do', long: 'Donnerstag' },
  { iso: 5, short: 'Fr', long: 'Freitag' },
  { iso: 6, short: 'Sa', long: 'Samstag' },
  { iso: 7, short: 'So', long: 'Sonntag' },
] as const;

/** ISO weekday: 1 = Montag … 7 = Sonntag. */
export type IsoWeekday = (typeof WEEKDAYS)[number]['iso'];
export type WeekdayName = (typeof WEEKDAYS)[number]['long'];

/** 'Montag' for 1 … 'Sonntag' for 7. */
export function weekdayName(iso: IsoWeekday): WeekdayName {
  return WEEKDAYS[iso - 1]!.long;
}

/** The weekday of JavaScript's getDay/getUTCDay (0 = Sunday). */
export function weekdayOfJsDay(jsDay: number): (typeof WEEKDAYS)[number] {
  return WEEKDAYS[(jsDay + 6) % 7]!;
}

// A series' rule and its expansion into calendar dates, in the admin (the database stores the
// expanded events: admin_create_event_series). date-fns alone: the three rules the provider uses
// are a few lines each, and an RFC 5545 engine (rrule) would add a dependency that computes in UTC
// instants where we only need calendar days.
//
// Dates are calendar days ('YYYY-MM-DD'), never instants: the time of day is the event's own
// start_time in Zurich time, so a summer-time change cannot move an occurrence to another day.
// date-fns adds days in local calendar terms (setDate), which keeps that true in every time zone.

import {
  addDays,
  addMonths,
  differenceInCalendarDays,
  format,
  getISODay,
  isValid,
  parseISO,
  startOfMonth,
} from 'date-fns';
import { type IsoWeekday, weekdayName } from '@/lib/weekdays';

/** ISO weekday: 1 = Montag ... 7 = Sonntag. */
export type Weekday = IsoWeekday;

/** Which weekday of the month: 1st to 4th, or the last (-1). */
export type MonthWeek = 1 | 2 | 3 | 4 | -1;

/** Until a date (inclusive), or a number of occurrences (counted before exceptions, as RFC 5545). */
export type RecurrenceEnd = { until: string } | { count: number };

export type RecurrenceRule =
  | {
      kind: 'monthly';
      /** The first possible date: occurrences before it are skipped. */
      start: string;
      nth: MonthWeek;
      weekday: Weekday;
      end: RecurrenceEnd;
      exceptions: string[];
    }
  | {
      kind: 'weekly';
      start: string;
      weekdays: Weekday[];
      /** Every week (1) or every second week (2), counted from the week of start. */
      interval: 1 | 2;
      end: RecurrenceEnd;
      exceptions: string[];
    }
  | { kind: 'dates'; dates: string[]; exceptions: string[] };

/** What one series may hold (admin_create_event_series refuses more). */
export const MAX_OCCURRENCES = 100;

export const MONTH_WEEK_NAMES: Record<MonthWeek, string> = {
  1: '1.',
  2: '2.',
  3: '3.',
  4: '4.',
  [-1]: 'letzten',
};

function day(text: string): Date {
  const date = parseISO(text);
  if (!isValid(date) || !/^\d{4}-\d{2}-\d{2}$/.test(text)) throw new Error(`not a date: ${text}`);
  return date;
}

function iso(date: Date): string {
  return format(date, 'yyyy-MM-dd');
}

/** The nth (or last) given weekday of the month that `month` lies in. */
function nthWeekdayOfMonth(month: Date, nth: MonthWeek, weekday: Weekday): Date {
  if (nth === -1) {
    const last = addDays(addMonths(startOfMonth(month), 1), -1);
    return addDays(last, -((getISODay(last) - weekday + 7) % 7));
  }
  const first = startOfMonth(month);
  return addDays(first, ((weekday - getISODay(first) + 7) % 7) + (nth - 1) * 7);
}

/**
 * Candidate dates in order, before exceptions and the end. Stops on its own after enough
 * candidates for MAX_OCCURRENCES + 1 (so a caller can tell "too many") or after ten years.
 */
function* candidates(rule: Exclude<RecurrenceRule, { kind: 'dates' }>): Generator<Date> {
  const start = day(rule.start);
  const horizon = addMonths(start, 120);
  if (rule.kind === 'monthly') {
    for (let month = startOfMonth(start); month <= horizon; month = addMonths(month, 1)) {
      const date = nthWeekdayOfMonth(month, rule.nth, rule.weekday);
      if (date >= start) yield date;
    }
    return;
  }
  const weekdays = new Set(rule.weekdays);
  if (weekdays.size === 0) return;
  // Weeks counted from the Monday of start's week, so "every second week" keeps its rhythm.
  const firstMonday = addDays(start, 1 - getISODay(start));
  for (let date = start; date <= horizon; date = addDays(date, 1)) {
    // Calendar days, not milliseconds: a summer-time week is an hour short.
    const weekIndex = Math.floor(differenceInCalendarDays(date, firstMonday) / 7);
    if (weekIndex % rule.interval === 0 && weekdays.has(getISODay(date) as Weekday)) yield date;
  }
}

/**
 * The rule's dates ('YYYY-MM-DD', ascending, distinct), exceptions removed. At most
 * MAX_OCCURRENCES + 1 are returned: more than MAX_OCCURRENCES means the rule asks for too many.
 */
export function expandRule(rule: RecurrenceRule): string[] {
  const exceptions = new Set(rule.exceptions);
  if (rule.kind === 'dates') {
    return [...new Set(rule.dates.map((text) => iso(day(text))))]
      .sort()
      .filter((date) => !exceptions.has(date))
      .slice(0, MAX_OCCURRENCES + 1);
  }
  const dates: string[] = [];
  let counted = 0;
  for (const date of candidates(rule)) {
    const text = iso(date);
    if ('until' in rule.end) {
      if (text > rule.end.until) break;
    } else if (counted >= rule.end.count) {
      break;
    }
    counted += 1;
    if (!exceptions.has(text)) dates.push(text);
    if (dates.length > MAX_OCCURRENCES) break;
  }
  return dates;
}

/** 'Montag, Mittwoch und Freitag'. */
function listWords(words: string[]): string {
  return words.length < 2 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} und ${words.at(-1)}`;
}

function swissDate(text: string): string {
  return format(day(text), 'dd.MM.yyyy');
}

/** The rule in German words for the series' display (event_series.rule_text). */
export function describeRule(rule: RecurrenceRule): string {
  let text: string;
  if (rule.kind === 'dates') {
    text = `An ${rule.dates.length} festgelegten Daten`;
  } else {
    if (rule.kind === 'monthly') {
      text = `Jeden ${MONTH_WEEK_NAMES[rule.nth]} ${weekdayName(rule.weekday)} im Monat`;
    } else {
      const days = listWords([...rule.weekdays].sort().map(weekdayName));
      text = rule.interval === 2 ? `Alle 2 Wochen am ${days}` : `Jede Woche am ${days}`;
    }
    text += `, ab ${swissDate(rule.start)}`;
    text += 'until' in rule.end ? ` bis ${swissDate(rule.end.until)}` : `, ${rule.end.count} Mal`;
  }
  // rule_text holds at most 300 characters: many exceptions are counted, not listed.
  if (rule.exceptions.length > 5) {
    text += `, ohne ${rule.exceptions.length} Daten`;
  } else if (rule.exceptions.length > 0) {
    text += `, ohne ${listWords([...rule.exceptions].sort().map(swissDate))}`;
  }
  return text;
}

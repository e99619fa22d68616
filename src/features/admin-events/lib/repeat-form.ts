// The "Wiederholen" section's fields and how they become a RecurrenceRule and its dates.

import { getISODay, isValid, parseISO } from 'date-fns';
import {
  describeRule,
  expandRule,
  MAX_OCCURRENCES,
  type MonthWeek,
  type RecurrenceRule,
  type Weekday,
} from './recurrence';

export type RepeatKind = RecurrenceRule['kind'];

export interface RepeatState {
  kind: RepeatKind;
  nth: MonthWeek;
  weekday: Weekday;
  weekdays: Weekday[];
  everySecondWeek: boolean;
  endKind: 'count' | 'until';
  /** Digits as typed. */
  count: string;
  /** 'YYYY-MM-DD' from <input type="date">. */
  until: string;
  /** One Swiss date (TT.MM.JJJJ) per line. */
  dates: string;
  exceptions: string;
}

/** The section's first state for an event starting on `startDate`: its weekday, 12 times. */
export function initialRepeat(startDate: string): RepeatState {
  const start = parseISO(startDate);
  const known = startDate !== '' && isValid(start);
  const weekday = (known ? getISODay(start) : 4) as Weekday;
  const week = known ? Math.ceil(start.getDate() / 7) : 1;
  return {
    kind: 'monthly',
    nth: (week > 4 ? -1 : week) as MonthWeek,
    weekday,
    weekdays: [weekday],
    everySecondWeek: false,
    endKind: 'count',
    count: '12',
    until: '',
    dates: '',
    exceptions: '',
  };
}

const SWISS_DATE = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;

/** 'TT.MM.JJJJ' lines as ISO dates; the first line that is no real date is named. */
export function parseSwissDates(text: string): { dates: string[] } | { invalid: string } {
  const dates: string[] = [];
  for (const line of text.split(/[\n,;]/).map((part) => part.trim())) {
    if (line === '') continue;
    const match = SWISS_DATE.exec(line);
    const iso = match ? `${match[3]}-${match[2]!.padStart(2, '0')}-${match[1]!.padStart(2, '0')}` : '';
    const date = parseISO(iso);
    // 31.02. parses to a March day: compare back to refuse it.
    if (!match || !isValid(date) || date.getDate() !== Number(match[1])) return { invalid: line };
    dates.push(iso);
  }
  return { dates };
}

export type RepeatResult =
  { ok: true; rule: RecurrenceRule; dates: string[]; text: string } | { ok: false; error: string };

/** The rule, its dates and its words, or the first problem in German. */
export function repeatToRule(state: RepeatState, startDate: string): RepeatResult {
  const exceptions = parseSwissDates(state.exceptions);
  if ('invalid' in exceptions) {
    return { ok: false, error: `«${exceptions.invalid}» ist kein Datum (TT.MM.JJJJ).` };
  }
  let rule: RecurrenceRule;
  if (state.kind === 'dates') {
    const dates = parseSwissDates(state.dates);
    if ('invalid' in dates) return { ok: false, error: `«${dates.invalid}» ist kein Datum (TT.MM.JJJJ).` };
    rule = { kind: 'dates', dates: dates.dates, exceptions: exceptions.dates };
  } else {
    if (!startDate) return { ok: false, error: 'Bitte geben Sie ein Startdatum ein.' };
    let end: { count: number } | { until: string };
    if (state.endKind === 'count') {
      const count = /^\d{1,3}$/.test(state.count.trim()) ? Number(state.count) : 0;
      if (count < 1 || count > MAX_OCCURRENCES) {
        return { ok: false, error: `Bitte geben Sie eine Anzahl von 1 bis ${MAX_OCCURRENCES} ein.` };
      }
      end = { count };
    } else {
      if (!state.until) return { ok: false, error: 'Bitte geben Sie das Enddatum der Serie ein.' };
      if (state.until < startDate) {
        return { ok: false, error: 'Das Enddatum der Serie liegt vor dem Startdatum.' };
      }
      end = { until: state.until };
    }
    if (state.kind === 'monthly') {
      rule = {
        kind: 'monthly',
        start: startDate,
        nth: state.nth,
        weekday: state.weekday,
        end,
        exceptions: exceptions.dates,
      };
    } else {
      if (state.weekdays.length === 0)
        return { ok: false, error: 'Bitte wählen Sie mindestens einen Wochentag.' };
      rule = {
        kind: 'weekly',
        start: startDate,
        weekdays: [...state.weekdays].sort(),
        interval: state.everySecondWeek ? 2 : 1,
        end,
        exceptions: exceptions.dates,
      };
    }
  }
  const dates = expandRule(rule);
  if (dates.length === 0) return { ok: false, error: 'Diese Regel ergibt keinen Termin.' };
  if (dates.length > MAX_OCCURRENCES) {
    return { ok: false, error: `Höchstens ${MAX_OCCURRENCES} Termine pro Serie.` };
  }
  return { ok: true, rule, dates, text: describeRule(rule) };
}

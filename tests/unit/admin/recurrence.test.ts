import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  describeRule,
  expandRule,
  MAX_OCCURRENCES,
  type RecurrenceRule,
} from '@/features/admin-events/lib/recurrence';

// The admin's series expansion (src/features/admin-events/lib/recurrence.ts), run in the
// provider's time zone: Node reads TZ when it changes, so the dates below cross real summer-time
// changes (2027-03-28 and 2027-10-31 in Europe/Zurich).

let previousTimeZone: string | undefined;
beforeAll(() => {
  previousTimeZone = process.env.TZ;
  process.env.TZ = 'Europe/Zurich';
});
afterAll(() => {
  if (previousTimeZone === undefined) delete process.env.TZ;
  else process.env.TZ = previousTimeZone;
});

describe('expandRule', () => {
  it('runs in Zurich time with a summer-time change inside the tested ranges', () => {
    // CET (UTC+1) in March before the change, CEST (UTC+2) after it.
    expect(new Date(2027, 2, 27).getTimezoneOffset()).toBe(-60);
    expect(new Date(2027, 2, 29).getTimezoneOffset()).toBe(-120);
  });

  it('monthly on the 2nd Thursday: 12 Stammtisch evenings', () => {
    const rule: RecurrenceRule = {
      kind: 'monthly',
      start: '2027-01-01',
      nth: 2,
      weekday: 4,
      end: { count: 12 },
      exceptions: [],
    };
    expect(expandRule(rule)).toEqual([
      '2027-01-14',
      '2027-02-11',
      '2027-03-11',
      '2027-04-08',
      '2027-05-13',
      '2027-06-10',
      '2027-07-08',
      '2027-08-12',
      '2027-09-09',
      '2027-10-14',
      '2027-11-11',
      '2027-12-09',
    ]);
    expect(describeRule(rule)).toBe('Jeden 2. Donnerstag im Monat, ab 01.01.2027, 12 Mal');
  });

  it("monthly on the last Friday until a date, skipping a start after this month's one", () => {
    const rule: RecurrenceRule = {
      kind: 'monthly',
      start: '2027-01-30',
      nth: -1,
      weekday: 5,
      end: { until: '2027-05-28' },
      exceptions: ['2027-04-30'],
    };
    // January's last Friday (29th) lies before the start; 28 May is the last day included.
    expect(expandRule(rule)).toEqual(['2027-02-26', '2027-03-26', '2027-05-28']);
    expect(describeRule(rule)).toBe(
      'Jeden letzten Freitag im Monat, ab 30.01.2027 bis 28.05.2027, ohne 30.04.2027',
    );
  });

  it('weekly on Sundays across both summer-time changes: one week apart, still Sundays', () => {
    const march = expandRule({
      kind: 'weekly',
      start: '2027-03-20',
      weekdays: [7],
      interval: 1,
      end: { count: 3 },
      exceptions: [],
    });
    expect(march).toEqual(['2027-03-21', '2027-03-28', '2027-04-04']);
    const october = expandRule({
      kind: 'weekly',
      start: '2027-10-24',
      weekdays: [7],
      interval: 1,
      end: { until: '2027-11-07' },
      exceptions: [],
    });
    expect(october).toEqual(['2027-10-24', '2027-10-31', '2027-11-07']);
  });

  it('weekly on Wednesday and Saturday every second week; a count includes exceptions (RFC 5545)', () => {
    const rule: RecurrenceRule = {
      kind: 'weekly',
      start: '2027-03-22',
      weekdays: [6, 3],
      interval: 2,
      end: { count: 6 },
      exceptions: ['2027-04-07'],
    };
    expect(expandRule(rule)).toEqual([
      '2027-03-24',
      '2027-03-27',
      // 2027-04-07 is the exception: counted, not created.
      '2027-04-10',
      '2027-04-21',
      '2027-04-24',
    ]);
    expect(describeRule(rule)).toBe(
      'Alle 2 Wochen am Mittwoch und Samstag, ab 22.03.2027, 6 Mal, ohne 07.04.2027',
    );
  });

  it('a list of dates: sorted, without repeats and exceptions', () => {
    const rule: RecurrenceRule = {
      kind: 'dates',
      dates: ['2027-06-05', '2027-03-28', '2027-06-05', '2027-10-31'],
      exceptions: ['2027-06-05'],
    };
    expect(expandRule(rule)).toEqual(['2027-03-28', '2027-10-31']);
    expect(describeRule(rule)).toBe('An 4 festgelegten Daten, ohne 05.06.2027');
  });

  it('stops one past the maximum so the form can refuse too many', () => {
    const daily: RecurrenceRule = {
      kind: 'weekly',
      start: '2027-01-01',
      weekdays: [1, 2, 3, 4, 5, 6, 7],
      interval: 1,
      end: { until: '2030-01-01' },
      exceptions: [],
    };
    expect(expandRule(daily)).toHaveLength(MAX_OCCURRENCES + 1);
    expect(expandRule({ ...daily, weekdays: [] })).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { zurichInstant, zurichIsoString, zurichOffsetMinutes, zurichWallClock } from '@common/zurich-time.ts';

// The time-zone database as the oracle: Node's Intl knows Europe/Zurich's history.
const zurich = new Intl.DateTimeFormat('en-US', {
  timeZone: 'Europe/Zurich',
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
});

function oracle(instant: Date) {
  const parts = Object.fromEntries(
    zurich.formatToParts(instant).map((part) => [part.type, Number(part.value)]),
  );
  return {
    year: parts.year,
    month: parts.month,
    day: parts.day,
    hours: parts.hour,
    minutes: parts.minute,
    seconds: parts.second,
  };
}

const HOUR = 3_600_000;

describe('Zurich clock time without Intl', () => {
  it('shows what the time-zone database shows on every day from 1996 to 2045', () => {
    // The clocks change at 01:00 UTC: a minute before, on the minute and later that day.
    const moments = [59 * 60_000, HOUR, HOUR + 60_000, 12 * HOUR + 17 * 60_000, 23 * HOUR + 30 * 60_000];
    const mismatches: string[] = [];
    for (let day = Date.UTC(1996, 0, 1); day < Date.UTC(2046, 0, 1); day += 24 * HOUR) {
      for (const moment of moments) {
        const instant = new Date(day + moment);
        if (JSON.stringify(zurichWallClock(instant)) !== JSON.stringify(oracle(instant)))
          mismatches.push(instant.toISOString());
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('turns a Zurich date and time back into the instant, also around both changes', () => {
    for (let time = Date.UTC(2024, 0, 1); time < Date.UTC(2028, 0, 1); time += HOUR / 2) {
      const instant = new Date(time);
      const clock = zurichWallClock(instant);
      const back = zurichInstant(clock.year, clock.month, clock.day, clock.hours, clock.minutes);
      // The autumn hour shown twice (summer time just ended): its first, summer-time moment is meant.
      const secondTime =
        zurichOffsetMinutes(instant) === 60 && zurichOffsetMinutes(new Date(time - HOUR)) === 120;
      expect(back.getTime(), instant.toISOString()).toBe(secondTime ? time - HOUR : time);
    }
  });

  it('reads a time the clocks skip in spring in winter time', () => {
    // 29 March 2026: 02:00 CET became 03:00 CEST; 02:30 does not exist on the clocks.
    expect(zurichInstant(2026, 3, 29, 2, 30).toISOString()).toBe('2026-03-29T01:30:00.000Z');
    expect(zurichInstant(2026, 3, 29, 3, 0).toISOString()).toBe('2026-03-29T01:00:00.000Z');
    // 25 October 2026: 02:30 is shown twice; the first, summer-time moment is meant.
    expect(zurichInstant(2026, 10, 25, 2, 30).toISOString()).toBe('2026-10-25T00:30:00.000Z');
  });

  it('writes ISO 8601 with the offset in force', () => {
    expect(zurichIsoString(zurichInstant(2026, 12, 11, 18, 30))).toBe('2026-12-11T18:30:00+01:00');
    expect(zurichIsoString(zurichInstant(2026, 7, 1, 9, 5))).toBe('2026-07-01T09:05:00+02:00');
  });
});

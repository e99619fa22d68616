import { describe, expect, it } from 'vitest';
import { calendarHref } from '@/features/booking/lib/calendar';
import { buildEventIcs } from '@/features/events/lib/ics';
import { site } from '@/lib/site';
import { bookingUid, escapeIcsText, foldLine } from '@common/ics.ts';
import { event } from './fixtures';

const options = {
  url: 'https://www.sinneswerk.ch/events/x',
  now: new Date('2026-01-10T08:00:00Z'),
};

function lines(ics: string): string[] {
  // Unfold continuation lines before looking at properties.
  return ics.replace(/\r\n /g, '').split('\r\n');
}

describe('buildEventIcs', () => {
  it('writes Zurich local times as UTC (winter, UTC+1)', () => {
    const ics = buildEventIcs(
      event({ startDate: '2026-03-05', endDate: '2026-03-05', startTime: '18:30', endTime: '21:00' }),
      options,
    )!;
    expect(lines(ics)).toEqual(
      expect.arrayContaining(['DTSTART:20260305T173000Z', 'DTEND:20260305T200000Z']),
    );
  });

  it('uses summer time (UTC+2)', () => {
    const ics = buildEventIcs(
      event({ startDate: '2026-07-02', endDate: null, startTime: '09:00', endTime: '11:30' }),
      options,
    )!;
    expect(lines(ics)).toEqual(
      expect.arrayContaining(['DTSTART:20260702T070000Z', 'DTEND:20260702T093000Z']),
    );
  });

  it('ends on the end date for multi-day events, also one past midnight', () => {
    const multiDay = buildEventIcs(
      event({ startDate: '2026-05-01', endDate: '2026-05-03', startTime: '10:00', endTime: '16:00' }),
      options,
    )!;
    expect(lines(multiDay)).toEqual(
      expect.arrayContaining(['DTSTART:20260501T080000Z', 'DTEND:20260503T140000Z']),
    );
    const night = buildEventIcs(
      event({ startDate: '2026-03-05', endDate: '2026-03-06', startTime: '22:00', endTime: '01:00' }),
      options,
    )!;
    expect(lines(night)).toEqual(
      expect.arrayContaining(['DTSTART:20260305T210000Z', 'DTEND:20260306T000000Z']),
    );
  });

  it('has no DTEND without an end time (the deadline and the JSON-LD know no end either)', () => {
    const ics = buildEventIcs(
      event({ startDate: '2026-03-05', endDate: null, startTime: '18:30', endTime: null }),
      options,
    )!;
    expect(lines(ics)).toContain('DTSTART:20260305T173000Z');
    expect(ics).not.toContain('DTEND');
  });

  it('is an all-day event without a start time', () => {
    const ics = buildEventIcs(
      event({ startDate: '2026-05-01', endDate: '2026-05-03', startTime: null, endTime: null }),
      options,
    )!;
    expect(lines(ics)).toEqual(
      expect.arrayContaining(['DTSTART;VALUE=DATE:20260501', 'DTEND;VALUE=DATE:20260504']),
    );
  });

  it('has CRLF line endings, escaped text and the required properties', () => {
    const ics = buildEventIcs(
      event({
        id: 'abc',
        title: 'Kochen; Essen, Trinken',
        location: 'Suhr',
        description: 'Zeile 1\nZeile 2 \\ Ende',
        subtitle: null,
        bringAlong: null,
      }),
      options,
    )!;
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/\n/);
    const all = lines(ics);
    expect(all[0]).toBe('BEGIN:VCALENDAR');
    expect(all).toEqual(
      expect.arrayContaining([
        'VERSION:2.0',
        `UID:abc@${new URL(site.url).hostname}`,
        'DTSTAMP:20260110T080000Z',
        'SUMMARY:Kochen\\; Essen\\, Trinken',
        'DESCRIPTION:Zeile 1\\nZeile 2 \\\\ Ende',
        'STATUS:CONFIRMED',
        'END:VEVENT',
      ]),
    );
  });

  it('marks cancelled events and returns null without a date', () => {
    expect(buildEventIcs(event({ isCancelled: true }), options)).toContain('STATUS:CANCELLED');
    expect(buildEventIcs(event({ startDate: null }), options)).toBeNull();
  });
});

describe('one calendar entry per booking', () => {
  it('the confirmation page names the entry by the booking reference, as the mail does (bookingUid)', () => {
    const href = calendarHref({
      reference: 'SW-7K3M',
      event: {
        title: 'Fondue-Abend',
        description: 'Käse',
        location: 'Suhr',
        start_date: '2026-12-10',
        end_date: null,
        start_time: '18:30',
        end_time: '22:00',
      },
    })!;
    const ics = decodeURIComponent(href.replace(/^data:text\/calendar;charset=utf-8,/, ''));
    // The confirmation mail's attachment uses the same bookingUid (Deno: shared-modules.test.ts).
    expect(lines(ics)).toContain(`UID:${bookingUid('SW-7K3M', site.url)}`);
    expect(bookingUid('SW-7K3M', site.url)).toBe(`SW-7K3M@${new URL(site.url).hostname}`);
  });
});

describe('ics text helpers', () => {
  it('escapes backslash, semicolon, comma and newlines', () => {
    expect(escapeIcsText('a\\b;c,d\r\ne')).toBe('a\\\\b\\;c\\,d\\ne');
  });

  it('folds long lines at 75 octets without splitting umlauts', () => {
    const line = `DESCRIPTION:${'ä'.repeat(100)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
    expect(parts.slice(1).every((part) => part.startsWith(' '))).toBe(true);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
  });
});

import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getPublishedEvent } from '@/features/events/api/get-event';
import { buildEventJsonLd } from '@/features/events/lib/event-json-ld';
import { buildEventIcs } from '@/features/events/lib/ics';
import { displayTime } from '@common/event-time.ts';
import { buildIcs } from '@common/ics.ts';
import { zurichWallClock } from '@common/zurich-time.ts';
import { sql } from '../support/stack';

// One event, four readers of its time (issue 23): the database's cancellation deadline
// (private.event_schedule), the event page (its time line, its .ics and its JSON-LD) and the
// confirmation mail's .ics (built from the mail payload the database queues). Before the times
// were columns, each read a free text with its own parser: '18:30 Uhr' gave a deadline from 18:30,
// a calendar entry of a default length and an all-day JSON-LD event.

vi.mock('@/lib/supabase', () => import('../support/stack-supabase'));

const options = { timeoutMs: 10_000, operation: 'Event laden' };
const pageUrl = 'https://www.sinneswerk.ch/events/x';

interface Case {
  name: string;
  startDate: string;
  endDate: string | null;
  startTime: string;
  endTime: string | null;
  /** The page's time line. */
  shown: string;
}

// A winter evening, a summer morning without an end, and two days past midnight.
const CASES: Case[] = [
  {
    name: 'Stammtisch',
    startDate: '2030-12-10',
    endDate: null,
    startTime: '18:30',
    endTime: '21:30',
    shown: '18:30–21:30 Uhr',
  },
  {
    name: 'Kochkurs',
    startDate: '2030-07-02',
    endDate: null,
    startTime: '10:00',
    endTime: null,
    shown: '10:00 Uhr',
  },
  {
    name: 'Nachtwanderung',
    startDate: '2030-03-30',
    endDate: '2030-03-31',
    startTime: '22:00',
    endTime: '03:30',
    shown: '22:00–03:30 Uhr',
  },
];

const eventIds: string[] = [];

beforeAll(async () => {
  for (const item of CASES) {
    const [row] = await sql<{ id: string }>(
      `insert into public.events (title, description, category, start_date, end_date, start_time, end_time,
                                  location, price, max_participants, status, payment_methods,
                                  cancellation_deadline_hours)
       values ($1, 'Zeitprobe', 'workshop', $2, $3, $4, $5, 'Suhr', 20, 10, 'published', '{onsite}', 48)
       returning id`,
      [`Zeitprobe ${item.name}`, item.startDate, item.endDate, item.startTime, item.endTime],
    );
    eventIds.push(row!.id);
  }
});

afterAll(async () => {
  await sql('delete from public.participants where event_id = any($1)', [eventIds]);
  await sql('delete from public.events where id = any($1)', [eventIds]);
});

/** DTSTART/DTEND of an .ics as instants (ISO, UTC); null for a missing DTEND. */
function icsTimes(ics: string | null): [string | null, string | null] {
  const stamp = (name: string) => {
    const match = new RegExp(`^${name}:(\\d{4})(\\d{2})(\\d{2})T(\\d{2})(\\d{2})(\\d{2})Z$`, 'm').exec(
      ics ?? '',
    );
    return match ? `${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${match[6]}.000Z` : null;
  };
  return [stamp('DTSTART'), stamp('DTEND')];
}

const iso = (value: string | Date | null | undefined) => (value ? new Date(value).toISOString() : null);

/** 'HH:MM' on Zurich's clocks at an instant. */
function zurichClock(value: string): string {
  const clock = zurichWallClock(new Date(value));
  return `${String(clock.hours).padStart(2, '0')}:${String(clock.minutes).padStart(2, '0')}`;
}

describe('the same start and end in the database, on the page, in its .ics and JSON-LD, and in the mail', () => {
  it.each(CASES.map((item, index) => [item.name, index] as const))('%s', async (_name, index) => {
    const item = CASES[index]!;
    const id = eventIds[index]!;

    // The database: start, end and the free-cancellation deadline 48 hours before the start.
    const [schedule] = await sql<{ starts_at: Date; ends_at: Date | null; cancellation_deadline: Date }>(
      `select (private.event_schedule(e)).* from public.events e where e.id = $1`,
      [id],
    );
    const start = iso(schedule!.starts_at)!;
    const end = iso(schedule!.ends_at);
    expect(new Date(start).getTime() - schedule!.cancellation_deadline.getTime()).toBe(48 * 3600 * 1000);
    expect(zurichClock(start)).toBe(item.startTime);
    expect(end ? zurichClock(end) : null).toBe(item.endTime);

    // The page, as a visitor loads it: its time line, its .ics, its JSON-LD.
    const event = await getPublishedEvent({ by: 'id', id }, options);
    expect(event).not.toBeNull();
    expect(displayTime(event!.startTime, event!.endTime)).toBe(item.shown);
    expect(icsTimes(buildEventIcs(event!, { url: pageUrl }))).toEqual([start, end]);
    const jsonLd = buildEventJsonLd(event!, {
      pageUrl,
      imageUrl: null,
      organizer: { name: 'Sinneswerk', url: 'https://www.sinneswerk.ch' },
    });
    expect([iso(jsonLd?.startDate as string), iso(jsonLd?.endDate as string | undefined)]).toEqual([
      start,
      end,
    ]);

    // The confirmation mail's .ics, from the payload the database queues for a booking.
    const [participant] = await sql<{ id: string }>(
      `insert into public.participants (event_id, name, email, phone, payment_method)
       values ($1, 'Zeit Probe', 'zeit@example.ch', '+41791234567', 'onsite') returning id`,
      [id],
    );
    const [payload] = await sql<{
      event: { startDate: string; endDate: string | null; startTime: string | null; endTime: string | null };
    }>(`select private.booking_mail_payload($1) -> 'event' as event`, [participant!.id]);
    const mailIcs = buildIcs({ uid: 'x@y', title: 't', description: '', location: '', ...payload!.event });
    expect(icsTimes(mailIcs)).toEqual([start, end]);
  });
});

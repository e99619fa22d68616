import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { connect, removeEvents } from './support/db';
import { daysFromToday } from './support/fixtures';

// Two schedules at once (Supabase Cron and a manual run, or an overlapping slow run) still queue
// exactly one reminder per booking. Each run is its own committed transaction on its own
// connection, all started together; the data is committed, so the test removes it afterwards.
// The event lies far ahead so that no other test's committed event is "tomorrow" for these runs.

const DAYS_AHEAD = 400;
const RUNS = 4;
const BOOKINGS = 5;

describe('event reminders under concurrency', () => {
  let admin: pg.Client;
  let eventId: string;

  beforeAll(async () => {
    admin = await connect();
    const { rows } = await admin.query<{ id: string }>(
      `insert into public.events (title, status, start_date, payment_methods)
       values ('Erinnerung unter Last', 'published', ${daysFromToday(DAYS_AHEAD)}, array['onsite']) returning id`,
    );
    eventId = rows[0]!.id;
    for (let index = 0; index < BOOKINGS; index += 1) {
      await admin.query(
        `insert into public.participants (event_id, name, email, phone, payment_method)
         values ($1, 'Rita Reminder', $2, '+41 79 123 45 67', 'onsite')`,
        [eventId, `reminder-${index}@example.ch`],
      );
    }
  });

  afterAll(async () => {
    await admin.query(
      `delete from public.mail_outbox where kind = 'event_reminder' and payload #>> '{reminder,eventId}' = $1`,
      [eventId],
    );
    await removeEvents(admin, [eventId]);
    await admin.end();
  });

  it(`${RUNS} runs at once queue one reminder per booking`, async () => {
    const clients = await Promise.all(Array.from({ length: RUNS }, () => connect()));
    try {
      const runs = await Promise.all(
        clients.map(async (client) => {
          await client.query('begin');
          await client.query('set local role service_role');
          const { rows } = await client.query<{ count: number }>(
            `select public.send_event_reminders(
               ((${daysFromToday(DAYS_AHEAD - 1)} + time '18:30') at time zone 'Europe/Zurich')) as count`,
          );
          await client.query('commit');
          return rows[0]!.count;
        }),
      );
      expect(runs.reduce((sum, count) => sum + count, 0)).toBe(BOOKINGS);
      const { rows } = await admin.query<{ participant_id: string; count: number }>(
        `select participant_id, count(*)::int as count from public.mail_outbox
         where kind = 'event_reminder' and payload #>> '{reminder,eventId}' = $1 group by 1`,
        [eventId],
      );
      expect(rows).toHaveLength(BOOKINGS);
      expect(rows.every((row) => row.count === 1)).toBe(true);
    } finally {
      await Promise.all(clients.map((client) => client.query('rollback').catch(() => undefined)));
      await Promise.all(clients.map((client) => client.end()));
    }
  });
});

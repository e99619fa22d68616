import { createHash } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { anon, connect, inRolledBackTransaction, removeEvents, service, type Session } from './support/db';
import { daysFromToday, eventById, guestName, insertEvent } from './support/fixtures';

// The visitor's own booking through its manage link (supabase/schemas/20_bookings.sql): the view, the
// cancellation deadline, cancel and reduce with the seats back in the same transaction.

interface Receipt {
  participant_id: string;
  reference: string;
  manage_token: string;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

async function book(db: Session, eventId: string, persons: number, email = 'selbst@example.ch') {
  const outcome = await db.as<{ result: Receipt }>(
    service,
    'select public.register_for_event($1, $2, $3, $4, $5, $6, $7, $8) as result',
    [eventId, 'Sina Selbst', email, '+41 79 123 45 67', 'onsite', '', null, persons],
  );
  expect(outcome.error).toBeNull();
  return outcome.rows[0]!.result;
}

async function view(db: Session, reference: string, token: string) {
  const outcome = await db.as<{ view: Record<string, unknown> | null }>(
    anon,
    'select public.booking_by_token($1, $2) as view',
    [reference, token],
  );
  expect(outcome.error).toBeNull();
  return outcome.rows[0]!.view;
}

async function change(db: Session, reference: string, token: string, persons: number | null) {
  return db.as<{ result: { kind: string; persons: number } }>(
    anon,
    'select public.change_booking($1, $2, $3) as result',
    [reference, token, persons],
  );
}

describe('booking_by_token', () => {
  it('shows the booking to the holder of its manage link, and nothing to anyone else', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, {
        title: 'Fondue-Abend',
        start_time: '18:30',
        end_time: '22:00',
        price: 45,
      });
      const receipt = await book(db, event.id, 2);
      expect(await view(db, receipt.reference, receipt.manage_token)).toMatchObject({
        status: 'valid',
        reference: receipt.reference,
        persons: 2,
        payment_method: 'onsite',
        state: 'pending',
        amount_cents: 9000,
        event: {
          title: 'Fondue-Abend',
          start_time: '18:30',
          end_time: '22:00',
          cancellation_deadline_hours: 48,
        },
        can_change: true,
      });
      expect(await view(db, receipt.reference, 'a'.repeat(64))).toBeNull();
      expect(await view(db, 'SW-2222', receipt.manage_token)).toBeNull();
    }));

  it('says when a right token has expired, without showing the booking', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db);
      const receipt = await book(db, event.id, 1);
      await db.query(
        `update public.manage_tokens set expires_at = now() - interval '1 minute' where token_hash = $1`,
        [sha256(receipt.manage_token)],
      );
      expect(await view(db, receipt.reference, receipt.manage_token)).toEqual({ status: 'expired' });
      expect((await change(db, receipt.reference, receipt.manage_token, 0)).error).toMatchObject({
        message: 'TOKEN_EXPIRED',
      });
    }));

  it('computes the deadline from the start in Zurich time, the event setting in hours', () =>
    inRolledBackTransaction(async (db) => {
      // private.event_schedule: start and end from the date and time columns, in Zurich time.
      const schedule = (columns: string) =>
        db.query<{ starts_at: string; ends_at: string | null; cancellation_deadline: string }>(
          `select (s).* from (select private.event_schedule(e) as s
             from (select (jsonb_populate_record(null::public.events,
               '{"cancellation_deadline_hours": 48}'::jsonb || $1::jsonb)).*) e) x`,
          [columns],
        );
      const iso = (value: string | null) => (value === null ? null : new Date(value).toISOString());
      const [winter] = await schedule(
        '{"start_date": "2026-12-10", "start_time": "18:30", "end_time": "22:00"}',
      );
      expect([iso(winter!.starts_at), iso(winter!.ends_at), iso(winter!.cancellation_deadline)]).toEqual([
        '2026-12-10T17:30:00.000Z',
        '2026-12-10T21:00:00.000Z',
        '2026-12-08T17:30:00.000Z',
      ]);
      const [summer] = await schedule('{"start_date": "2026-07-01", "start_time": "09:15"}');
      expect([iso(summer!.starts_at), iso(summer!.ends_at)]).toEqual(['2026-07-01T07:15:00.000Z', null]);
      const [none] = await schedule('{"start_date": "2026-07-01"}');
      expect(iso(none!.starts_at)).toBe('2026-06-30T22:00:00.000Z');
      const [twoDays] = await schedule(
        '{"start_date": "2026-12-10", "end_date": "2026-12-11", "start_time": "22:00", "end_time": "01:00"}',
      );
      expect(iso(twoDays!.ends_at)).toBe('2026-12-11T00:00:00.000Z');
      const event = await insertEvent(db, { start_time: '18:30', startInDays: 10 });
      await db.query('update public.events set cancellation_deadline_hours = 72 where id = $1', [event.id]);
      const [deadline] = await db.query<{ gap: number }>(
        `select extract(epoch from (private.event_schedule(e)).starts_at - private.cancellation_deadline(e))::integer / 3600 as gap
         from public.events e where e.id = $1`,
        [event.id],
      );
      expect(deadline!.gap).toBe(72);
    }));
});

describe('change_booking', () => {
  it('cancels: the seats return at once, the change is recorded, two mails are queued', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, { max_participants: 10 });
      const receipt = await book(db, event.id, 3);
      expect((await eventById(db, event.id)).current_participants).toBe(3);
      const outcome = await change(db, receipt.reference, receipt.manage_token, 0);
      expect(outcome.error).toBeNull();
      expect(outcome.rows[0]!.result).toEqual({ kind: 'cancelled', persons: 0, kept_cents: 0 });
      expect((await eventById(db, event.id)).current_participants).toBe(0);
      const [participant] = await db.query<{ status: string; persons: number }>(
        'select status, persons from public.participants where id = $1',
        [receipt.participant_id],
      );
      expect(participant).toEqual({ status: 'cancelled', persons: 3 });
      expect(
        await db.query(
          'select kind, persons_before, persons_after from public.booking_changes where participant_id = $1',
          [receipt.participant_id],
        ),
      ).toEqual([{ kind: 'cancelled', persons_before: 3, persons_after: 0 }]);
      const mails = await db.query<{ kind: string; recipient: string | null; payload: { change: unknown } }>(
        `select kind, recipient, payload from public.mail_outbox
         where participant_id = $1 and kind like 'booking_change%' order by kind`,
        [receipt.participant_id],
      );
      expect(mails.map((mail) => [mail.kind, mail.recipient])).toEqual([
        ['booking_change', 'selbst@example.ch'],
        ['booking_change_notice', null],
      ]);
      expect(mails[0]!.payload.change).toEqual({
        keptCents: 0,
        kind: 'cancelled',
        personsBefore: 3,
        personsAfter: 0,
      });
      expect(await view(db, receipt.reference, receipt.manage_token)).toMatchObject({
        state: 'cancelled',
        can_change: false,
      });
      expect((await change(db, receipt.reference, receipt.manage_token, 0)).error).toMatchObject({
        message: 'BOOKING_CANCELLED',
      });
    }));

  it('reduces persons (never increases), and the freed seats are bookable again', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, { max_participants: 4 });
      const receipt = await book(db, event.id, 4);
      for (const persons of [4, 5, -1, null]) {
        expect((await change(db, receipt.reference, receipt.manage_token, persons)).error).toMatchObject({
          message: 'INVALID_INPUT',
          detail: 'persons',
        });
      }
      const outcome = await change(db, receipt.reference, receipt.manage_token, 1);
      expect(outcome.rows[0]!.result).toEqual({ kind: 'reduced', persons: 1, kept_cents: 0 });
      expect((await eventById(db, event.id)).current_participants).toBe(1);
      await book(db, event.id, 3, 'nachruecker@example.ch');
      expect((await eventById(db, event.id)).current_participants).toBe(4);
    }));

  it('refuses after the deadline, for a cancelled event and for a wrong token', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, { startInDays: 1, start_time: '23:59' });
      const receipt = await book(db, event.id, 2);
      // Tomorrow 23:59 is less than 48 hours away; 24 hours before it is still ahead.
      const late = await change(db, receipt.reference, receipt.manage_token, 0);
      expect(late.error).toMatchObject({ message: 'DEADLINE_PASSED' });
      expect(late.error?.detail).toBeTruthy();
      expect(await view(db, receipt.reference, receipt.manage_token)).toMatchObject({ can_change: false });
      await db.query('update public.events set cancellation_deadline_hours = 0 where id = $1', [event.id]);
      expect(await view(db, receipt.reference, receipt.manage_token)).toMatchObject({ can_change: true });
      await db.query('update public.events set is_cancelled = true where id = $1', [event.id]);
      expect((await change(db, receipt.reference, receipt.manage_token, 0)).error).toMatchObject({
        message: 'EVENT_CANCELLED',
      });
      expect((await change(db, receipt.reference, 'b'.repeat(64), 0)).error).toMatchObject({
        message: 'TOKEN_INVALID',
      });
      expect((await eventById(db, event.id)).current_participants).toBe(2);
    }));

  it('works with any token minted for the booking (a reminder mail’s, for example)', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db);
      const receipt = await book(db, event.id, 2);
      const [minted] = await db.query<{ token: string }>('select private.mint_manage_token($1) as token', [
        receipt.participant_id,
      ]);
      expect((await change(db, receipt.reference, minted!.token, 1)).error).toBeNull();
    }));
});

// Real concurrency: committed transactions on their own connections.
describe('change_booking under concurrency', () => {
  const events: string[] = [];
  afterAll(async () => {
    const client = await connect();
    try {
      await removeEvents(client, events);
    } finally {
      await client.end();
    }
  });

  // The visitor's change comes as anon (the manage page); bookings as the service role (the
  // register-for-event edge function).
  async function asRole<T extends pg.QueryResultRow>(
    role: 'anon' | 'service_role',
    client: pg.Client,
    sql: string,
    params: unknown[],
  ) {
    try {
      await client.query('begin');
      await client.query(`set local role ${role}`);
      const { rows } = await client.query<T>(sql, params);
      await client.query('commit');
      return { rows, error: null as string | null };
    } catch (error) {
      await client.query('rollback');
      return { rows: [] as T[], error: (error as Error).message };
    }
  }

  it('a cancel racing bookings and a second cancel keeps the count exact', async () => {
    const clients = await Promise.all(Array.from({ length: 10 }, () => connect()));
    try {
      const setup = clients[0]!;
      const { rows } = await setup.query<{ id: string }>(
        `insert into public.events (title, status, start_date, max_participants, payment_methods)
         values ('Wettlauf', 'published', ${daysFromToday(30)}, 5, array['onsite']) returning id`,
      );
      const eventId = rows[0]!.id;
      events.push(eventId);
      const booked = await setup.query<{ result: Receipt }>(
        `select public.register_for_event($1, 'Erste', 'erste@example.ch', '+41 79 123 45 67', 'onsite', '', null, 4) as result`,
        [eventId],
      );
      const first = booked.rows[0]!.result;
      // Two cancels of the same booking, and eight visitors wanting 1 person each (1 seat is free).
      const cancels = clients
        .slice(0, 2)
        .map((client) =>
          asRole('anon', client, 'select public.change_booking($1, $2, 0) as result', [
            first.reference,
            first.manage_token,
          ]),
        );
      const bookings = clients
        .slice(2)
        .map((client, index) =>
          asRole(
            'service_role',
            client,
            `select public.register_for_event($1, $2, $3, '+41 79 123 45 67', 'onsite', '', null, 1) as result`,
            [eventId, guestName(index), `gast${index}@example.ch`],
          ),
        );
      const settled = await Promise.all([...cancels, ...bookings]);
      const cancelled = settled.slice(0, 2);
      expect(cancelled.filter((outcome) => outcome.error === null)).toHaveLength(1);
      expect(cancelled.filter((outcome) => outcome.error === 'BOOKING_CANCELLED')).toHaveLength(1);
      for (const outcome of settled.slice(2)) {
        expect([null, 'EVENT_SOLD_OUT', 'NOT_ENOUGH_SEATS']).toContain(outcome.error);
      }
      const [counts] = (
        await setup.query<{ counted: number; held: number; changes: number }>(
          `select e.current_participants as counted,
                  (select coalesce(sum(p.persons), 0)::integer from public.participants p
                    where p.event_id = e.id and p.status in ('held', 'confirmed')) as held,
                  (select count(*)::integer from public.booking_changes c where c.participant_id = $2) as changes
           from public.events e where e.id = $1`,
          [eventId, first.participant_id],
        )
      ).rows;
      expect(counts!.counted).toBe(counts!.held);
      expect(counts!.held).toBeLessThanOrEqual(5);
      expect(counts!.changes).toBe(1);
    } finally {
      await Promise.all(clients.map((client) => client.end()));
    }
  });
});

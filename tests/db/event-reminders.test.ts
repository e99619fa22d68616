import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { anon, inRolledBackTransaction, service, type Session } from './support/db';
import { insertEvent, insertParticipant } from './support/fixtures';

// The reminder the day before an event (supabase/schemas/50_outbox_and_mail_payloads.sql): public.send_event_reminders,
// run by Supabase Cron every five minutes, queues one mail per booking once it is 18:00 in Zurich.

/** Today (plus `days`) in Zurich at hh:mm, as a timestamptz (what the schedule's now() would be). */
const zurichAt = (time: string, days = 0) =>
  `(((now() at time zone 'Europe/Zurich')::date + ${Number(days)} + time '${time}') at time zone 'Europe/Zurich')`;

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

async function sendReminders(db: Session, time = '18:00', days = 0): Promise<number> {
  const outcome = await db.as<{ count: number }>(
    service,
    `select public.send_event_reminders(${zurichAt(time, days)}) as count`,
  );
  expect(outcome.error).toBeNull();
  return outcome.rows[0]!.count;
}

interface ReminderRow {
  recipient: string;
  participant_id: string;
  payload: {
    participant: { reference: string; persons: number };
    event: {
      title: string;
      startDate: string;
      startTime: string | null;
      endTime: string | null;
      location: string;
      bringAlong: string | null;
    };
    reminder: { eventId: string; startDate: string };
    manageToken: string;
  };
}

async function reminders(db: Session, eventId: string): Promise<ReminderRow[]> {
  return db.query<ReminderRow>(
    `select recipient, participant_id, payload from public.mail_outbox
     where kind = 'event_reminder' and payload #>> '{reminder,eventId}' = $1 order by recipient`,
    [eventId],
  );
}

describe('event reminders', () => {
  it('queues one reminder per booking, however often the schedule runs', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, {
        startInDays: 1,
        start_time: '18:30',
        end_time: '22:00',
        location: 'Fonduehüsli, Suhr',
        bring_along: 'Warme Kleider',
      });
      const anna = await insertParticipant(db, event.id, { email: 'anna@example.ch', persons: 2 });
      const ben = await insertParticipant(db, event.id, { email: 'ben@example.ch', paid: true });

      expect(await sendReminders(db, '18:05')).toBe(2);
      expect(await sendReminders(db, '18:10')).toBe(0);
      expect(await sendReminders(db, '23:55')).toBe(0);

      const rows = await reminders(db, event.id);
      expect(rows.map((row) => [row.recipient, row.participant_id])).toEqual([
        ['anna@example.ch', anna.id],
        ['ben@example.ch', ben.id],
      ]);
      const [first] = rows;
      expect(first!.payload.participant).toMatchObject({ reference: anna.reference, persons: 2 });
      expect(first!.payload.event).toMatchObject({
        title: event.title,
        startDate: event.start_date,
        startTime: '18:30',
        endTime: '22:00',
        location: 'Fonduehüsli, Suhr',
        bringAlong: 'Warme Kleider',
      });
      // The manage link's token is a real one for this booking (only its hash is stored).
      const [token] = await db.query<{ participant_id: string }>(
        'select participant_id from public.manage_tokens where token_hash = $1',
        [sha256(first!.payload.manageToken)],
      );
      expect(token?.participant_id).toBe(anna.id);
    }));

  it('waits for 18:00 in Zurich', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, { startInDays: 1 });
      await insertParticipant(db, event.id);
      expect(await sendReminders(db, '17:59')).toBe(0);
      expect(await reminders(db, event.id)).toHaveLength(0);
      expect(await sendReminders(db, '18:00')).toBe(1);
    }));

  it('skips cancelled bookings, cancelled or unpublished events and events on other days', () =>
    inRolledBackTransaction(async (db) => {
      const tomorrow = await insertEvent(db, { startInDays: 1 });
      await insertParticipant(db, tomorrow.id, {
        email: 'storniert@example.ch',
        status: 'cancelled',
      });
      await insertParticipant(db, tomorrow.id, {
        email: 'erstattet@example.ch',
        status: 'cancelled',
        paid: true,
      });
      const cancelled = await insertEvent(db, { startInDays: 1, is_cancelled: true });
      await insertParticipant(db, cancelled.id);
      const draft = await insertEvent(db, { startInDays: 1, status: 'draft' });
      await insertParticipant(db, draft.id);
      const later = await insertEvent(db, { startInDays: 2 });
      await insertParticipant(db, later.id);
      const today = await insertEvent(db, { startInDays: 0 });
      await insertParticipant(db, today.id);

      expect(await sendReminders(db, '19:00')).toBe(0);
      const [queued] = await db.query<{ count: number }>(
        `select count(*)::int as count from public.mail_outbox where kind = 'event_reminder'
         and payload #>> '{reminder,eventId}' = any ($1)`,
        [[tomorrow.id, cancelled.id, draft.id, later.id, today.id]],
      );
      expect(queued?.count).toBe(0);
    }));

  it('an event moved to another date reminds again the evening before the new date', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, { startInDays: 1 });
      await insertParticipant(db, event.id);
      expect(await sendReminders(db)).toBe(1);
      await db.query('update public.events set start_date = start_date + 1 where id = $1', [event.id]);
      expect(await sendReminders(db, '20:00')).toBe(0);
      expect(await sendReminders(db, '18:00', 1)).toBe(1);
      expect(await sendReminders(db, '18:30', 1)).toBe(0);
      const rows = await reminders(db, event.id);
      expect(rows.map((row) => row.payload.reminder.startDate)).toHaveLength(2);
      expect(new Set(rows.map((row) => row.payload.reminder.startDate)).size).toBe(2);
    }));

  it('the database refuses a second reminder for the same booking and date', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, { startInDays: 1 });
      await insertParticipant(db, event.id);
      await sendReminders(db);
      const copy = await db.as(
        service,
        `insert into public.mail_outbox (kind, recipient, payload, participant_id)
         select kind, recipient, payload, participant_id from public.mail_outbox
         where kind = 'event_reminder' and payload #>> '{reminder,eventId}' = $1`,
        [event.id],
      );
      expect(copy.error).toMatchObject({ code: '23505', constraint: 'mail_outbox_one_reminder_idx' });
    }));

  it('only the service role (and the schedule) may run it', () =>
    inRolledBackTransaction(async (db) => {
      const user = await db.createUser();
      const admin = await db.createUser({ admin: true });
      for (const actor of [anon, user, admin]) {
        const outcome = await db.as(actor, 'select public.send_event_reminders()');
        expect(outcome.error?.code).toBe('42501');
      }
    }));

  it('is scheduled every five minutes (Supabase Cron; locally the stack emulates it)', () =>
    inRolledBackTransaction(async (db) => {
      const jobs = await db.query<{ schedule: string; command: string }>(
        `select schedule, command from cron.job where jobname = 'send-event-reminders'`,
      );
      expect(jobs).toEqual([{ schedule: '*/5 * * * *', command: 'select public.send_event_reminders()' }]);
    }));
});

import { afterEach, describe, expect, it } from 'vitest';
import { anon, inRolledBackTransaction, service, type Session } from './support/db';
import { insertEvent } from './support/fixtures';
import { shiftClock, stackEnv } from '../support/stack';

// Reminders for unpaid invoices (supabase/schemas/86_invoice_reminders.sql): the daily job reads
// private.now(), so these tests move the stack's clock (shiftClock) and put it back. The job
// works on every booking of the database, and other test files commit theirs: the tests judge
// their own bookings (mails, status, seats), never the job's totals.

const PAYMENT_DAYS = 10;

async function setup(db: Session, { startInDays = 40 } = {}) {
  await db.query('delete from public.invoice_creditor');
  await db.query(
    `insert into public.invoice_creditor (name, street, postal_code, city, iban, payment_days)
     values ('Sinneswerk GmbH', 'Dorfstrasse', '5034', 'Suhr', 'CH4431999123000889012', $1)`,
    [PAYMENT_DAYS],
  );
  return insertEvent(db, { price: 45, startInDays, payment_methods: ['onsite', 'invoice'] });
}

async function bookByInvoice(db: Session, eventId: string, email: string) {
  const outcome = await db.as<{ result: { participant_id: string } }>(
    service,
    `select public.register_for_event($1, 'Rita Rechnung', $2, '+41 79 123 45 67', 'invoice', '', null, 1) as result`,
    [eventId, email],
  );
  if (outcome.error) throw outcome.error;
  return outcome.rows[0]!.result.participant_id;
}

async function runJob(db: Session): Promise<{ reminded: number; released: number }> {
  const [row] = await db.query<{ result: { reminded: number; released: number } }>(
    'select private.send_invoice_reminders() as result',
  );
  return row!.result;
}

async function mails(db: Session, participantId: string, kind: string) {
  return db.query<{ payload: Record<string, unknown> }>(
    'select payload from public.mail_outbox where participant_id = $1 and kind = $2',
    [participantId, kind],
  );
}

async function setRule(db: Session, reminderDays: number, releaseDays: number | null) {
  await db.query(`update public.settings set value = $1 where key = 'invoice_reminders'`, [
    JSON.stringify({ reminder_days: reminderDays, release_days_before_event: releaseDays }),
  ]);
}

afterEach(async () => {
  await shiftClock(null);
});

describe('the payment reminder of an unpaid invoice', () => {
  it('goes once, 3 days after the due date, with the same QR bill; not after payment or cancellation', () =>
    inRolledBackTransaction(async (db) => {
      const admin = await db.createUser({ admin: true });
      const event = await setup(db);
      await setRule(db, 3, null);
      const unpaid = await bookByInvoice(db, event.id, 'unbezahlt@example.ch');
      const paid = await bookByInvoice(db, event.id, 'bezahlt@example.ch');
      const cancelled = await bookByInvoice(db, event.id, 'storniert@example.ch');
      const [confirmation] = await mails(db, unpaid, 'participant_confirmation');
      const bill = confirmation!.payload.invoice as { reference: string; dueDate: string };

      // Due date + 2 days: too early.
      await shiftClock(`${PAYMENT_DAYS + 2} days`);
      await runJob(db);
      expect(await mails(db, unpaid, 'invoice_reminder')).toHaveLength(0);

      const pay = await db.as(admin, `select public.admin_record_payment($1, 4500, 'invoice')`, [paid]);
      expect(pay.error).toBeNull();
      const cancel = await db.as(admin, 'select public.admin_cancel_booking($1)', [cancelled]);
      expect(cancel.error).toBeNull();

      // Due date + 3 days: the unpaid one only.
      await shiftClock(`${PAYMENT_DAYS + 3} days`);
      expect((await runJob(db)).reminded).toBeGreaterThanOrEqual(1);
      const reminders = await mails(db, unpaid, 'invoice_reminder');
      expect(reminders).toHaveLength(1);
      const [reminder] = reminders;
      expect(reminder!.payload).toMatchObject({
        reminder: { dueDate: bill.dueDate, openCents: 4500 },
        invoice: { reference: bill.reference, dueDate: bill.dueDate, amountCents: 4500 },
      });
      expect(await mails(db, paid, 'invoice_reminder')).toHaveLength(0);
      expect(await mails(db, cancelled, 'invoice_reminder')).toHaveLength(0);
      const history = await db.query<{ action: string; actor: string }>(
        `select action, actor from public.booking_history where participant_id = $1 and action = 'invoice_reminded'`,
        [unpaid],
      );
      expect(history).toEqual([{ action: 'invoice_reminded', actor: 'system' }]);

      // Never twice, also days later.
      await shiftClock(`${PAYMENT_DAYS + 5} days`);
      await runJob(db);
      expect(await mails(db, unpaid, 'invoice_reminder')).toHaveLength(1);
    }));

  it("shows 'Mahnung fällig' to the admin once as many days have passed again, until it is paid", () =>
    inRolledBackTransaction(async (db) => {
      const admin = await db.createUser({ admin: true });
      const event = await setup(db);
      await setRule(db, 3, null);
      const unpaid = await bookByInvoice(db, event.id, 'mahnung@example.ch');
      const overdue = async () => {
        const outcome = await db.as<{ participant_id: string; open_cents: number }>(
          admin,
          'select * from public.admin_overdue_invoices()',
        );
        expect(outcome.error).toBeNull();
        return outcome.rows.filter((row) => row.participant_id === unpaid);
      };
      await shiftClock(`${PAYMENT_DAYS + 3} days`);
      await runJob(db);
      expect(await overdue()).toEqual([]);
      await shiftClock(`${PAYMENT_DAYS + 6} days`);
      expect(await overdue()).toMatchObject([{ open_cents: 4500 }]);
      await db.as(admin, `select public.admin_record_payment($1, 4500, 'invoice')`, [unpaid]);
      expect(await overdue()).toEqual([]);

      for (const actor of [anon, await db.createUser()]) {
        const refused = await db.as(actor, 'select * from public.admin_overdue_invoices()');
        expect(refused.error?.code).toBe('42501');
      }
    }));
});

describe('releasing the seats of an invoice still unpaid before the event', () => {
  it('is off by default', () =>
    inRolledBackTransaction(async (db) => {
      const event = await setup(db, { startInDays: 14 });
      const unpaid = await bookByInvoice(db, event.id, 'bleibt@example.ch');
      await shiftClock('12 days');
      await runJob(db);
      const [row] = await db.query<{ status: string }>(
        'select status from public.participants where id = $1',
        [unpaid],
      );
      expect(row!.status).toBe('confirmed');
    }));

  it('when switched on: frees the seats of wholly unpaid invoices past due, mails the visitor; a part payment stays', () =>
    inRolledBackTransaction(async (db) => {
      const admin = await db.createUser({ admin: true });
      const event = await setup(db, { startInDays: 14 });
      await setRule(db, 3, 3);
      const unpaid = await bookByInvoice(db, event.id, 'frei@example.ch');
      const partly = await bookByInvoice(db, event.id, 'teil@example.ch');
      await db.as(admin, `select public.admin_record_payment($1, 2000, 'invoice')`, [partly]);
      const seats = async () =>
        (
          await db.query<{ n: number }>('select current_participants as n from public.events where id = $1', [
            event.id,
          ])
        )[0]!.n;
      expect(await seats()).toBe(2);

      // 4 days before the event (due date passed): not yet.
      await shiftClock('10 days');
      await runJob(db);
      expect(await seats()).toBe(2);
      // 3 days before: released.
      await shiftClock('11 days');
      expect((await runJob(db)).released).toBeGreaterThanOrEqual(1);
      expect(await seats()).toBe(1);
      const [row] = await db.query<{ status: string }>(
        'select status from public.participants where id = $1',
        [unpaid],
      );
      expect(row!.status).toBe('cancelled');
      const [mail] = await mails(db, unpaid, 'booking_cancelled');
      expect(mail!.payload).toMatchObject({ cancel: { by: 'staff', refundCents: 0 } });
      expect((mail!.payload.cancel as { note: string }).note).toMatch(/nicht bezahlt.*freigegeben/);
      const history = await db.query<{ action: string; actor: string; status_after: string }>(
        `select action, actor, status_after from public.booking_history where participant_id = $1 and action = 'invoice_released'`,
        [unpaid],
      );
      expect(history).toEqual([{ action: 'invoice_released', actor: 'system', status_after: 'cancelled' }]);
      // No reminder for a booking that holds no seats any more.
      await shiftClock('13 days');
      await runJob(db);
      expect(await mails(db, unpaid, 'invoice_reminder')).toHaveLength(0);
      // Released once: the next run changes nothing of this event.
      await runJob(db);
      expect(await mails(db, unpaid, 'booking_cancelled')).toHaveLength(1);
      expect(await seats()).toBe(1);
    }));
});

describe('the job', () => {
  it('runs daily as Supabase Cron job send-invoice-reminders', async () => {
    const run = await fetch(`${stackEnv().apiUrl}/__stack/cron/run`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${stackEnv().serviceRoleKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ job: 'send-invoice-reminders' }),
    });
    expect(run.status).toBe(200);
    expect(await run.json()).toMatchObject({ status: 'succeeded' });
  });
});

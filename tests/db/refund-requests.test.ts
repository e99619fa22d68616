import { describe, expect, it } from 'vitest';
import { anon, inRolledBackTransaction, service, type Session } from './support/db';
import { insertEvent, insertPayment } from './support/fixtures';

// What a visitor's own cancellation or reduction does to the money (supabase/schemas/40_payments_and_refunds.sql):
// one refund request per change, with the amount computed in SQL; the worker's claim and
// record; the admin's bank-transfer refunds.

interface Receipt {
  participant_id: string;
  reference: string;
  manage_token: string;
}

interface Request {
  id: string;
  kind: string;
  amount_cents: number | null;
  payment_intent_id: string | null;
  checkout_session_id: string | null;
  state: string;
  attempts: number;
  booking_change_id: string | null;
}

async function book(db: Session, eventId: string, persons: number, method = 'stripe') {
  const outcome = await db.as<{ result: Receipt }>(
    service,
    'select public.register_for_event($1, $2, $3, $4, $5, $6, $7, $8) as result',
    [
      eventId,
      'Rita Retour',
      `retour-${Math.random().toString(36).slice(2)}@example.ch`,
      '+41 79 123 45 67',
      method,
      '',
      null,
      persons,
    ],
  );
  expect(outcome.error).toBeNull();
  return outcome.rows[0]!.result;
}

/** As Stripe's checkout.session.completed leaves it: a card payment row, the booking confirmed. */
async function payOnline(db: Session, receipt: Receipt, amountCents: number) {
  await db.query(
    `update public.participants set status = 'confirmed', hold_expires_at = null where id = $1`,
    [receipt.participant_id],
  );
  await insertPayment(db, receipt.participant_id, amountCents);
}

async function change(db: Session, receipt: Receipt, persons: number) {
  const outcome = await db.as(anon, 'select public.change_booking($1, $2, $3)', [
    receipt.reference,
    receipt.manage_token,
    persons,
  ]);
  return outcome.error;
}

async function requestsOf(db: Session, receipt: Receipt): Promise<Request[]> {
  return db.query<Request>(
    `select id, kind, amount_cents, payment_intent_id, checkout_session_id, state, attempts, booking_change_id
       from public.refund_requests where participant_id = $1 order by created_at, amount_cents`,
    [receipt.participant_id],
  );
}

/** The payment word derived from status and money rows (pending, paid, cancelled, refunded). */
async function statusOf(db: Session, receipt: Receipt): Promise<string> {
  const [row] = await db.query<{ word: string }>('select private.payment_word($1) as word', [
    receipt.participant_id,
  ]);
  return row!.word;
}

async function refundMails(db: Session, receipt: Receipt) {
  return db.query<{ payload: { refund: { amountCents: number; method: string } } }>(
    `select payload from public.mail_outbox where participant_id = $1 and kind = 'refund_issued'`,
    [receipt.participant_id],
  );
}

describe('refund requests from change_booking', () => {
  it('a cancelled paid online booking queues one Stripe refund of what was paid, once', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, { price: 45 });
      const receipt = await book(db, event.id, 2);
      await payOnline(db, receipt, 9000);

      expect(await change(db, receipt, 0)).toBeNull();
      const [request, ...more] = await requestsOf(db, receipt);
      expect(more).toHaveLength(0);
      expect(request).toMatchObject({ kind: 'stripe_refund', amount_cents: 9000, state: 'queued' });
      expect(request!.payment_intent_id).toMatch(/^pi_/);
      expect(request!.booking_change_id).not.toBeNull();

      // A second cancel is refused, and queueing the same change again adds nothing.
      expect(await change(db, receipt, 0)).toMatchObject({ message: 'BOOKING_CANCELLED' });
      await db.query(`select private.queue_refund_request($1, $2, 'stripe_refund', 9000, 'pi_x', null)`, [
        receipt.participant_id,
        request!.booking_change_id,
      ]);
      expect(await requestsOf(db, receipt)).toHaveLength(1);
      // A refund row that has not failed counts: the money is on its way back.
      expect(await statusOf(db, receipt)).toBe('refunded');
    }));

  it('a reduction refunds the difference, a later cancel the rest: never more than was paid', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, { price: 45 });
      const receipt = await book(db, event.id, 3);
      await payOnline(db, receipt, 13500);

      expect(await change(db, receipt, 1)).toBeNull();
      expect(await requestsOf(db, receipt)).toMatchObject([{ kind: 'stripe_refund', amount_cents: 9000 }]);
      expect(await statusOf(db, receipt)).toBe('paid');

      expect(await change(db, receipt, 0)).toBeNull();
      const requests = await requestsOf(db, receipt);
      expect(requests.map((r) => r.amount_cents).sort()).toEqual([4500, 9000]);
    }));

  it('an open Checkout session is expired, no refund; paid anyway, it is refunded in full', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, { price: 45 });
      const receipt = await book(db, event.id, 2);
      await db.query(`update public.participants set checkout_session_id = 'cs_offen123' where id = $1`, [
        receipt.participant_id,
      ]);
      expect(await change(db, receipt, 0)).toBeNull();
      expect(await requestsOf(db, receipt)).toMatchObject([
        { kind: 'expire_checkout', amount_cents: null, checkout_session_id: 'cs_offen123' },
      ]);

      const paid = await db.as<{ outcome: string }>(
        service,
        `select public.complete_checkout('evt_spaet1', 'cs_offen123', 'pi_spaet', 9000, 'chf', 'card') as outcome`,
      );
      expect(paid.rows[0]!.outcome).toBe('refunding');
      const refund = (await requestsOf(db, receipt)).find((r) => r.kind === 'stripe_refund');
      expect(refund).toMatchObject({ amount_cents: 9000, payment_intent_id: 'pi_spaet' });
      // The stale payment never counted (rejected), nor its refund: the booking reads cancelled.
      expect(await statusOf(db, receipt)).toBe('cancelled');
    }));

  it('reducing an unpaid online booking expires its session, so the next checkout has the new amount', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, { price: 45 });
      const receipt = await book(db, event.id, 2);
      await db.query(
        `update public.participants set checkout_session_id = 'cs_alt', checkout_url = 'http://x' where id = $1`,
        [receipt.participant_id],
      );
      expect(await change(db, receipt, 1)).toBeNull();
      expect(await requestsOf(db, receipt)).toMatchObject([
        { kind: 'expire_checkout', checkout_session_id: 'cs_alt' },
      ]);
      const [row] = await db.query<{ checkout_session_id: string | null; status: string }>(
        'select checkout_session_id, status from public.participants where id = $1',
        [receipt.participant_id],
      );
      expect(row).toEqual({ checkout_session_id: null, status: 'held' });
      expect(await statusOf(db, receipt)).toBe('pending');
    }));

  it('an unpaid booking on site queues nothing', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, { price: 45 });
      const receipt = await book(db, event.id, 2, 'onsite');
      expect(await change(db, receipt, 0)).toBeNull();
      expect(await requestsOf(db, receipt)).toHaveLength(0);
    }));
});

describe('the worker: claim_refund_requests and record_refund_attempt', () => {
  it('claims a request once, retries after a failure, and on success refunds the booking and mails once', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, { price: 45 });
      const receipt = await book(db, event.id, 1);
      await payOnline(db, receipt, 4500);
      expect(await change(db, receipt, 0)).toBeNull();
      const [request] = await requestsOf(db, receipt);

      const claim = () =>
        db.as<Request>(service, 'select * from public.claim_refund_requests(100, 60)').then((outcome) => {
          expect(outcome.error).toBeNull();
          return outcome.rows.filter((row) => row.id === request!.id);
        });
      const record = (attempt: number, refundId: string | null, error: string | null) =>
        db
          .as<{ state: string | null }>(
            service,
            'select public.record_refund_attempt($1, $2, $3, $4) as state',
            [request!.id, attempt, refundId, error],
          )
          .then((outcome) => outcome.rows[0]!.state);

      expect(await claim()).toMatchObject([{ state: 'sending', attempts: 1 }]);
      expect(await claim()).toHaveLength(0);
      expect(await record(1, null, 'Stripe: 500')).toBe('queued');
      const [waiting] = await db.query<{ next_attempt_at: Date; last_error: string }>(
        'select next_attempt_at, last_error from public.refund_requests where id = $1',
        [request!.id],
      );
      expect(waiting!.next_attempt_at.getTime()).toBeGreaterThan(Date.now());
      expect(waiting!.last_error).toBe('Stripe: 500');
      expect(await claim()).toHaveLength(0);

      await db.query(`update public.refund_requests set next_attempt_at = now() where id = $1`, [
        request!.id,
      ]);
      expect(await claim()).toMatchObject([{ attempts: 2 }]);
      expect(await record(1, 're_alt', null)).toBeNull();
      expect(await record(2, 're_123', null)).toBe('done');
      expect(await record(2, 're_123', null)).toBeNull();

      expect(await statusOf(db, receipt)).toBe('refunded');
      expect(await refundMails(db, receipt)).toEqual([
        { payload: expect.objectContaining({ refund: { amountCents: 4500, method: 'stripe' } }) },
      ]);
    }));

  it('only the service role works the queue', () =>
    inRolledBackTransaction(async (db) => {
      const user = await db.createUser({ admin: true });
      for (const actor of [anon, user]) {
        const outcome = await db.as(actor, 'select * from public.claim_refund_requests(1, 60)');
        expect(outcome.error?.code).toBe('42501');
      }
    }));
});

describe('refunds of bookings paid by invoice', () => {
  it('a cancelled paid invoice waits for the admin, who records the bank transfer', () =>
    inRolledBackTransaction(async (db) => {
      await db.query(
        `insert into public.invoice_creditor (name, street, building_number, postal_code, city, country, iban)
         select 'Sinneswerk', 'Tramstrasse', '12', '5034', 'Suhr', 'CH', 'CH4431999123000889012'
          where not exists (select 1 from public.invoice_creditor)`,
      );
      const event = await insertEvent(db, { price: 45, payment_methods: ['invoice', 'onsite'] });
      const receipt = await book(db, event.id, 2, 'invoice');
      await insertPayment(db, receipt.participant_id);
      expect(await change(db, receipt, 0)).toBeNull();
      expect(await requestsOf(db, receipt)).toMatchObject([
        { kind: 'manual_refund', amount_cents: 9000, state: 'queued' },
      ]);

      // Not the worker's: it never claims a bank transfer.
      const claimed = await db.as<Request>(service, 'select * from public.claim_refund_requests(100, 60)');
      expect(claimed.rows.filter((row) => row.kind === 'manual_refund')).toHaveLength(0);

      const visitor = await db.createUser();
      const refused = await db.as(visitor, 'select public.admin_record_manual_refund($1)', [
        receipt.participant_id,
      ]);
      expect(refused.error?.code).toBe('42501');
      expect(
        (await db.as(anon, 'select public.admin_record_manual_refund($1)', [receipt.participant_id])).error
          ?.code,
      ).toBe('42501');

      const admin = await db.createUser({ admin: true });
      const recorded = await db.as<{ status: string }>(
        admin,
        'select public.admin_record_manual_refund($1) as status',
        [receipt.participant_id],
      );
      expect(recorded.error).toBeNull();
      expect(recorded.rows[0]!.status).toBe('refunded');
      expect(await statusOf(db, receipt)).toBe('refunded');
      expect(await requestsOf(db, receipt)).toMatchObject([{ state: 'done' }]);
      expect(await refundMails(db, receipt)).toEqual([
        { payload: expect.objectContaining({ refund: { amountCents: 9000, method: 'transfer' } }) },
      ]);
    }));

  it('a paid invoice booking can be refunded by the admin; an online one cannot be recorded by hand', () =>
    inRolledBackTransaction(async (db) => {
      const admin = await db.createUser({ admin: true });
      const event = await insertEvent(db, { price: 45, payment_methods: ['stripe', 'onsite'] });
      const online = await book(db, event.id, 1);
      await payOnline(db, online, 4500);
      const manual = await db.as(admin, 'select public.admin_record_manual_refund($1)', [
        online.participant_id,
      ]);
      expect(manual.error).toMatchObject({ message: 'NOT_REFUNDABLE' });

      const onsite = await book(db, event.id, 1, 'onsite');
      const unpaid = await db.as(admin, 'select public.admin_record_manual_refund($1)', [
        onsite.participant_id,
      ]);
      expect(unpaid.error).toMatchObject({ message: 'NOT_REFUNDABLE' });
      await insertPayment(db, onsite.participant_id);
      const paid = await db.as<{ status: string }>(
        admin,
        'select public.admin_record_manual_refund($1) as status',
        [onsite.participant_id],
      );
      expect(paid.rows[0]!.status).toBe('refunded');
      expect(await requestsOf(db, onsite)).toMatchObject([
        { kind: 'manual_refund', amount_cents: 4500, state: 'done' },
      ]);
    }));
});

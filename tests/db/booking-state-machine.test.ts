import { describe, expect, it } from 'vitest';
import { inRolledBackTransaction, service, type Actor, type Session } from './support/db';
import { daysFromToday, eventById, insertEvent, insertPayment } from './support/fixtures';

// Issue 24: one booking state machine. Every status x every transition, as the admin area and
// the visitor call them: allowed ones succeed and keep the seat count true, forbidden ones raise
// their code. Plus the money rules (complete_checkout checks amount and currency; a stale
// session cannot complete a booking), the history, the guards and the customer's mails.

const STATUSES = ['held', 'confirmed', 'cancelled', 'expired'] as const;
type Status = (typeof STATUSES)[number];

interface Booking {
  id: string;
  event_id: string;
  status: string;
  persons: number;
  email: string;
  reference: string;
}

async function call<Row = Record<string, unknown>>(
  db: Session,
  actor: Actor,
  sql: string,
  params: unknown[] = [],
): Promise<Row> {
  const outcome = await db.as<{ result: Row }>(actor, `select ${sql} as result`, params);
  if (outcome.error) throw outcome.error;
  return outcome.rows[0]!.result;
}

async function errorOf(
  db: Session,
  actor: Actor,
  sql: string,
  params: unknown[] = [],
): Promise<string | null> {
  const outcome = await db.as(actor, `select ${sql}`, params);
  return outcome.error?.message ?? null;
}

async function booking(db: Session, id: string): Promise<Booking> {
  const [row] = await db.query<Booking>('select * from public.participants where id = $1', [id]);
  return row!;
}

interface Money {
  owed_cents: number;
  paid_cents: number;
  refunded_cents: number;
  balance_cents: number;
  open_cents: number;
  excess_cents: number;
  needs_review: boolean;
  paid_method: string | null;
}

async function money(db: Session, id: string): Promise<Money> {
  const [row] = await db.query<Money>('select * from private.booking_money($1)', [id]);
  return row!;
}

/** The event's stored count equals the persons of its seat-holding bookings. */
async function expectCountTrue(db: Session, eventId: string): Promise<number> {
  const [row] = await db.query<{ stored: number; counted: number }>(
    `select e.current_participants as stored,
            (select coalesce(sum(p.persons), 0)::int from public.participants p
              where p.event_id = e.id and p.status in ('held', 'confirmed')) as counted
       from public.events e where e.id = $1`,
    [eventId],
  );
  expect(row!.stored).toBe(row!.counted);
  return row!.stored;
}

/** A visitor's booking through register_for_event (stripe: held; onsite: confirmed). */
async function register(
  db: Session,
  eventId: string,
  method: 'stripe' | 'onsite',
  email = `gast-${Math.random().toString(36).slice(2, 8)}@example.ch`,
  persons = 1,
): Promise<Booking & { manageToken: string }> {
  const receipt = await call<{ participant_id: string; manage_token: string }>(
    db,
    service,
    'public.register_for_event($1, $2, $3, $4, $5, $6, null, $7)',
    [eventId, 'Petra Muster', email, '+41 79 123 45 67', method, '', persons],
  );
  return { ...(await booking(db, receipt.participant_id)), manageToken: receipt.manage_token };
}

/** A booking in the given status, reached through the transitions themselves. */
async function bookingIn(db: Session, admin: Actor, eventId: string, status: Status) {
  const made = await register(db, eventId, status === 'confirmed' ? 'onsite' : 'stripe');
  if (status === 'cancelled') {
    await call(db, admin, 'public.admin_cancel_booking($1)', [made.id]);
  }
  if (status === 'expired') {
    await db.query(
      `update public.participants set hold_expires_at = now() - interval '1 minute' where id = $1`,
      [made.id],
    );
    expect(await call<number>(db, service, 'public.release_expired_holds()')).toBeGreaterThanOrEqual(1);
  }
  const now = await booking(db, made.id);
  expect(now.status).toBe(status);
  return { ...now, manageToken: made.manageToken };
}

interface Transition {
  name: string;
  allowedFrom: Status[];
  /** The code a forbidden status raises. */
  refused: string;
  /** The status after an allowed call. */
  after: (from: Status) => Status;
  run: (
    db: Session,
    admin: Actor,
    b: Booking & { manageToken: string },
    other: string,
  ) => Promise<string | null>;
}

const TRANSITIONS: Transition[] = [
  {
    name: 'record payment (admin_record_payment)',
    allowedFrom: ['held', 'confirmed'],
    refused: 'PAYMENT_NOT_ALLOWED',
    after: () => 'confirmed',
    run: (db, admin, b) => errorOf(db, admin, `public.admin_record_payment($1, 5000, 'onsite')`, [b.id]),
  },
  {
    name: 'cancel by staff (admin_cancel_booking)',
    allowedFrom: ['held', 'confirmed'],
    refused: 'TRANSITION_NOT_ALLOWED',
    after: () => 'cancelled',
    run: (db, admin, b) => errorOf(db, admin, 'public.admin_cancel_booking($1)', [b.id]),
  },
  {
    name: 'cancel by visitor (change_booking to 0)',
    allowedFrom: ['held', 'confirmed'],
    refused: 'BOOKING_CANCELLED',
    after: () => 'cancelled',
    run: (db, _admin, b) =>
      errorOf(db, service, 'public.change_booking($1, $2, 0)', [b.reference, b.manageToken]),
  },
  {
    name: 'change persons (admin_change_persons)',
    allowedFrom: ['held', 'confirmed'],
    refused: 'TRANSITION_NOT_ALLOWED',
    after: (from) => from,
    run: (db, admin, b) => errorOf(db, admin, 'public.admin_change_persons($1, 2)', [b.id]),
  },
  {
    name: 'move (admin_move_booking)',
    allowedFrom: ['held', 'confirmed'],
    refused: 'TRANSITION_NOT_ALLOWED',
    after: (from) => from,
    run: (db, admin, b, other) => errorOf(db, admin, 'public.admin_move_booking($1, $2)', [b.id, other]),
  },
  {
    name: 'reactivate (admin_reactivate_booking)',
    allowedFrom: ['cancelled', 'expired'],
    refused: 'TRANSITION_NOT_ALLOWED',
    after: () => 'confirmed',
    run: (db, admin, b) => errorOf(db, admin, 'public.admin_reactivate_booking($1)', [b.id]),
  },
  {
    name: 'expire hold (release_expired_holds)',
    allowedFrom: ['held'],
    // Not an error: the sweep leaves every other status alone.
    refused: '',
    after: () => 'expired',
    run: async (db, _admin, b) => {
      await db.query(
        `update public.participants set hold_expires_at = now() - interval '1 minute' where id = $1 and status = 'held'`,
        [b.id],
      );
      return errorOf(db, service, 'public.release_expired_holds()');
    },
  },
];

describe('every status x every transition', () => {
  for (const transition of TRANSITIONS) {
    for (const from of STATUSES) {
      const allowed = transition.allowedFrom.includes(from);
      it(`${transition.name} from ${from}: ${allowed ? 'allowed' : 'refused'}`, () =>
        inRolledBackTransaction(async (db) => {
          const admin = await db.createUser({ admin: true });
          const event = await insertEvent(db, { max_participants: 6, payment_methods: ['stripe', 'onsite'] });
          const other = await insertEvent(db, { max_participants: 6, payment_methods: ['stripe', 'onsite'] });
          const b = await bookingIn(db, admin, event.id, from);
          const historyBefore = await db.query(
            'select 1 from public.booking_history where participant_id = $1',
            [b.id],
          );

          const error = await transition.run(db, admin, b, other.id);
          const after = await booking(db, b.id);
          if (allowed) {
            expect(error).toBeNull();
            expect(after.status).toBe(transition.after(from));
            const historyAfter = await db.query(
              'select 1 from public.booking_history where participant_id = $1',
              [b.id],
            );
            expect(historyAfter.length).toBe(historyBefore.length + 1);
          } else {
            expect(error).toBe(transition.refused || null);
            expect(after.status).toBe(from);
            expect(after.persons).toBe(b.persons);
            expect(after.event_id).toBe(b.event_id);
          }
          for (const id of [event.id, other.id]) {
            expect(await expectCountTrue(db, id)).toBeLessThanOrEqual(6);
          }
        }));
    }
  }

  it('reactivating or moving into a full event is refused, or needs the override the history records', () =>
    inRolledBackTransaction(async (db) => {
      const admin = await db.createUser({ admin: true });
      const event = await insertEvent(db, { max_participants: 2, payment_methods: ['onsite', 'stripe'] });
      const cancelled = await bookingIn(db, admin, event.id, 'cancelled');
      await register(db, event.id, 'onsite');
      await register(db, event.id, 'onsite');
      expect((await eventById(db, event.id)).current_participants).toBe(2);

      // "Als bezahlt markieren" on a cancelled booking no longer revives it.
      expect(
        await errorOf(db, admin, `public.admin_record_payment($1, 5000, 'onsite')`, [cancelled.id]),
      ).toBe('PAYMENT_NOT_ALLOWED');
      expect(await errorOf(db, admin, 'public.admin_reactivate_booking($1)', [cancelled.id])).toBe(
        'NOT_ENOUGH_SEATS',
      );
      expect((await eventById(db, event.id)).current_participants).toBe(2);

      const elsewhere = await insertEvent(db, { max_participants: 5 });
      const mover = await register(db, elsewhere.id, 'onsite');
      expect(await errorOf(db, admin, 'public.admin_move_booking($1, $2)', [mover.id, event.id])).toBe(
        'NOT_ENOUGH_SEATS',
      );
      expect(
        await errorOf(db, admin, 'public.admin_change_persons($1, 5)', [
          (await register(db, elsewhere.id, 'onsite')).id,
        ]),
      ).toBe('NOT_ENOUGH_SEATS');

      await call(db, admin, 'public.admin_reactivate_booking($1, true)', [cancelled.id]);
      expect((await eventById(db, event.id)).current_participants).toBe(3);
      const [last] = await db.query<{ action: string; override: boolean; actor: string; actor_name: string }>(
        `select action, override, actor, actor_name from public.booking_history
          where participant_id = $1 order by created_at desc limit 1`,
        [cancelled.id],
      );
      expect(last).toEqual({
        action: 'reactivated',
        override: true,
        actor: 'admin',
        actor_name: admin.email,
      });
    }));

  it('staff cannot write bookings, payments, refunds or history directly', () =>
    inRolledBackTransaction(async (db) => {
      const admin = await db.createUser({ admin: true });
      const event = await insertEvent(db);
      const b = await register(db, event.id, 'onsite');
      for (const sql of [
        `update public.participants set status = 'confirmed' where id = '${b.id}'`,
        `delete from public.participants where id = '${b.id}'`,
        `insert into public.payments (participant_id, method, amount_cents) values ('${b.id}', 'onsite', 100)`,
        `insert into public.refund_requests (participant_id, kind, amount_cents) values ('${b.id}', 'manual_refund', 100)`,
        `insert into public.booking_history (participant_id, actor, action, status_after, persons_after, event_after)
           values ('${b.id}', 'admin', 'booked', 'confirmed', 1, '${event.id}')`,
      ]) {
        const outcome = await db.as(admin, sql);
        expect(outcome.error?.code, sql).toBe('42501');
      }
      const view = await db.as<{ id: string }>(admin, 'select id from public.admin_bookings where id = $1', [
        b.id,
      ]);
      expect(view.rows).toHaveLength(1);
      const user = await db.createUser();
      const hidden = await db.as<{ id: string }>(user, 'select id from public.admin_bookings where id = $1', [
        b.id,
      ]);
      expect(hidden.rows).toHaveLength(0);
    }));
});

/** A held online booking with an open Checkout session. */
async function heldWithSession(db: Session, eventId: string, session: string, persons = 1) {
  const b = await register(db, eventId, 'stripe', undefined, persons);
  await call(
    db,
    service,
    `public.record_checkout_session($1, $2, 'https://checkout.stripe.com/c/pay/x', now() + interval '30 minutes')`,
    [b.id, session],
  );
  return b;
}

const evt = () => `evt_${Math.random().toString(36).slice(2, 14)}`;

describe('complete_checkout checks what is owed', () => {
  for (const [label, amount, currency] of [
    ['a wrong amount', 1, 'chf'],
    ['a wrong currency', 5000, 'eur'],
  ] as const) {
    it(`${label} leaves the booking unpaid and flagged, the payment recorded as mismatch`, () =>
      inRolledBackTransaction(async (db) => {
        const event = await insertEvent(db, { price: 50 });
        const b = await heldWithSession(db, event.id, 'cs_test_mismatch');
        const outcome = await call<string>(db, service, 'public.complete_checkout($1, $2, $3, $4, $5, $6)', [
          evt(),
          'cs_test_mismatch',
          'pi_test_mismatch',
          amount,
          currency,
          'card',
        ]);
        expect(outcome).toBe('mismatch');
        expect((await booking(db, b.id)).status).toBe('held');
        const m = await money(db, b.id);
        expect(m).toMatchObject({ paid_cents: 0, open_cents: 5000, needs_review: true });
        const payments = await db.query<{ state: string; amount_cents: number; currency: string }>(
          'select state, amount_cents, currency from public.payments where participant_id = $1',
          [b.id],
        );
        expect(payments).toEqual([
          { state: 'mismatch', amount_cents: amount, currency: currency.toUpperCase() },
        ]);
        const receipts = await db.query(
          `select 1 from public.mail_outbox where participant_id = $1 and kind = 'payment_receipt'`,
          [b.id],
        );
        expect(receipts).toHaveLength(0);
        // A flagged booking keeps its seat until the admin settles the payment.
        await db.query(
          `update public.participants set hold_expires_at = now() - interval '1 minute' where id = $1`,
          [b.id],
        );
        await call(db, service, 'public.release_expired_holds()');
        expect((await booking(db, b.id)).status).toBe('held');
        const view = await db.as<{ needs_review: boolean }>(
          await db.createUser({ admin: true }),
          'select needs_review from public.admin_bookings where id = $1',
          [b.id],
        );
        expect(view.rows).toEqual([{ needs_review: true }]);
      }));
  }

  it('the owed amount in francs confirms the booking and records the method (TWINT)', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, { price: 50 });
      const b = await heldWithSession(db, event.id, 'cs_test_twint', 2);
      expect(
        await call<string>(db, service, 'public.complete_checkout($1, $2, $3, $4, $5, $6)', [
          evt(),
          'cs_test_twint',
          'pi_test_twint',
          10000,
          'chf',
          'twint',
        ]),
      ).toBe('paid');
      expect((await booking(db, b.id)).status).toBe('confirmed');
      expect(await money(db, b.id)).toMatchObject({ paid_cents: 10000, open_cents: 0, paid_method: 'twint' });
      const [receipt] = await db.query<{ payload: { payment: { method: string; amountCents: number } } }>(
        `select payload from public.mail_outbox where participant_id = $1 and kind = 'payment_receipt'`,
        [b.id],
      );
      expect(receipt!.payload.payment).toMatchObject({ method: 'twint', amountCents: 10000 });
    }));

  it('a stale session (persons changed by staff) cannot complete the booking: the money goes back', () =>
    inRolledBackTransaction(async (db) => {
      const admin = await db.createUser({ admin: true });
      const event = await insertEvent(db, { price: 50 });
      const b = await heldWithSession(db, event.id, 'cs_test_stale');
      await call(db, admin, 'public.admin_change_persons($1, 4)', [b.id]);
      const after = await db.query<{ checkout_session_id: string | null }>(
        'select checkout_session_id from public.participants where id = $1',
        [b.id],
      );
      expect(after[0]!.checkout_session_id).toBeNull();

      const outcome = await call<string>(db, service, 'public.complete_checkout($1, $2, $3, $4, $5, $6)', [
        evt(),
        'cs_test_stale',
        'pi_test_stale',
        5000,
        'chf',
        'card',
      ]);
      expect(outcome).toBe('refunding');
      expect((await booking(db, b.id)).status).toBe('held');
      expect(await money(db, b.id)).toMatchObject({ owed_cents: 20000, balance_cents: 0, open_cents: 20000 });
      const refunds = await db.query<{ kind: string; amount_cents: number | null }>(
        'select kind, amount_cents from public.refund_requests where participant_id = $1 order by created_at',
        [b.id],
      );
      expect(refunds).toEqual([
        { kind: 'expire_checkout', amount_cents: null },
        { kind: 'stripe_refund', amount_cents: 5000 },
      ]);
    }));
});

describe('settling a mismatched payment and cancelling an event', () => {
  it('admin_resolve_payment: accepting confirms the held booking, rejecting refunds the payment', () =>
    inRolledBackTransaction(async (db) => {
      const admin = await db.createUser({ admin: true });
      const event = await insertEvent(db, { price: 50 });
      const accept = await heldWithSession(db, event.id, 'cs_test_accept');
      await call(db, service, 'public.complete_checkout($1, $2, $3, $4, $5, $6)', [
        evt(),
        'cs_test_accept',
        'pi_test_accept',
        6000,
        'chf',
        'card',
      ]);
      // CHF 60 for a booking owing CHF 50: flagged; the admin accepts it (CHF 10 now excess).
      const [first] = await db.query<{ id: string; state: string }>(
        'select id, state from public.payments where participant_id = $1',
        [accept.id],
      );
      expect(first!.state).toBe('mismatch');
      await call(db, admin, `public.admin_resolve_payment($1, true, 'Betrag stimmt')`, [first!.id]);
      expect((await booking(db, accept.id)).status).toBe('confirmed');
      expect(await money(db, accept.id)).toMatchObject({
        paid_cents: 6000,
        open_cents: 0,
        excess_cents: 1000,
        needs_review: false,
      });
      expect(await errorOf(db, admin, 'public.admin_resolve_payment($1, true)', [first!.id])).toBe(
        'TRANSITION_NOT_ALLOWED',
      );

      const reject = await heldWithSession(db, event.id, 'cs_test_reject');
      await call(db, service, 'public.complete_checkout($1, $2, $3, $4, $5, $6)', [
        evt(),
        'cs_test_reject',
        'pi_test_reject',
        7,
        'chf',
        'card',
      ]);
      const [second] = await db.query<{ id: string }>(
        'select id from public.payments where participant_id = $1',
        [reject.id],
      );
      await call(db, admin, 'public.admin_resolve_payment($1, false)', [second!.id]);
      expect((await booking(db, reject.id)).status).toBe('held');
      expect(await money(db, reject.id)).toMatchObject({
        paid_cents: 0,
        refunded_cents: 0,
        needs_review: false,
      });
      const refunds = await db.query<{ kind: string; amount_cents: number }>(
        'select kind, amount_cents from public.refund_requests where participant_id = $1',
        [reject.id],
      );
      expect(refunds).toEqual([{ kind: 'stripe_refund', amount_cents: 7 }]);
    }));

  it('admin_cancel_event cancels every booking, refunds what was paid, and the notice can follow later', () =>
    inRolledBackTransaction(async (db) => {
      const admin = await db.createUser({ admin: true });
      const event = await insertEvent(db, { price: 50, max_participants: 10 });
      const paid = await register(db, event.id, 'onsite');
      await call(db, admin, `public.admin_record_payment($1, 5000, 'onsite')`, [paid.id]);
      const unpaid = await register(db, event.id, 'onsite', undefined, 2);
      const held = await register(db, event.id, 'stripe');

      const result = await call<{ cancelled: number; refunded_cents: number; notified: number }>(
        db,
        admin,
        `public.admin_cancel_event($1, 'Leider krank.', false)`,
        [event.id],
      );
      expect(result).toEqual({ cancelled: 3, refunded_cents: 5000, notified: 0 });
      const after = await eventById(db, event.id);
      expect(after).toMatchObject({ is_cancelled: true, current_participants: 0 });
      for (const id of [paid.id, unpaid.id, held.id])
        expect((await booking(db, id)).status).toBe('cancelled');
      expect(await money(db, paid.id)).toMatchObject({ balance_cents: 0, refunded_cents: 5000 });
      const [history] = await db.query<{ action: string }>(
        'select action from public.booking_history where participant_id = $1 order by created_at desc limit 1',
        [unpaid.id],
      );
      expect(history!.action).toBe('event_cancelled');

      const state = () =>
        call<Record<string, unknown>>(db, admin, 'public.admin_event_notice_state($1)', [event.id]);
      expect(await state()).toMatchObject({
        is_cancelled: true,
        recipients: 3,
        without_notice: 3,
        notice_sent: false,
      });
      expect(
        await call<number>(db, admin, `public.admin_notify_event_cancelled($1, 'Leider krank.')`, [event.id]),
      ).toBe(3);
      expect(await state()).toMatchObject({ without_notice: 0, notice_sent: true });
    }));
});

describe('numbers the provider can trust', () => {
  it("the dashboard's received is payments minus refunds, booked the spec's price x participants, with mixed states", () =>
    inRolledBackTransaction(async (db) => {
      const admin = await db.createUser({ admin: true });
      const stats = () =>
        call<{ booked_cents: number; received_cents: number; open_cents: number; revenue: number }>(
          db,
          admin,
          'public.admin_dashboard_stats()',
        );
      const before = await stats();
      const event = await insertEvent(db, { price: 50, max_participants: 20 });

      const paidCard = await heldWithSession(db, event.id, 'cs_test_dash_a', 2); // 100.00 paid
      await call(db, service, 'public.complete_checkout($1, $2, $3, $4, $5, $6)', [
        evt(),
        'cs_test_dash_a',
        'pi_test_dash_a',
        10000,
        'chf',
        'card',
      ]);
      await register(db, event.id, 'onsite'); // 50.00 open
      const partly = await register(db, event.id, 'onsite', undefined, 3); // 150 paid, 40 back
      await call(db, admin, `public.admin_record_payment($1, 15000, 'onsite')`, [partly.id]);
      await call(db, admin, `public.admin_refund($1, 4000, 'Kulanz')`, [partly.id]);
      const cancelled = await register(db, event.id, 'onsite'); // 50 paid, all back, cancelled
      await call(db, admin, `public.admin_record_payment($1, 5000, 'onsite')`, [cancelled.id]);
      await call(db, admin, 'public.admin_cancel_booking($1)', [cancelled.id]);
      await heldWithSession(db, event.id, 'cs_test_dash_b'); // held, 50 open
      const mismatch = await heldWithSession(db, event.id, 'cs_test_dash_c'); // mismatch: not received
      await call(db, service, 'public.complete_checkout($1, $2, $3, $4, $5, $6)', [
        evt(),
        'cs_test_dash_c',
        'pi_test_dash_c',
        1,
        'chf',
        'card',
      ]);
      void paidCard;
      void mismatch;

      const after = await stats();
      // Seat-holding persons: 2 + 1 + 3 + 1 + 1 = 8 at 50.00.
      expect(Number(after.booked_cents) - Number(before.booked_cents)).toBe(8 * 5000);
      expect(Number(after.revenue) - Number(before.revenue)).toBe(8 * 50);
      const [sums] = await db.query<{ payments: number; refunds: number }>(
        `select (select coalesce(sum(amount_cents), 0)::int from public.payments y
                  join public.participants p on p.id = y.participant_id
                 where p.event_id = $1 and y.state = 'succeeded') as payments,
                (select coalesce(sum(amount_cents), 0)::int from public.refund_requests r
                  join public.participants p on p.id = r.participant_id
                 where p.event_id = $1 and r.kind <> 'expire_checkout' and r.state <> 'failed') as refunds`,
        [event.id],
      );
      expect(sums).toEqual({ payments: 10000 + 15000 + 5000, refunds: 4000 + 5000 });
      expect(Number(after.received_cents) - Number(before.received_cents)).toBe(
        sums!.payments - sums!.refunds,
      );
      // Open: the on-site 50, the held 50, the mismatched held 50. The goodwill refund of 40 on the
      // booking that stays lowers what it owes (discount), it does not open it again.
      expect(Number(after.open_cents) - Number(before.open_cents)).toBe(5000 + 5000 + 5000);
      expect(await money(db, partly.id)).toMatchObject({ owed_cents: 11000, open_cents: 0, excess_cents: 0 });
    }));
});

describe('history', () => {
  it('booked, paid, moved, partly refunded and cancelled: five rows in order, with who', () =>
    inRolledBackTransaction(async (db) => {
      const admin = await db.createUser({ admin: true });
      const event = await insertEvent(db, { price: 50 });
      const later = await insertEvent(db, { price: 50, startInDays: 60 });
      const b = await heldWithSession(db, event.id, 'cs_test_history');
      await call(db, service, 'public.complete_checkout($1, $2, $3, $4, $5, $6)', [
        evt(),
        'cs_test_history',
        'pi_test_history',
        5000,
        'chf',
        'card',
      ]);
      await call(db, admin, 'public.admin_move_booking($1, $2)', [b.id, later.id]);
      await call(db, admin, `public.admin_refund($1, 2000, 'Teilrückerstattung')`, [b.id]);
      await call(db, admin, 'public.admin_cancel_booking($1, 0)', [b.id]);

      const history = await db.as<{
        action: string;
        actor: string;
        actor_name: string;
        status_before: string | null;
        status_after: string;
        event_before: string | null;
        event_after: string;
        amount_cents: number | null;
      }>(admin, 'select * from public.admin_booking_history($1)', [b.id]);
      expect(history.error).toBeNull();
      expect(
        history.rows.map((row) => [
          row.action,
          row.actor,
          row.status_before,
          row.status_after,
          row.amount_cents,
        ]),
      ).toEqual([
        ['booked', 'visitor', null, 'held', 5000],
        ['payment_confirmed', 'stripe', 'held', 'confirmed', 5000],
        ['moved', 'admin', 'confirmed', 'confirmed', 5000],
        ['refunded', 'admin', 'confirmed', 'confirmed', 2000],
        ['cancelled_by_staff', 'admin', 'confirmed', 'cancelled', 0],
      ]);
      expect(history.rows[2]).toMatchObject({
        event_before: event.id,
        event_after: later.id,
        actor_name: admin.email,
      });
    }));
});

describe('guards', () => {
  it('an event with a paid booking cannot be deleted, one without bookings can', () =>
    inRolledBackTransaction(async (db) => {
      const admin = await db.createUser({ admin: true });
      const event = await insertEvent(db);
      const b = await register(db, event.id, 'onsite');
      await call(db, admin, `public.admin_record_payment($1, 5000, 'onsite')`, [b.id]);
      await call(db, admin, 'public.admin_cancel_booking($1, 0)', [b.id]);

      expect(await errorOf(db, admin, 'public.admin_delete_event($1)', [event.id])).toBe(
        'EVENT_HAS_BOOKINGS',
      );
      // Also without the function (the trigger): a superuser delete is refused.
      await db.query('savepoint direct');
      await expect(db.query('delete from public.events where id = $1', [event.id])).rejects.toThrow(
        'EVENT_HAS_BOOKINGS',
      );
      await db.query('rollback to savepoint direct');
      expect((await booking(db, b.id)).status).toBe('cancelled');
      expect(await errorOf(db, admin, 'public.admin_delete_participant($1)', [b.id])).toBe(
        'BOOKING_HAS_MONEY',
      );

      const empty = await insertEvent(db);
      const gone = await register(db, empty.id, 'onsite');
      expect(await errorOf(db, admin, 'public.admin_delete_participant($1)', [gone.id])).toBe(
        'BOOKING_ACTIVE',
      );
      await call(db, admin, 'public.admin_cancel_booking($1)', [gone.id]);
      expect(await errorOf(db, admin, 'public.admin_delete_event($1)', [empty.id])).toBeNull();
    }));

  it("deleting the last admin's auth user is refused; with a second admin it works", () =>
    inRolledBackTransaction(async (db) => {
      const only = await db.createUser({ admin: true });
      await db.query('update public.profiles set is_admin = false where is_admin and id <> $1', [only.id]);
      await db.query('savepoint last');
      await expect(db.query('delete from auth.users where id = $1', [only.id])).rejects.toThrow('LAST_ADMIN');
      await db.query('rollback to savepoint last');
      await db.createUser({ admin: true });
      await db.query('delete from auth.users where id = $1', [only.id]);
      expect(await db.query('select 1 from public.profiles where id = $1', [only.id])).toHaveLength(0);
    }));

  it('admin_add_booking: upcoming events only, methods the event offers, stripe gets a real hold and a pay link', () =>
    inRolledBackTransaction(async (db) => {
      const admin = await db.createUser({ admin: true });
      const past = await insertEvent(db, { startInDays: -2 });
      const event = await insertEvent(db, { payment_methods: ['stripe', 'onsite'] });
      const add = (eventId: string, method: string) =>
        errorOf(db, admin, `public.admin_add_booking($1, 'Paul Beispiel', $2, '+41 79 765 43 21', 2, $3)`, [
          eventId,
          `paul-${method}@example.ch`,
          method,
        ]);
      expect(await add(past.id, 'onsite')).toBe('EVENT_PAST');
      expect(await add(event.id, 'invoice')).toBe('PAYMENT_METHOD_NOT_ALLOWED');
      expect(await add(event.id, 'stripe')).toBeNull();
      const [held] = await db.query<{ id: string; status: string; hold_expires_at: Date }>(
        `select id, status, hold_expires_at from public.participants where email = 'paul-stripe@example.ch'`,
      );
      expect(held!.status).toBe('held');
      expect(held!.hold_expires_at.getTime()).toBeGreaterThan(Date.now() + 60 * 60 * 1000);
      const [mail] = await db.query<{ payload: Record<string, unknown> }>(
        `select payload from public.mail_outbox where participant_id = $1 and kind = 'participant_confirmation'`,
        [held!.id],
      );
      expect(mail!.payload).toMatchObject({ addedByStaff: true, hold: { amountCents: 10000 } });
      expect(typeof mail!.payload.manageToken).toBe('string');
      expect(await expectCountTrue(db, event.id)).toBe(2);
    }));
});

describe('staff actions tell the customer', () => {
  // One transaction: created_at (now()) is the same for every mail, so the mails queued before
  // the action are told apart by id.
  const customerMails = (db: Session, b: Booking, before: string[]) =>
    db.query<{ kind: string; payload: Record<string, unknown> }>(
      `select kind, payload from public.mail_outbox
        where participant_id = $1 and recipient = $2 and not (id = any($3::uuid[]))
        order by kind`,
      [b.id, b.email, before],
    );
  const mailIds = async (db: Session) =>
    (await db.query<{ id: string }>('select id::text from public.mail_outbox')).map((row) => row.id);

  it('staff cancel of a card booking: one mail saying the refund (none more when Stripe has refunded)', () =>
    inRolledBackTransaction(async (db) => {
      const admin = await db.createUser({ admin: true });
      const event = await insertEvent(db, { price: 50 });
      const b = await heldWithSession(db, event.id, 'cs_test_cancelmail');
      await call(db, service, 'public.complete_checkout($1, $2, $3, $4, $5, $6)', [
        evt(),
        'cs_test_cancelmail',
        'pi_test_cancelmail',
        5000,
        'chf',
        'card',
      ]);
      const before = await mailIds(db);
      await call(db, admin, 'public.admin_cancel_booking($1)', [b.id]);
      const [request] = await db.query<{ id: string }>(
        `select id from public.refund_requests where participant_id = $1 and kind = 'stripe_refund'`,
        [b.id],
      );
      await db.query(`update public.refund_requests set state = 'sending', attempts = 1 where id = $1`, [
        request!.id,
      ]);
      await call(db, service, `public.record_refund_attempt($1, 1, 're_test_cancelmail')`, [request!.id]);
      const mails = await customerMails(db, b, before);
      expect(mails.map((mail) => mail.kind)).toEqual(['booking_cancelled']);
      expect(mails[0]!.payload.cancel).toEqual({
        by: 'staff',
        refundCents: 5000,
        refundMethod: 'stripe',
        note: '',
        paidCents: 5000,
      });
    }));

  it('staff refund: one refund_issued mail (on-site money at once)', () =>
    inRolledBackTransaction(async (db) => {
      const admin = await db.createUser({ admin: true });
      const event = await insertEvent(db, { price: 50 });
      const b = await register(db, event.id, 'onsite');
      await call(db, admin, `public.admin_record_payment($1, 5000, 'onsite')`, [b.id]);
      const before = await mailIds(db);
      expect(await call<number>(db, admin, `public.admin_refund($1, 1500, 'Kulanz')`, [b.id])).toBe(1500);
      const mails = await customerMails(db, b, before);
      expect(mails.map((mail) => mail.kind)).toEqual(['refund_issued']);
      expect(mails[0]!.payload.refund).toEqual({ amountCents: 1500, method: 'transfer' });
      expect(await errorOf(db, admin, `public.admin_refund($1, 9999, '')`, [b.id])).toBe('AMOUNT_TOO_HIGH');
    }));

  it('staff move: one booking_moved mail with the new date and the old one', () =>
    inRolledBackTransaction(async (db) => {
      const admin = await db.createUser({ admin: true });
      const event = await insertEvent(db, { title: 'Alt', price: 50 });
      const later = await insertEvent(db, { title: 'Neu', price: 60, startInDays: 45 });
      const b = await register(db, event.id, 'onsite');
      const before = await mailIds(db);
      await call(db, admin, 'public.admin_move_booking($1, $2)', [b.id, later.id]);
      const mails = await customerMails(db, b, before);
      expect(mails.map((mail) => mail.kind)).toEqual(['booking_moved']);
      expect(mails[0]!.payload).toMatchObject({
        event: { title: 'Neu' },
        before: { title: 'Alt' },
        money: { openCents: 6000, excessCents: 0 },
      });
      expect(typeof mails[0]!.payload.manageToken).toBe('string');
      const [dates] = await db.query<{ start: string }>(`select ${daysFromToday(45)}::text as start`);
      expect((mails[0]!.payload.event as { startDate: string }).startDate).toBe(dates!.start);
    }));

  it('staff persons change: one booking_updated mail with the difference to pay', () =>
    inRolledBackTransaction(async (db) => {
      const admin = await db.createUser({ admin: true });
      const event = await insertEvent(db, { price: 50 });
      const b = await register(db, event.id, 'onsite');
      await call(db, admin, `public.admin_record_payment($1, 5000, 'onsite')`, [b.id]);
      const before = await mailIds(db);
      await call(db, admin, 'public.admin_change_persons($1, 3)', [b.id]);
      const mails = await customerMails(db, b, before);
      expect(mails.map((mail) => mail.kind)).toEqual(['booking_updated']);
      expect(mails[0]!.payload).toMatchObject({
        personsBefore: 1,
        personsAfter: 3,
        money: { openCents: 10000 },
      });
      void insertPayment;
    }));
});

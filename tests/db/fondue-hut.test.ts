import { describe, expect, it } from 'vitest';
import { anon, inRolledBackTransaction, service, type Actor, type Session } from './support/db';
import { insertEvent, insertParticipant, insertPayment } from './support/fixtures';

// The fondue hut (supabase/schemas/85_fondue_hut.sql, issue 27): evenings from the settings, one
// group per evening, the group price, and the hut's cancellation rule (free until 48 hours before
// the evening, Zurich time; afterwards the visitor's cancellation keeps 50 %). Every test runs in a
// rolled-back transaction; the clock (private.clock) moves inside it.

interface Receipt {
  participant_id: string;
  reference: string;
  manage_token: string;
  status: string;
}

interface MonthEvening {
  day: string;
  state: string;
}

/** Sets private.now() to a Zurich wall-clock time ('2027-03-26 17:40'). */
async function setClock(db: Session, zurich: string) {
  await db.query(
    `insert into private.clock (shift) values (($1::timestamp at time zone 'Europe/Zurich') - now())
     on conflict (singleton) do update set shift = excluded.shift`,
    [zurich],
  );
}

async function setSeason(db: Session, start: string, end: string | null) {
  await db.query(
    `update public.settings set value = jsonb_build_object('start', $1::text, 'end', $2::text)
      where key = 'fondue_season'`,
    [start, end],
  );
}

/** Today plus n days in Zurich (by the database's clock), as 'yyyy-MM-dd'. */
async function dayIn(db: Session, days: number): Promise<string> {
  const [row] = await db.query<{ day: string }>('select private.today_in_zurich() + $1::int as day', [days]);
  return row!.day;
}

/** The first day from today + n days that falls on the ISO weekday (1 Monday .. 7 Sunday). */
async function nextWeekday(db: Session, isodow: number, fromDays: number): Promise<string> {
  const [row] = await db.query<{ day: string }>(
    `select d::date as day
       from generate_series(private.today_in_zurich() + $2::int, private.today_in_zurich() + $2::int + 6, interval '1 day') d
      where extract(isodow from d) = $1 limit 1`,
    [isodow, fromDays],
  );
  return row!.day;
}

function bookHut(
  db: Session,
  day: string,
  persons: number,
  options: { method?: string; email?: string; actor?: typeof service | typeof anon } = {},
) {
  return db.as<{ result: Receipt }>(
    options.actor ?? service,
    'select public.book_hut_evening($1::date, $2, $3, $4, $5, $6, $7, $8) as result',
    [
      day,
      'Fritz Fondue',
      options.email ?? 'fritz@example.ch',
      '+41 79 123 45 67',
      options.method ?? 'onsite',
      '',
      null,
      persons,
    ],
  );
}

async function booked(db: Session, day: string, persons: number, method = 'onsite'): Promise<Receipt> {
  const outcome = await bookHut(db, day, persons, { method });
  expect(outcome.error).toBeNull();
  return outcome.rows[0]!.result;
}

async function stateOf(db: Session, day: string): Promise<string | undefined> {
  const outcome = await db.as<{ month: { evenings: MonthEvening[] } }>(
    anon,
    'select public.hut_month($1::date) as month',
    [day],
  );
  expect(outcome.error).toBeNull();
  return outcome.rows[0]!.month.evenings.find((evening) => evening.day === day)?.state;
}

async function money(db: Session, participantId: string) {
  const [row] = await db.query<{
    owed_cents: number;
    paid_cents: number;
    refunded_cents: number;
    open_cents: number;
  }>('select owed_cents, paid_cents, refunded_cents, open_cents from private.booking_money($1)', [
    participantId,
  ]);
  return row!;
}

async function refunds(db: Session, participantId: string) {
  return db.query<{ kind: string; amount_cents: number; state: string }>(
    `select kind, amount_cents, state from public.refund_requests
      where participant_id = $1 and kind <> 'expire_checkout' order by created_at`,
    [participantId],
  );
}

async function manageView(db: Session, receipt: Receipt) {
  const outcome = await db.as<{ view: Record<string, unknown> }>(
    anon,
    'select public.booking_by_token($1, $2) as view',
    [receipt.reference, receipt.manage_token],
  );
  expect(outcome.error).toBeNull();
  return outcome.rows[0]!.view;
}

function cancel(db: Session, receipt: Receipt, persons = 0) {
  return db.as<{ result: { kind: string; kept_cents: number } }>(
    anon,
    'select public.change_booking($1, $2, $3) as result',
    [receipt.reference, receipt.manage_token, persons],
  );
}

describe('hut evenings: availability and refusals', () => {
  it('refuses an evening outside the season, on a closed weekday, blocked, booked or past, each with its own code', () =>
    inRolledBackTransaction(async (db) => {
      await setSeason(db, await dayIn(db, -30), await dayIn(db, 60));
      const admin = await db.createUser({ admin: true });
      const thursday = await nextWeekday(db, 4, 7);
      const friday = await nextWeekday(db, 5, 7);
      const saturday = await nextWeekday(db, 6, 7);
      const monday = await nextWeekday(db, 1, 7);
      const afterSeason = await nextWeekday(db, 5, 70);
      const past = await dayIn(db, -3);

      expect(
        (
          await db.as(admin, `select public.admin_block_hut_evening($1::date, 'Ferien im Tessin')`, [
            saturday,
          ])
        ).error,
      ).toBeNull();
      await booked(db, thursday, 4);

      const codes = async (day: string, persons = 4) =>
        (await bookHut(db, day, persons, { email: 'zweite@example.ch' })).error?.message;
      expect(await codes(afterSeason)).toBe('HUT_OUTSIDE_SEASON');
      expect(await codes(monday)).toBe('HUT_CLOSED_DAY');
      expect(await codes(saturday)).toBe('HUT_EVENING_BLOCKED');
      expect(await codes(thursday)).toBe('HUT_EVENING_BOOKED');
      expect(await codes(past)).toBe('HUT_EVENING_PAST');
      expect(await codes(friday, 1)).toBe('HUT_GROUP_SIZE');
      expect(await codes(friday, 7)).toBe('HUT_GROUP_SIZE');
      expect((await bookHut(db, friday, 2, { method: 'free' })).error?.message).toBe(
        'PAYMENT_METHOD_NOT_ALLOWED',
      );

      // The public calendar: one state per day, the reason of a block never.
      expect(await stateOf(db, thursday)).toBe('booked');
      expect(await stateOf(db, friday)).toBe('bookable');
      expect(await stateOf(db, saturday)).toBe('blocked');
      expect(await stateOf(db, monday)).toBe('closed');
      expect(await stateOf(db, afterSeason)).toBe('outside_season');
      expect(await stateOf(db, past)).toBe('past');
      const month = await db.as<{ month: unknown }>(anon, 'select public.hut_month($1::date) as month', [
        saturday,
      ]);
      expect(JSON.stringify(month.rows[0]!.month)).not.toContain('Tessin');
    }));

  it('keeps hut evenings, blocks and the booking function away from the public API', () =>
    inRolledBackTransaction(async (db) => {
      const thursday = await nextWeekday(db, 4, 7);
      await booked(db, thursday, 3);
      expect((await bookHut(db, await nextWeekday(db, 5, 7), 2, { actor: anon })).error?.code).toBe('42501');
      const events = await db.as<{ n: number }>(
        anon,
        `select count(*)::int as n from public.events where category = 'fondue'`,
      );
      expect(events.rows[0]!.n).toBe(0);
      expect((await db.as(anon, 'select * from public.hut_blocked_evenings')).error?.code).toBe('42501');
      const visitor = await db.createUser();
      expect(
        (await db.as(visitor, `select public.admin_block_hut_evening($1::date, 'x')`, [thursday])).error
          ?.code,
      ).toBe('42501');
    }));

  it('lets an admin block a free evening and open it again, but not block a booked one', () =>
    inRolledBackTransaction(async (db) => {
      const admin = await db.createUser({ admin: true });
      const thursday = await nextWeekday(db, 4, 7);
      const friday = await nextWeekday(db, 5, 7);
      await booked(db, thursday, 2);
      expect(
        (await db.as(admin, `select public.admin_block_hut_evening($1::date, 'Ferien')`, [thursday])).error
          ?.message,
      ).toBe('HUT_EVENING_BOOKED');
      expect(
        (await db.as(admin, `select public.admin_block_hut_evening($1::date, '  ')`, [friday])).error
          ?.message,
      ).toBe('INVALID_INPUT');
      await db.as(admin, `select public.admin_block_hut_evening($1::date, 'Familienfest')`, [friday]);
      expect(await stateOf(db, friday)).toBe('blocked');
      const adminMonth = await db.as<{
        month: {
          evenings: Array<
            MonthEvening & { blocked_reason: string | null; booking: { persons: number } | null }
          >;
        };
      }>(admin, 'select public.admin_hut_month($1::date) as month', [friday]);
      expect(adminMonth.rows[0]!.month.evenings.find((e) => e.day === friday)).toMatchObject({
        state: 'blocked',
        blocked_reason: 'Familienfest',
      });
      const unblock = await db.as<{ done: boolean }>(
        admin,
        'select public.admin_unblock_hut_evening($1::date) as done',
        [friday],
      );
      expect(unblock.rows[0]!.done).toBe(true);
      expect(await stateOf(db, friday)).toBe('bookable');
      expect((await bookHut(db, friday, 2)).error).toBeNull();
    }));
});

describe('hut evenings: one group per evening on every path', () => {
  it('refuses a staff booking and a reactivation onto an evening another group holds', () =>
    inRolledBackTransaction(async (db) => {
      const admin = await db.createUser({ admin: true });
      const friday = await nextWeekday(db, 5, 14);
      const first = await booked(db, friday, 2);
      await db.query(`update public.participants set status = 'cancelled' where id = $1`, [
        first.participant_id,
      ]);
      const second = await bookHut(db, friday, 4, { email: 'zweite@example.ch' });
      expect(second.error).toBeNull();
      const reactivate = await db.as(admin, 'select public.admin_reactivate_booking($1, true)', [
        first.participant_id,
      ]);
      expect(reactivate.error?.message).toBe('HUT_EVENING_BOOKED');
      const [event] = await db.query<{ id: string }>(
        `select id from public.events where category = 'fondue' and start_date = $1`,
        [friday],
      );
      const staff = await db.as(
        admin,
        `select public.admin_add_booking($1, 'Dritte Gruppe', 'dritte@example.ch', '+41791234567', 2, 'onsite', '', false, true)`,
        [event!.id],
      );
      expect(staff.error?.message).toBe('HUT_EVENING_BOOKED');
    }));
});

describe('hut evenings: a visitor booking on site or by invoice waits for its mail link', () => {
  // One booking takes the whole evening, so without the click on the confirm link a fake booking
  // of any group size would hold the evening (issue 25's rule, for the hut from 2 persons).
  it('holds a 2-person booking from the public path until confirmed; the link confirms it', () =>
    inRolledBackTransaction(async (db) => {
      const friday = await nextWeekday(db, 5, 14);
      const outcome = await db.as<{ result: Receipt }>(
        service,
        `select public.book_hut_evening($1::date, 'Fritz Fondue', 'fritz@example.ch', '+41 79 123 45 67',
           'invoice', '', null, 2, '{}'::jsonb, 'ip:203.0.113.9', 6) as result`,
        [friday],
      );
      expect(outcome.error).toBeNull();
      const receipt = outcome.rows[0]!.result;
      const [held] = await db.query<{ status: string; minutes: number }>(
        `select status, round(extract(epoch from hold_expires_at - private.now()) / 60)::int as minutes
           from public.participants where id = $1`,
        [receipt.participant_id],
      );
      expect(held).toEqual({ status: 'held', minutes: 60 });
      expect(await stateOf(db, friday)).toBe('booked');
      const [mail] = await db.query<{ token: string }>(
        `select payload #>> '{confirmHold,token}' as token from public.mail_outbox
          where participant_id = $1 and kind = 'participant_confirmation'`,
        [receipt.participant_id],
      );
      const confirmed = await db.as<{ result: { outcome: string } }>(
        anon,
        'select public.confirm_booking($1, $2) as result',
        [receipt.reference, mail!.token],
      );
      expect(confirmed.rows[0]?.result.outcome).toBe('confirmed');
    }));

  it('confirms a staff or service booking without an address at once, as before', () =>
    inRolledBackTransaction(async (db) => {
      const friday = await nextWeekday(db, 5, 14);
      const receipt = await booked(db, friday, 2, 'invoice');
      expect(receipt.status).toBe('confirmed');
    }));
});

describe('hut evenings: the group price', () => {
  it('charges CHF 90 / 85 / 80 per person for 2 / 3-4 / 5-6 persons, from the settings', () =>
    inRolledBackTransaction(async (db) => {
      const owed: number[] = [];
      for (const persons of [2, 3, 4, 5, 6]) {
        const day = await nextWeekday(db, 4, 7 * persons);
        const receipt = await booked(db, day, persons);
        owed.push((await money(db, receipt.participant_id)).owed_cents);
      }
      expect(owed).toEqual([18000, 25500, 34000, 40000, 48000]);
      const month = await db.as<{ month: { prices: Array<{ persons: number; total: number }> } }>(
        anon,
        'select public.hut_month(current_date) as month',
      );
      expect(month.rows[0]!.month.prices.map((row) => [row.persons, Number(row.total)])).toEqual([
        [2, 180],
        [3, 255],
        [4, 340],
        [5, 400],
        [6, 480],
      ]);

      // New prices count for the next booking, not for the ones made.
      await db.query(
        `update public.settings set value = jsonb_set(value, '{two}', '95') where key = 'fondue_prices'`,
      );
      const next = await booked(db, await nextWeekday(db, 5, 7), 2);
      expect((await money(db, next.participant_id)).owed_cents).toBe(19000);
      const [first] = await db.query<{ owed: number }>(
        `select (private.booking_money(p.id)).owed_cents as owed from public.participants p
           join public.events e on e.id = p.event_id
          where e.category = 'fondue' and p.persons = 2 and p.id <> $1`,
        [next.participant_id],
      );
      expect(first!.owed).toBe(18000);
    }));
});

// Sunday 28 March 2027, the day summer time starts: the evening begins at 18:30 CEST (16:30 UTC),
// so 48 hours before is Friday 26 March at 17:30 CET, not at 18:30 (two calendar days before).
const DST_EVENING = '2027-03-28';

async function bookDstEvening(db: Session, method: 'stripe' | 'invoice'): Promise<Receipt> {
  await setSeason(db, '2027-03-01', '2027-04-30');
  await setClock(db, '2027-03-20 12:00');
  const receipt = await booked(db, DST_EVENING, 4, method);
  await insertPayment(db, receipt.participant_id); // CHF 340, the card payment (pi_…) or the invoice paid
  // As complete_checkout leaves an online booking once paid.
  await db.query(`update public.participants set status = 'confirmed' where id = $1`, [
    receipt.participant_id,
  ]);
  return receipt;
}

describe('hut evenings: the cancellation rule (48 hours, then 50 %)', () => {
  it('refunds everything when the visitor cancels before the deadline (17:20 on Friday, Zurich time)', () =>
    inRolledBackTransaction(async (db) => {
      const receipt = await bookDstEvening(db, 'stripe');
      await setClock(db, '2027-03-26 17:20');
      expect(await manageView(db, receipt)).toMatchObject({
        can_change: true,
        can_reduce: false,
        cancellation: { late: false, keep_cents: 0, late_charge_percent: 50 },
      });
      // The group cancels or stays; it does not shrink (the price is the group's).
      expect((await cancel(db, receipt, 2)).error?.message).toBe('INVALID_INPUT');
      const outcome = await cancel(db, receipt);
      expect(outcome.error).toBeNull();
      expect(outcome.rows[0]!.result).toMatchObject({ kind: 'cancelled', kept_cents: 0 });
      expect(await refunds(db, receipt.participant_id)).toEqual([
        { kind: 'stripe_refund', amount_cents: 34000, state: 'queued' },
      ]);
      expect(await money(db, receipt.participant_id)).toMatchObject({ owed_cents: 0, open_cents: 0 });
    }));

  it('keeps 50 % after the deadline (17:40 on Friday) and refunds the other half through the refund queue', () =>
    inRolledBackTransaction(async (db) => {
      const receipt = await bookDstEvening(db, 'stripe');
      await setClock(db, '2027-03-26 17:40');
      expect(await manageView(db, receipt)).toMatchObject({
        can_change: true,
        cancellation: { late: true, keep_cents: 17000 },
      });
      // After the deadline only the whole booking can go.
      expect((await cancel(db, receipt, 2)).error?.message).toBe('DEADLINE_PASSED');
      const outcome = await cancel(db, receipt);
      expect(outcome.error).toBeNull();
      expect(outcome.rows[0]!.result).toMatchObject({ kind: 'cancelled', kept_cents: 17000 });
      expect(await refunds(db, receipt.participant_id)).toEqual([
        { kind: 'stripe_refund', amount_cents: 17000, state: 'queued' },
      ]);
      expect(await money(db, receipt.participant_id)).toMatchObject({
        owed_cents: 17000,
        paid_cents: 34000,
        refunded_cents: 17000,
        open_cents: 0,
      });
      const [mail] = await db.query<{ kind: string; payload: { change: { keptCents: number } } }>(
        `select kind, payload from public.mail_outbox where participant_id = $1 and kind = 'booking_change'`,
        [receipt.participant_id],
      );
      expect(mail!.payload.change.keptCents).toBe(17000);
    }));

  it('leaves a paid invoice half as an open refund after the deadline', () =>
    inRolledBackTransaction(async (db) => {
      await db.query(
        `insert into public.invoice_creditor (id, name, street, building_number, postal_code, city, country, iban, payment_days)
         values (true, 'Sinneswerk', 'Dorfstrasse', '12', '5034', 'Suhr', 'CH', 'CH9300762011623852957', 14)
         on conflict (id) do nothing`,
      );
      const receipt = await bookDstEvening(db, 'invoice');
      await setClock(db, '2027-03-27 09:00');
      expect((await cancel(db, receipt)).error).toBeNull();
      expect(await refunds(db, receipt.participant_id)).toEqual([
        { kind: 'manual_refund', amount_cents: 17000, state: 'queued' },
      ]);
    }));

  it('resets the fee when a booking holds seats again, also when the service role writes it', () =>
    inRolledBackTransaction(async (db) => {
      const receipt = await bookDstEvening(db, 'stripe');
      await setClock(db, '2027-03-27 09:00');
      expect((await cancel(db, receipt)).error).toBeNull();
      const update = await db.as(
        service,
        `update public.participants set status = 'confirmed' where id = $1`,
        [receipt.participant_id],
      );
      expect(update.error).toBeNull();
      const [row] = await db.query<{ fee: number }>(
        'select cancellation_fee_cents as fee from public.participants where id = $1',
        [receipt.participant_id],
      );
      expect(row!.fee).toBe(0);
    }));

  it('lets nobody cancel themselves once the evening has begun', () =>
    inRolledBackTransaction(async (db) => {
      const receipt = await bookDstEvening(db, 'stripe');
      await setClock(db, '2027-03-28 18:31');
      expect(await manageView(db, receipt)).toMatchObject({ can_change: false });
      expect((await cancel(db, receipt)).error?.message).toBe('DEADLINE_PASSED');
    }));
});

describe('hut evenings: an admin moves a booking to another evening (admin_move_hut_booking)', () => {
  function move(db: Session, actor: Actor, participantId: string, day: string) {
    return db.as<{ moved: { event_id: string } }>(
      actor,
      'select to_jsonb(public.admin_move_hut_booking($1, $2::date)) as moved',
      [participantId, day],
    );
  }

  it('moves to a free evening through admin_move_booking: history, the visitor mail, the money rule', () =>
    inRolledBackTransaction(async (db) => {
      const admin = await db.createUser({ admin: true });
      const thursday = await nextWeekday(db, 4, 7);
      const friday = await nextWeekday(db, 5, 7);
      const receipt = await booked(db, thursday, 4);
      const owedBefore = (await money(db, receipt.participant_id)).owed_cents;

      const outcome = await move(db, admin, receipt.participant_id, friday);
      expect(outcome.error).toBeNull();
      const [target] = await db.query<{ id: string }>(
        `select id from public.events where category = 'fondue' and start_date = $1`,
        [friday],
      );
      expect(outcome.rows[0]!.moved.event_id).toBe(target!.id);
      expect(await stateOf(db, thursday)).toBe('bookable');
      expect(await stateOf(db, friday)).toBe('booked');

      const history = await db.query<{ action: string; actor: string; event_after: string }>(
        `select action, actor, event_after from public.booking_history
          where participant_id = $1 and action = 'moved'`,
        [receipt.participant_id],
      );
      expect(history).toEqual([{ action: 'moved', actor: 'admin', event_after: target!.id }]);
      const mails = await db.query<{ recipient: string; date: string }>(
        `select recipient, payload #>> '{before,startDate}' as date from public.mail_outbox
          where participant_id = $1 and kind = 'booking_moved'`,
        [receipt.participant_id],
      );
      expect(mails).toEqual([{ recipient: 'fritz@example.ch', date: thursday }]);
      // admin_move_booking's rule: owed = the target event's price x persons; the new evening's
      // event carries the group price of the same tariff, so the amount stays.
      expect((await money(db, receipt.participant_id)).owed_cents).toBe(owedBefore);
    }));

  it("owes the new evening's group price when the tariff changed since the booking", () =>
    inRolledBackTransaction(async (db) => {
      const admin = await db.createUser({ admin: true });
      const thursday = await nextWeekday(db, 4, 7);
      const friday = await nextWeekday(db, 5, 7);
      const receipt = await booked(db, thursday, 2);
      await db.query(
        `update public.settings set value = jsonb_set(value, '{two}', '99') where key = 'fondue_prices'`,
      );
      expect((await move(db, admin, receipt.participant_id, friday)).error).toBeNull();
      expect((await money(db, receipt.participant_id)).owed_cents).toBe(2 * 9900);
    }));

  it('refuses a booked, blocked, closed, past or out-of-season evening with its code and moves nothing', () =>
    inRolledBackTransaction(async (db) => {
      await setSeason(db, await dayIn(db, -30), await dayIn(db, 60));
      const admin = await db.createUser({ admin: true });
      const thursday = await nextWeekday(db, 4, 7);
      const friday = await nextWeekday(db, 5, 7);
      const saturday = await nextWeekday(db, 6, 7);
      const monday = await nextWeekday(db, 1, 7);
      const receipt = await booked(db, thursday, 3);
      await bookHut(db, friday, 2, { email: 'zweite@example.ch' });
      await db.as(admin, `select public.admin_block_hut_evening($1::date, 'Ferien')`, [saturday]);

      const code = async (day: string) => (await move(db, admin, receipt.participant_id, day)).error?.message;
      expect(await code(friday)).toBe('HUT_EVENING_BOOKED');
      expect(await code(saturday)).toBe('HUT_EVENING_BLOCKED');
      expect(await code(monday)).toBe('HUT_CLOSED_DAY');
      expect(await code(await dayIn(db, -3))).toBe('HUT_EVENING_PAST');
      expect(await code(await nextWeekday(db, 5, 70))).toBe('HUT_OUTSIDE_SEASON');
      expect(await code(thursday)).toBe('NOTHING_CHANGED');
      expect(await stateOf(db, thursday)).toBe('booked');
      const [history] = await db.query<{ n: number }>(
        `select count(*)::int as n from public.booking_history where participant_id = $1 and action = 'moved'`,
        [receipt.participant_id],
      );
      expect(history!.n).toBe(0);
    }));

  it('refuses a booking of an ordinary event, a cancelled booking and a non-admin', () =>
    inRolledBackTransaction(async (db) => {
      const admin = await db.createUser({ admin: true });
      const visitor = await db.createUser();
      const friday = await nextWeekday(db, 5, 7);
      const event = await insertEvent(db);
      const ordinary = await insertParticipant(db, event.id);
      expect((await move(db, admin, ordinary.id, friday)).error?.message).toBe('HUT_NOT_A_HUT_BOOKING');

      const receipt = await booked(db, await nextWeekday(db, 4, 7), 2);
      expect((await move(db, visitor, receipt.participant_id, friday)).error?.code).toBe('42501');
      expect((await move(db, anon, receipt.participant_id, friday)).error?.code).toBe('42501');
      await db.query(`update public.participants set status = 'cancelled' where id = $1`, [
        receipt.participant_id,
      ]);
      expect((await move(db, admin, receipt.participant_id, friday)).error?.message).toBe(
        'TRANSITION_NOT_ALLOWED',
      );
      expect(await stateOf(db, friday)).toBe('bookable');
    }));

  it("keeps the general move away from hut evenings in both directions (the evening's rules would be skipped)", () =>
    inRolledBackTransaction(async (db) => {
      const admin = await db.createUser({ admin: true });
      const event = await insertEvent(db);
      const ordinary = await insertParticipant(db, event.id);
      const hut = await booked(db, await nextWeekday(db, 4, 7), 2);
      const [hutEvent] = await db.query<{ event_id: string }>(
        'select event_id from public.participants where id = $1',
        [hut.participant_id],
      );
      await db.query(`update public.participants set status = 'cancelled' where id = $1`, [
        hut.participant_id,
      ]);
      const generalMove = (participantId: string, eventId: string) =>
        db.as(admin, 'select public.admin_move_booking($1, $2)', [participantId, eventId]);
      // An ordinary booking onto the (now free) hut evening, and a hut booking onto an event.
      expect((await generalMove(ordinary.id, hutEvent!.event_id)).error?.message).toBe('HUT_MOVE_BY_EVENING');
      const other = await booked(db, await nextWeekday(db, 5, 7), 2, 'invoice');
      expect((await generalMove(other.participant_id, event.id)).error?.message).toBe('HUT_MOVE_BY_EVENING');
      // Between ordinary events it moves as before.
      const second = await insertEvent(db);
      expect((await generalMove(ordinary.id, second.id)).error).toBeNull();
    }));
});

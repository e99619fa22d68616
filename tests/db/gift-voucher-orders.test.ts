import { describe, expect, it } from 'vitest';
import { anon, inRolledBackTransaction, service, type Session } from './support/db';

// Gift vouchers bought online (issue 28, supabase/migrations/20261129120000_gift_voucher_orders.sql):
// the order is stored first with the price the database sets; the voucher exists only once Stripe
// reports exactly that amount in CHF, and is mailed on the buyer's day at 08:00 Zurich time.

interface Ordered {
  order_id: string;
  reference: string;
  amount_cents: number;
  title: string;
  email: string;
}

const TODAY = `(now() at time zone 'Europe/Zurich')::date`;

function order(
  db: Session,
  options: { offerId?: string; valueCents?: number | null; recipientEmail?: string; sendOn?: string } = {},
) {
  return db.as<{ order: Ordered }>(
    service,
    `select public.order_gift_voucher('Bea Buyer', 'Bea@Example.ch', 'Gina', $1, 'Alles Gute!',
       ${options.sendOn ?? TODAY}, $2, $3) as order`,
    [options.recipientEmail ?? 'gina@example.ch', options.offerId ?? null, options.valueCents ?? null],
  );
}

async function ordered(db: Session, options: Parameters<typeof order>[1] = {}): Promise<Ordered> {
  const result = await order(db, options);
  expect(result.error).toBeNull();
  return result.rows[0]!.order;
}

async function checkout(db: Session, orderId: string, session: string) {
  const recorded = await db.as(
    service,
    `select public.record_gift_voucher_checkout($1, $2, 'https://stripe.test/x')`,
    [orderId, session],
  );
  expect(recorded.error).toBeNull();
}

async function complete(db: Session, event: string, session: string, cents: number, currency = 'chf') {
  const result = await db.as<{ outcome: string }>(
    service,
    `select public.complete_gift_voucher_checkout($1, $2, 'pi_' || $1, $3, $4, 'twint') as outcome`,
    [event, session, cents, currency],
  );
  expect(result.error).toBeNull();
  return result.rows[0]!.outcome;
}

async function orderRow(db: Session, id: string) {
  const [row] = await db.query<{ state: string; gift_voucher_id: string | null; paid_method: string | null }>(
    'select state, gift_voucher_id, paid_method from public.gift_voucher_orders where id = $1',
    [id],
  );
  return row!;
}

describe('gift voucher orders', () => {
  it('prices a value voucher by the chosen whole francs within the limits, an offer by its price', () =>
    inRolledBackTransaction(async (db) => {
      for (const cents of [1900, 2050, 100100]) {
        const refused = await order(db, { valueCents: cents });
        expect(refused.error?.message, `${cents}`).toBe('INVALID_INPUT');
        expect(refused.error?.detail).toBe('amount');
      }
      expect((await ordered(db, { valueCents: 15000 })).amount_cents).toBe(15000);

      const [offer] = await db.query<{ id: string }>(
        `insert into public.gift_voucher_offers (title, price_cents) values ('Fondue-Abend für 2 Personen', 9800)
         returning id`,
      );
      const fondue = await ordered(db, { offerId: offer!.id, valueCents: null });
      expect(fondue).toMatchObject({
        amount_cents: 9800,
        title: 'Geschenkgutschein «Fondue-Abend für 2 Personen»',
      });
      expect(fondue.reference).toMatch(/^GB-[A-HJ-NP-Z2-9]{8}$/);
      expect(fondue.email).toBe('bea@example.ch');

      await db.query('update public.gift_voucher_offers set active = false where id = $1', [offer!.id]);
      expect((await order(db, { offerId: offer!.id })).error?.message).toBe('GIFT_VOUCHER_OFFER_GONE');
      const past = await order(db, { valueCents: 5000, sendOn: `${TODAY} - 1` });
      expect(past.error?.detail).toBe('sendOn');
    }));

  it('issues the voucher when Stripe reports the amount, mails it on the chosen morning, and only once', () =>
    inRolledBackTransaction(async (db) => {
      const bought = await ordered(db, { valueCents: 15000, sendOn: `${TODAY} + 1` });
      await checkout(db, bought.order_id, 'cs_test_order_paid');
      expect(await orderRow(db, bought.order_id)).toMatchObject({ state: 'open', gift_voucher_id: null });

      expect(await complete(db, 'evt_order_paid', 'cs_test_order_paid', 15000)).toBe('paid');
      const paid = await orderRow(db, bought.order_id);
      expect(paid).toMatchObject({ state: 'paid', paid_method: 'twint' });
      const [voucher] = await db.query<Record<string, unknown>>(
        `select kind, value_cents, balance_cents, source, recipient_name, message, mailed_to,
                mail_on = ${TODAY} + 1 as tomorrow,
                valid_until = (${TODAY} + interval '3 years')::date as three_years
           from public.gift_vouchers where id = $1`,
        [paid.gift_voucher_id],
      );
      expect(voucher).toEqual({
        kind: 'value',
        value_cents: 15000,
        balance_cents: 15000,
        source: 'purchase',
        recipient_name: 'Gina',
        message: 'Alles Gute!',
        mailed_to: 'gina@example.ch',
        tomorrow: true,
        three_years: true,
      });
      const mails = await db.query<{ kind: string; recipient: string; morning: boolean; buyer: string }>(
        `select kind, recipient,
                next_attempt_at = ((${TODAY} + 1) + time '08:00') at time zone 'Europe/Zurich' as morning,
                coalesce(payload #>> '{voucher,buyerName}', payload #>> '{order,buyerName}') as buyer
           from public.mail_outbox where recipient in ('gina@example.ch', 'bea@example.ch') order by kind`,
      );
      expect(mails).toEqual([
        { kind: 'gift_voucher', recipient: 'gina@example.ch', morning: true, buyer: 'Bea Buyer' },
        { kind: 'gift_voucher_order_paid', recipient: 'bea@example.ch', morning: false, buyer: 'Bea Buyer' },
      ]);

      // Stripe repeats the event, or sends another for the same session: still one voucher.
      expect(await complete(db, 'evt_order_paid', 'cs_test_order_paid', 15000)).toBe('duplicate');
      expect(await complete(db, 'evt_order_paid_again', 'cs_test_order_paid', 15000)).toBe('ignored');
      const [count] = await db.query<{ n: number }>(
        `select count(*)::int as n from public.gift_vouchers where source = 'purchase' and recipient_name = 'Gina'`,
      );
      expect(count!.n).toBe(1);

      // Stripe's fee is kept for the bookkeeper.
      await db.as(service, `select public.record_stripe_fee('pi_evt_order_paid', 285)`);
      const [fee] = await db.query<{ stripe_fee_cents: number }>(
        'select stripe_fee_cents from public.gift_voucher_orders where id = $1',
        [bought.order_id],
      );
      expect(fee!.stripe_fee_cents).toBe(285);
    }));

  it('issues nothing for a wrong amount or currency, and ends an expired session without a voucher', () =>
    inRolledBackTransaction(async (db) => {
      const short = await ordered(db, { valueCents: 15000 });
      await checkout(db, short.order_id, 'cs_test_order_short');
      expect(await complete(db, 'evt_order_short', 'cs_test_order_short', 1500)).toBe('mismatch');
      expect(await complete(db, 'evt_order_eur', 'cs_test_order_short', 15000, 'eur')).toBe('mismatch');
      expect(await orderRow(db, short.order_id)).toMatchObject({ state: 'open', gift_voucher_id: null });

      const lapsed = await ordered(db, { valueCents: 5000 });
      await checkout(db, lapsed.order_id, 'cs_test_order_lapsed');
      const expired = await db.as<{ outcome: string }>(
        service,
        `select public.expire_gift_voucher_checkout('evt_order_lapsed', 'cs_test_order_lapsed') as outcome`,
      );
      expect(expired.rows[0]!.outcome).toBe('released');
      expect(await orderRow(db, lapsed.order_id)).toMatchObject({ state: 'expired', gift_voucher_id: null });
      const [events] = await db.query<{ n: number }>(
        `select count(*)::int as n from public.stripe_webhook_events
          where gift_voucher_order_id in ($1, $2)`,
        [short.order_id, lapsed.order_id],
      );
      expect(events!.n).toBe(3);
    }));

  it('delivers a voucher for a later day only once the clock reaches that morning', () =>
    inRolledBackTransaction(async (db) => {
      const bought = await ordered(db, { valueCents: 5000, sendOn: `${TODAY} + 1` });
      await checkout(db, bought.order_id, 'cs_test_order_tomorrow');
      await complete(db, 'evt_order_tomorrow', 'cs_test_order_tomorrow', 5000);
      const claimed = async () =>
        (
          await db.query<{ kind: string }>(
            `select kind from public.claim_outbox_mails(100) where recipient = 'gina@example.ch'`,
          )
        ).map((row) => row.kind);
      expect(await claimed()).toEqual([]);
      await db.query(
        `insert into private.clock (shift)
         values ((((${TODAY} + 1) + time '08:01') at time zone 'Europe/Zurich') - now())`,
      );
      expect(await claimed()).toEqual(['gift_voucher']);
    }));

  it('keeps orders to the team and the sale to the functions', () =>
    inRolledBackTransaction(async (db) => {
      await db.query(
        `insert into public.gift_voucher_offers (title, price_cents, active)
         values ('Kochkurs', 12000, true), ('Alt', 5000, false)`,
      );
      const offers = await db.as<{ title: string }>(
        anon,
        'select title from public.gift_voucher_offers order by title',
      );
      expect(offers.rows.map((row) => row.title)).toEqual(['Kochkurs']);
      const shop = await db.as<{
        shop: { min_cents: number; max_cents: number; offers: { title: string }[] };
      }>(anon, 'select public.gift_voucher_shop() as shop');
      expect(shop.rows[0]!.shop).toMatchObject({
        min_cents: 2000,
        max_cents: 100000,
        offers: [{ title: 'Kochkurs' }],
      });

      await ordered(db, { valueCents: 5000 });
      expect((await db.as(anon, 'select * from public.gift_voucher_orders')).error?.message).toMatch(
        /permission denied/,
      );
      const user = await db.createUser();
      expect((await db.as(user, 'select * from public.gift_voucher_orders')).rows).toEqual([]);
      const admin = await db.createUser({ admin: true });
      expect((await db.as(admin, 'select reference from public.gift_voucher_orders')).rows).toHaveLength(1);
      for (const sql of [
        `select public.order_gift_voucher('X', 'x@example.ch', '', '', '', ${TODAY}, null, 5000)`,
        `select public.complete_gift_voucher_checkout('evt_x', 'cs_x', 'pi_x', 5000, 'chf', 'card')`,
        `insert into public.gift_voucher_offers (title, price_cents) values ('Gratis', 100)`,
      ]) {
        expect((await db.as(anon, sql)).error?.message, sql).toMatch(/permission denied/);
      }
    }));
});

describe('personal data on orders', () => {
  type Export = { d: { giftVoucherOrders: Array<Record<string, unknown>> } };
  type Erased = { r: { erased: boolean; counts: { giftVoucherOrders: number } } };
  const people = (db: Session, id: string) =>
    db
      .query<Record<string, string | null>>(
        `select buyer_name, buyer_email, recipient_name, recipient_email, message, reference, state
           from public.gift_voucher_orders where id = $1`,
        [id],
      )
      .then((rows) => rows[0]!);

  it('is in the access export of the buyer and of the recipient, and nobody else’s', () =>
    inRolledBackTransaction(async (db) => {
      const bought = await ordered(db, { valueCents: 5000 });
      const admin = await db.createUser({ admin: true });
      for (const email of ['BEA@example.ch', 'gina@example.ch']) {
        const data = await db.as<Export>(admin, 'select public.admin_person_data($1) as d', [email]);
        expect(data.error).toBeNull();
        expect(data.rows[0]!.d.giftVoucherOrders, email).toEqual([
          expect.objectContaining({
            rule: 'bookkeeping',
            reference: bought.reference,
            valueCents: 5000,
            state: 'open',
            buyerName: 'Bea Buyer',
            buyerEmail: 'bea@example.ch',
            recipientName: 'Gina',
            recipientEmail: 'gina@example.ch',
            message: 'Alles Gute!',
          }),
        ]);
      }
      const other = await db.as<Export>(admin, 'select public.admin_person_data($1) as d', ['x@example.ch']);
      expect(other.rows[0]!.d.giftVoucherOrders).toEqual([]);
    }));

  it('goes on erasure: the recipient’s part for the recipient, the buyer’s for the buyer; the sale stays', () =>
    inRolledBackTransaction(async (db) => {
      const bought = await ordered(db, { valueCents: 15000 });
      await checkout(db, bought.order_id, 'cs_test_order_erase');
      await complete(db, 'evt_order_erase', 'cs_test_order_erase', 15000);
      const admin = await db.createUser({ admin: true });

      const recipient = await db.as<Erased>(admin, 'select public.admin_erase_person($1) as r', [
        'Gina@Example.ch',
      ]);
      expect(recipient.error).toBeNull();
      expect(recipient.rows[0]!.r.counts.giftVoucherOrders).toBe(1);
      expect(await people(db, bought.order_id)).toEqual({
        buyer_name: 'Bea Buyer',
        buyer_email: 'bea@example.ch',
        recipient_name: 'anonymisiert',
        recipient_email: null,
        message: 'anonymisiert',
        reference: bought.reference,
        state: 'paid',
      });

      const buyer = await db.as<Erased>(admin, 'select public.admin_erase_person($1) as r', [
        'bea@example.ch',
      ]);
      expect(buyer.rows[0]!.r.counts.giftVoucherOrders).toBe(1);
      expect(await people(db, bought.order_id)).toMatchObject({
        buyer_name: 'anonymisiert',
        buyer_email: 'anonymisiert@anonymisiert.invalid',
        state: 'paid',
      });
      // Asked again, nothing is left: no count, no second log row.
      const again = await db.as<Erased>(admin, 'select public.admin_erase_person($1) as r', [
        'bea@example.ch',
      ]);
      expect(again.rows[0]!.r).toMatchObject({ erased: false, counts: { giftVoucherOrders: 0 } });
    }));

  it('is cleared by the retention job ten years (the books) after the order, not a day earlier', () =>
    inRolledBackTransaction(async (db) => {
      const old = await ordered(db, { valueCents: 5000 });
      const younger = await ordered(db, { valueCents: 5000 });
      // bookkeeping keeps 3650 days; cleared once the order's day plus 3650 has passed.
      await db.query(
        `update public.gift_voucher_orders set created_at = now() - interval '3651 days', state = 'expired'
          where id = $1`,
        [old.order_id],
      );
      await db.query(
        `update public.gift_voucher_orders set created_at = now() - interval '3649 days' where id = $1`,
        [younger.order_id],
      );
      const [run] = await db.query<{ r: { giftVoucherOrders: number } }>(
        'select private.apply_retention() as r',
      );
      expect(run!.r.giftVoucherOrders).toBe(1);
      expect(await people(db, old.order_id)).toEqual({
        buyer_name: 'anonymisiert',
        buyer_email: 'anonymisiert@anonymisiert.invalid',
        recipient_name: 'anonymisiert',
        recipient_email: null,
        message: 'anonymisiert',
        reference: old.reference,
        state: 'expired',
      });
      expect(await people(db, younger.order_id)).toMatchObject({
        buyer_name: 'Bea Buyer',
        message: 'Alles Gute!',
      });
      const [again] = await db.query<{ r: { giftVoucherOrders: number } }>(
        'select private.apply_retention() as r',
      );
      expect(again!.r.giftVoucherOrders).toBe(0);
    }));
});

describe('offers in the admin', () => {
  it('are written by admins under RLS (what /admin/gutscheine does), not by other users', () =>
    inRolledBackTransaction(async (db) => {
      const admin = await db.createUser({ admin: true });
      const added = await db.as<{ id: string }>(
        admin,
        `insert into public.gift_voucher_offers (title, description, price_cents, position)
         values ('Kochkurs', '', 12000, 3) returning id`,
      );
      expect(added.error).toBeNull();
      const id = added.rows[0]!.id;
      const changed = await db.as(
        admin,
        `update public.gift_voucher_offers set price_cents = 13000, position = 0, active = false where id = $1`,
        [id],
      );
      expect(changed.error).toBeNull();
      const [row] = await db.query(
        'select price_cents, position, active from public.gift_voucher_offers where id = $1',
        [id],
      );
      expect(row).toEqual({ price_cents: 13000, position: 0, active: false });

      const user = await db.createUser();
      await db.as(user, `update public.gift_voucher_offers set price_cents = 100 where id = $1`, [id]);
      const refused = await db.as(
        user,
        `insert into public.gift_voucher_offers (title, price_cents) values ('X', 100)`,
      );
      expect(refused.error?.message).toMatch(/row-level security/);
      const [kept] = await db.query<{ price_cents: number }>(
        'select price_cents from public.gift_voucher_offers where id = $1',
        [id],
      );
      expect(kept!.price_cents).toBe(13000);
    }));

  it('would lose the link to its orders if deleted, which is why the admin only deactivates', () =>
    inRolledBackTransaction(async (db) => {
      const [offer] = await db.query<{ id: string }>(
        `insert into public.gift_voucher_offers (title, price_cents) values ('Fondue', 9800) returning id`,
      );
      const bought = await ordered(db, { offerId: offer!.id, valueCents: null });
      await db.query('delete from public.gift_voucher_offers where id = $1', [offer!.id]);
      const [row] = await db.query<{ offer_id: string | null; title: string }>(
        'select offer_id, title from public.gift_voucher_orders where id = $1',
        [bought.order_id],
      );
      // The title as ordered stays; which offer it was does not.
      expect(row).toEqual({ offer_id: null, title: 'Fondue' });
    }));
});

import { describe, expect, it } from 'vitest';
import { anon, inRolledBackTransaction, service, type Session } from './support/db';
import { insertEvent } from './support/fixtures';

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
  options: {
    offerId?: string;
    valueCents?: number | null;
    recipientEmail?: string;
    sendOn?: string;
    method?: 'stripe' | 'invoice';
  } = {},
) {
  return db.as<{ order: Ordered }>(
    service,
    `select public.order_gift_voucher('Bea Buyer', 'Bea@Example.ch', 'Gina', $1, 'Alles Gute!',
       ${options.sendOn ?? TODAY}, $2, $3, $4) as order`,
    [
      options.recipientEmail ?? 'gina@example.ch',
      options.offerId ?? null,
      options.valueCents ?? null,
      options.method ?? 'stripe',
    ],
  );
}

/** One credit of a camt file, as the admin's import sends it (admin_import_bank_entries). */
async function importCredit(db: Session, reference: string, cents: number, entryReference: string) {
  const admin = await db.createUser({ admin: true });
  const file = {
    fileName: 'camt.xml',
    storagePath: null,
    format: 'camt.054.001.08',
    messageId: 'MSG',
    entries: [
      {
        entryReference,
        kind: 'credit',
        amountCents: cents,
        currency: 'CHF',
        valueDate: null,
        reference,
        debtorName: 'Bea',
      },
    ],
  };
  const result = await db.as<{ result: { entries: Array<{ outcome: string; bookingReference: string }> } }>(
    admin,
    'select public.admin_import_bank_entries($1::jsonb, true) as result',
    [JSON.stringify(file)],
  );
  expect(result.error).toBeNull();
  return result.rows[0]!.result.entries[0]!;
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

  it('sends a QR bill for an order by invoice and issues the voucher when the bank file brings exactly its amount', () =>
    inRolledBackTransaction(async (db) => {
      await db.query('delete from public.invoice_creditor');
      const refused = await order(db, { valueCents: 8000, method: 'invoice' });
      expect(refused.error?.detail).toBe('paymentMethod');

      await db.query(`insert into public.invoice_creditor (name, street, postal_code, city, iban)
        values ('Sinneswerk GmbH', 'Dorfstrasse', '5034', 'Suhr', 'CH4431999123000889012')`);
      const bought = await ordered(db, { valueCents: 8000, method: 'invoice', sendOn: `${TODAY} + 2` });
      const [row] = await db.query<{ invoice_reference: string; due: boolean; state: string }>(
        `select invoice_reference, invoice_due_date = ${TODAY} + 10 as due, state
           from public.gift_voucher_orders where id = $1`,
        [bought.order_id],
      );
      expect(row).toMatchObject({ due: true, state: 'open' });
      expect(row!.invoice_reference).toMatch(/^[0-9]{27}$/);
      const [bill] = await db.query<{ recipient: string; amount: number; reference: string }>(
        `select recipient, (payload #>> '{invoice,amountCents}')::int as amount, payload #>> '{invoice,reference}' as reference
           from public.mail_outbox where kind = 'gift_voucher_invoice'`,
      );
      expect(bill).toEqual({ recipient: 'bea@example.ch', amount: 8000, reference: row!.invoice_reference });

      // Too little: kept for the team, with a note; nothing issued.
      const short = await importCredit(db, row!.invoice_reference, 5000, 'E2E-ORDER-SHORT');
      expect(short).toMatchObject({ outcome: 'unassigned', bookingReference: bought.reference });
      const [note] = await db.query<{ note: string }>(
        `select note from public.bank_entries where entry_reference = 'E2E-ORDER-SHORT'`,
      );
      expect(note!.note).toBe(`Gutscheinbestellung ${bought.reference}: erwartet CHF 80.00`);
      expect(await orderRow(db, bought.order_id)).toMatchObject({ state: 'open', gift_voucher_id: null });

      // The amount: the voucher is issued and goes out on its day; the buyer is told now.
      const paid = await importCredit(db, row!.invoice_reference, 8000, 'E2E-ORDER-PAID');
      expect(paid.outcome).toBe('matched');
      const issued = await orderRow(db, bought.order_id);
      expect(issued).toMatchObject({ state: 'paid', paid_method: 'invoice' });
      const mails = await db.query<{ kind: string; later: boolean }>(
        `select kind, next_attempt_at > now() + interval '1 day' as later from public.mail_outbox
          where kind in ('gift_voucher', 'gift_voucher_order_paid') order by kind`,
      );
      expect(mails).toEqual([
        { kind: 'gift_voucher', later: true },
        { kind: 'gift_voucher_order_paid', later: false },
      ]);

      // Paid twice: the second credit waits for the team.
      const twice = await importCredit(db, row!.invoice_reference, 8000, 'E2E-ORDER-TWICE');
      expect(twice.outcome).toBe('unassigned');
      const [again] = await db.query<{ note: string }>(
        `select note from public.bank_entries where entry_reference = 'E2E-ORDER-TWICE'`,
      );
      expect(again!.note).toBe(`Gutscheinbestellung ${bought.reference}: bereits bezahlt`);
    }));

  it('books a sale as money received, in the export and the period, with its fee', () =>
    inRolledBackTransaction(async (db) => {
      const bought = await ordered(db, { valueCents: 15000 });
      await checkout(db, bought.order_id, 'cs_test_order_books');
      await complete(db, 'evt_order_books', 'cs_test_order_books', 15000);
      await db.as(service, `select public.record_stripe_fee('pi_evt_order_books', 285)`);
      const admin = await db.createUser({ admin: true });
      const period = [`${TODAY} - 1`, `${TODAY} + 1`].map((day) => `(${day})::date`).join(', ');
      const rows = await db.as<Record<string, unknown>>(
        admin,
        `select kind, booking_reference, event_title, method, gross_cents, refund_cents, stripe_fee_cents
           from public.admin_finance_export(${period}) where kind = 'voucher_sale'`,
      );
      expect(rows.rows).toEqual([
        {
          kind: 'voucher_sale',
          booking_reference: bought.reference,
          event_title: 'Geschenkgutschein',
          method: 'twint',
          gross_cents: 15000,
          refund_cents: 0,
          stripe_fee_cents: 285,
        },
      ]);
      const sales = await db.as<Record<string, unknown>>(
        admin,
        `select * from public.admin_gift_voucher_sales(${period})`,
      );
      expect(sales.rows[0]).toEqual({
        sold_cents: '15000',
        sold_count: 1,
        card_cents: '0',
        twint_cents: '15000',
        invoice_cents: '0',
      });
      const yesterday = `(${TODAY} - 2)::date, (${TODAY} - 1)::date`;
      const none = await db.as<Record<string, unknown>>(
        admin,
        `select sold_count from public.admin_gift_voucher_sales(${yesterday})`,
      );
      expect(none.rows[0]).toEqual({ sold_count: 0 });
      expect(
        (await db.as(anon, `select * from public.admin_gift_voucher_sales(${period})`)).error?.message,
      ).toMatch(/permission denied/);
    }));

  it('counts a voucher sold as money received on the dashboard, and a redemption as paid by voucher, not money', () =>
    inRolledBackTransaction(async (db) => {
      const admin = await db.createUser({ admin: true });
      const stats = async () => {
        const result = await db.as<{ stats: { received_cents: number; voucher_cents: number } }>(
          admin,
          'select public.admin_dashboard_stats() as stats',
        );
        const { received_cents, voucher_cents } = result.rows[0]!.stats;
        return { received: Number(received_cents), voucher: Number(voucher_cents) };
      };
      const before = await stats();
      const bought = await ordered(db, { valueCents: 15000 });
      await checkout(db, bought.order_id, 'cs_test_order_dashboard');
      await complete(db, 'evt_order_dashboard', 'cs_test_order_dashboard', 15000);
      const [voucher] = await db.query<{ code: string }>(
        'select g.code from public.gift_vouchers g join public.gift_voucher_orders o on o.gift_voucher_id = g.id where o.id = $1',
        [bought.order_id],
      );
      expect(await stats()).toEqual({ received: before.received + 15000, voucher: before.voucher });

      const event = await insertEvent(db, { price: 50, payment_methods: ['onsite'] });
      const booked = await db.as<{ result: { reference: string; manage_token: string } }>(
        service,
        `select public.register_for_event($1, 'Vera Voucher', 'vera@example.ch', '+41 79 123 45 67', 'onsite', '',
           null, 1, '{}'::jsonb, null, null, null, null, $2) as result`,
        [event.id, voucher!.code],
      );
      expect(booked.error).toBeNull();
      expect(await stats()).toEqual({ received: before.received + 15000, voucher: before.voucher + 5000 });
      const { reference, manage_token } = booked.rows[0]!.result;
      await db.as(anon, 'select public.change_booking($1, $2, 0)', [reference, manage_token]);
      expect(await stats()).toEqual({ received: before.received + 15000, voucher: before.voucher });
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

import { describe, expect, it } from 'vitest';
import { anon, inRolledBackTransaction, service, type Actor, type Session } from './support/db';
import { insertEvent } from './support/fixtures';

// 'Finanzen' and the bookkeeper's export (supabase/schemas/43_finance.sql): both read the same
// payment and refund rows, so a month's export sums to the view, and both to the rows themselves.

interface ReportRow {
  scope: 'month' | 'event' | 'total';
  month: string | null;
  event_id: string | null;
  event_title: string | null;
  booked_cents: string;
  received_card_cents: string;
  received_twint_cents: string;
  received_invoice_cents: string;
  received_onsite_cents: string;
  received_cents: string;
  refunded_cents: string;
  open_cents: string;
  discount_cents: string;
}

interface ExportRow {
  kind: 'payment' | 'refund';
  entry_date: string;
  booking_reference: string;
  qr_reference: string | null;
  event_title: string;
  method: string;
  gross_cents: number;
  refund_cents: number;
  stripe_fee_cents: number | null;
  bank_reference: string | null;
}

/** The last 400 days and tomorrow, by the database's clock in Zurich (the caller may not read private). */
async function period(db: Session): Promise<[string, string]> {
  const [row] = await db.query<{ from: string; to: string }>(
    `select (private.today_in_zurich() - 400)::text as from, (private.today_in_zurich() + 1)::text as to`,
  );
  return [row!.from, row!.to];
}

async function call<Row = Record<string, unknown>>(
  db: Session,
  actor: Actor,
  sql: string,
  params: unknown[] = [],
) {
  const outcome = await db.as<{ result: Row }>(actor, `select ${sql} as result`, params);
  if (outcome.error) throw outcome.error;
  return outcome.rows[0]!.result;
}

async function report(db: Session, admin: Actor): Promise<ReportRow[]> {
  const outcome = await db.as<ReportRow>(
    admin,
    'select * from public.admin_finance_report($1, $2)',
    await period(db),
  );
  if (outcome.error) throw outcome.error;
  return outcome.rows;
}

async function exportRows(db: Session, admin: Actor): Promise<ExportRow[]> {
  const outcome = await db.as<ExportRow>(
    admin,
    'select * from public.admin_finance_export($1, $2)',
    await period(db),
  );
  if (outcome.error) throw outcome.error;
  return outcome.rows;
}

async function register(db: Session, eventId: string, method: string, persons = 1) {
  const receipt = await call<{ participant_id: string }>(
    db,
    service,
    'public.register_for_event($1, $2, $3, $4, $5, $6, null, $7)',
    [
      eventId,
      'Petra Muster',
      `gast-${Math.random().toString(36).slice(2, 8)}@example.ch`,
      '+41 79 123 45 67',
      method,
      '',
      persons,
    ],
  );
  const [row] = await db.query<{ id: string; reference: string; invoice_reference: string | null }>(
    'select id, reference, invoice_reference from public.participants where id = $1',
    [receipt.participant_id],
  );
  return row!;
}

/** An online booking paid at Stripe by card or TWINT (the webhook's transition). */
async function paidOnline(db: Session, eventId: string, method: 'card' | 'twint', persons: number) {
  const b = await register(db, eventId, 'stripe', persons);
  const session = `cs_test_fin_${Math.random().toString(36).slice(2, 10)}`;
  await call(
    db,
    service,
    `public.record_checkout_session($1, $2, 'https://checkout.stripe.com/c/pay/x', now() + interval '30 minutes')`,
    [b.id, session],
  );
  await call(db, service, 'public.complete_checkout($1, $2, $3, $4, $5, $6)', [
    `evt_${Math.random().toString(36).slice(2, 14)}`,
    session,
    `pi_test_fin_${Math.random().toString(36).slice(2, 10)}`,
    5000 * persons,
    'chf',
    method,
  ]);
  return b;
}

const sumOf = (rows: ExportRow[], pick: (row: ExportRow) => number) =>
  rows.reduce((total, row) => total + pick(row), 0);

describe('finance functions refuse everybody but admins', () => {
  it.each(['admin_finance_report', 'admin_finance_export'])('%s: anon and a non-admin get 42501', (name) =>
    inRolledBackTransaction(async (db) => {
      const user = await db.createUser();
      for (const actor of [anon, user]) {
        const outcome = await db.as(actor, `select * from public.${name}($1, $2)`, await period(db));
        expect(outcome.error?.code).toBe('42501');
      }
    }),
  );

  it('a reversed period is FINANCE_PERIOD_INVALID', () =>
    inRolledBackTransaction(async (db) => {
      const admin = await db.createUser({ admin: true });
      const outcome = await db.as(
        admin,
        `select * from public.admin_finance_report('2026-12-01', '2026-11-01')`,
      );
      expect(outcome.error?.message).toBe('FINANCE_PERIOD_INVALID');
    }));
});

describe('the export sums to the Finanzen view and to the payment rows', () => {
  it('card, TWINT, invoice, on-site payments and refunds', () =>
    inRolledBackTransaction(async (db) => {
      const admin = await db.createUser({ admin: true });
      await db.query('delete from public.invoice_creditor');
      await db.query(`insert into public.invoice_creditor (name, street, postal_code, city, iban)
        values ('Sinneswerk GmbH', 'Dorfstrasse', '5034', 'Suhr', 'CH4431999123000889012')`);
      const title = `Finanztest ${Math.random().toString(36).slice(2, 8)}`;
      const event = await insertEvent(db, {
        title,
        price: 50,
        max_participants: 30,
        max_persons_per_booking: 6,
        payment_methods: ['stripe', 'onsite', 'invoice'],
      });
      const monthBefore = (await report(db, admin)).find((row) => row.scope === 'total')!;
      const exportBefore = await exportRows(db, admin);

      const card = await paidOnline(db, event.id, 'card', 2); // 100 by card, 20 back later
      await paidOnline(db, event.id, 'twint', 1); // 50 by TWINT
      const invoice = await register(db, event.id, 'invoice'); // 50 by the bank file
      const [today] = await db.query<{ d: string }>(`select private.today_in_zurich()::text as d`);
      await call(db, admin, 'public.admin_import_bank_entries($1::jsonb, true)', [
        JSON.stringify({
          fileName: 'camt054.xml',
          storagePath: null,
          format: 'camt.054.001.08',
          messageId: 'FIN-1',
          entries: [
            {
              entryReference: 'BANKREF-FIN-1',
              kind: 'credit',
              amountCents: 5000,
              currency: 'CHF',
              valueDate: today!.d,
              reference: invoice.invoice_reference,
              remittance: null,
              debtorName: 'Petra Muster',
            },
          ],
        }),
      ]);
      const onsite = await register(db, event.id, 'onsite', 3); // 150 on site, 40 back
      await call(db, admin, `public.admin_record_payment($1, 15000, 'onsite')`, [onsite.id]);
      await call(db, admin, `public.admin_refund($1, 4000, 'Kulanz')`, [onsite.id]);
      const cancelled = await register(db, event.id, 'onsite'); // 50 on site, all back
      await call(db, admin, `public.admin_record_payment($1, 5000, 'onsite')`, [cancelled.id]);
      await call(db, admin, 'public.admin_cancel_booking($1)', [cancelled.id]);
      await call(db, admin, `public.admin_refund($1, 2000, 'Teilrückerstattung')`, [card.id]);
      await register(db, event.id, 'onsite'); // 50 open

      // The rows themselves.
      const [rows] = await db.query<{ payments: number; refunds: number; owed: number; open: number }>(
        `select (select coalesce(sum(y.amount_cents), 0)::int from public.payments y
                  join public.participants p on p.id = y.participant_id
                 where p.event_id = $1 and y.state = 'succeeded') as payments,
                (select coalesce(sum(r.amount_cents), 0)::int from public.refund_requests r
                  join public.participants p on p.id = r.participant_id
                 where p.event_id = $1 and r.kind <> 'expire_checkout' and r.state <> 'failed') as refunds,
                (select coalesce(sum((private.booking_money(p.id)).owed_cents), 0)::int
                   from public.participants p where p.event_id = $1) as owed,
                (select coalesce(sum((private.booking_money(p.id)).open_cents), 0)::int
                   from public.participants p where p.event_id = $1) as open`,
        [event.id],
      );
      expect(rows).toMatchObject({
        payments: 10000 + 5000 + 5000 + 15000 + 5000,
        refunds: 4000 + 5000 + 2000,
      });

      // The export: one row per payment and per refund, with the references.
      const mine = (await exportRows(db, admin)).filter((row) => row.event_title === title);
      expect(mine.filter((row) => row.kind === 'payment')).toHaveLength(5);
      expect(mine.filter((row) => row.kind === 'refund')).toHaveLength(3);
      expect(sumOf(mine, (row) => row.gross_cents)).toBe(rows!.payments);
      expect(sumOf(mine, (row) => row.refund_cents)).toBe(rows!.refunds);
      const bank = mine.find((row) => row.method === 'invoice')!;
      expect(bank).toMatchObject({
        booking_reference: invoice.reference,
        qr_reference: invoice.invoice_reference,
        gross_cents: 5000,
        bank_reference: 'BANKREF-FIN-1',
        entry_date: today!.d,
      });
      expect(
        mine.find((row) => row.kind === 'refund' && row.booking_reference === card.reference),
      ).toMatchObject({ method: 'card', refund_cents: 2000 });

      // The view: the event's row, the month's change and the total agree with both.
      const after = await report(db, admin);
      const eventRow = after.find((row) => row.scope === 'event' && row.event_id === event.id)!;
      expect(eventRow).toMatchObject({
        event_title: title,
        received_card_cents: '10000',
        received_twint_cents: '5000',
        received_invoice_cents: '5000',
        received_onsite_cents: '20000',
        received_cents: String(rows!.payments),
        refunded_cents: String(rows!.refunds),
        booked_cents: String(rows!.owed),
        open_cents: String(rows!.open),
      });
      expect(rows!.open).toBe(5000);
      const total = after.find((row) => row.scope === 'total')!;
      expect(Number(total.received_cents) - Number(monthBefore.received_cents)).toBe(rows!.payments);
      expect(Number(total.refunded_cents) - Number(monthBefore.refunded_cents)).toBe(rows!.refunds);
      const allExport = await exportRows(db, admin);
      expect(allExport.length - exportBefore.length).toBe(8);
      expect(sumOf(allExport, (row) => row.gross_cents)).toBe(Number(total.received_cents));
      expect(sumOf(allExport, (row) => row.refund_cents)).toBe(Number(total.refunded_cents));
      // Months and events are the same facts grouped two ways.
      for (const scope of ['month', 'event'] as const) {
        const group = after.filter((row) => row.scope === scope);
        for (const column of ['booked_cents', 'received_cents', 'refunded_cents', 'open_cents'] as const) {
          expect(group.reduce((sum, row) => sum + Number(row[column]), 0)).toBe(Number(total[column]));
        }
      }
    }));

  it('books a late cancellation at the fee it keeps: booked = owed after the cancellation (the hut rule)', () =>
    inRolledBackTransaction(async (db) => {
      const admin = await db.createUser({ admin: true });
      // Tomorrow, with a 72-hour free-cancellation window: every cancellation now is late and
      // keeps half, as the fondue hut does after its deadline.
      const event = await insertEvent(db, {
        price: 80,
        max_participants: 10,
        max_persons_per_booking: 4,
        startInDays: 1,
      });
      await db.query(
        `update public.events set cancellation_deadline_hours = 72, late_cancellation_charge_percent = 50
          where id = $1`,
        [event.id],
      );
      const selfCancel = async (persons: number) => {
        const receipt = await call<{ participant_id: string; reference: string; manage_token: string }>(
          db,
          service,
          'public.register_for_event($1, $2, $3, $4, $5, $6, null, $7)',
          [
            event.id,
            'Petra Muster',
            `spaet-${Math.random().toString(36).slice(2, 8)}@example.ch`,
            '+41 79 123 45 67',
            'onsite',
            '',
            persons,
          ],
        );
        return receipt;
      };
      const paid = await selfCancel(2); // CHF 160 paid on site, then cancelled: 80 kept, 80 back
      await call(db, admin, `public.admin_record_payment($1, 16000, 'onsite')`, [paid.participant_id]);
      const unpaid = await selfCancel(1); // CHF 80 never paid, then cancelled: 40 still owed
      for (const receipt of [paid, unpaid]) {
        const outcome = await call<{ kind: string; kept_cents: number }>(
          db,
          anon,
          'public.change_booking($1, $2, 0)',
          [receipt.reference, receipt.manage_token],
        );
        expect(outcome.kind).toBe('cancelled');
      }
      const eventRow = (await report(db, admin)).find(
        (row) => row.scope === 'event' && row.event_id === event.id,
      )!;
      expect(eventRow).toMatchObject({
        booked_cents: String(8000 + 4000),
        received_cents: '16000',
        refunded_cents: '8000',
        open_cents: '4000',
      });
      // Booked is what came in net plus what is still open: nothing is counted twice.
      expect(Number(eventRow.booked_cents)).toBe(
        Number(eventRow.received_cents) - Number(eventRow.refunded_cents) + Number(eventRow.open_cents),
      );
    }));

  it('dates a bank payment by its value date: outside the period it is in neither view nor export', () =>
    inRolledBackTransaction(async (db) => {
      const admin = await db.createUser({ admin: true });
      const event = await insertEvent(db, { price: 50 });
      const b = await register(db, event.id, 'onsite');
      await call(db, admin, `public.admin_record_payment($1, 5000, 'onsite')`, [b.id]);
      await db.query(
        `update public.payments set value_date = private.today_in_zurich() - 500 where participant_id = $1`,
        [b.id],
      );
      const rows = await exportRows(db, admin);
      expect(rows.some((row) => row.booking_reference === b.reference)).toBe(false);
      const eventRow = (await report(db, admin)).find(
        (row) => row.scope === 'event' && row.event_id === event.id,
      );
      expect(eventRow?.received_cents ?? '0').toBe('0');
    }));

  it('splits off what a discount code took from the booked value, for bookings that hold their seats', () =>
    inRolledBackTransaction(async (db) => {
      const admin = await db.createUser({ admin: true });
      const event = await insertEvent(db, { price: 50 });
      await db.query(`insert into public.discount_codes (code, percent) values ('FINANZ10', 10)`);
      const booked = await call<{ participant_id: string }>(
        db,
        service,
        `public.register_for_event($1, 'Rita Rabatt', 'rita@example.ch', '+41 79 123 45 67', 'onsite', '', null, 2,
           '{}'::jsonb, null, null, 'FINANZ10')`,
        [event.id],
      );
      await db.query('update public.participants set discount_cents = 500 where id = $1', [
        booked.participant_id,
      ]);
      const eventRow = (await report(db, admin)).find(
        (row) => row.scope === 'event' && row.event_id === event.id,
      )!;
      // 2 x CHF 50, less CHF 10 by the code and CHF 5 by the team.
      expect(eventRow).toMatchObject({ booked_cents: '8500', discount_cents: '1500', open_cents: '8500' });

      await db.query(`update public.participants set status = 'cancelled' where id = $1`, [
        booked.participant_id,
      ]);
      const after = (await report(db, admin)).find(
        (row) => row.scope === 'event' && row.event_id === event.id,
      );
      expect(after?.discount_cents ?? '0').toBe('0');
    }));
});

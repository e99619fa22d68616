import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCamt } from '@/features/admin-payments/lib/camt';
import { anon, inRolledBackTransaction, type Actor, type Session } from './support/db';
import { insertEvent } from './support/fixtures';

// Issue 29: the bank's camt file recorded through the booking state machine. The fixture file
// (tests/fixtures/camt) holds 5 matching credits (3 of them one batch booking), 1 partial, 1
// overpaid, 1 without reference and 1 in EUR; the statement overlaps it by one entry and adds a
// return and a credit with an RF creditor reference.

const QR = [
  '202611290000000000000000010',
  '202611290000000000000000021',
  '202611290000000000000000036',
  '202611290000000000000000044',
  '202611290000000000000000052',
  '202611290000000000000000068',
  '202611290000000000000000073',
];
const RF = 'RF18539007547034';

const file = (name: string) => {
  const parsed = parseCamt(readFileSync(join(__dirname, '../fixtures/camt', name), 'utf8'));
  return {
    fileName: name,
    storagePath: null,
    format: parsed.format,
    messageId: parsed.messageId,
    entries: parsed.entries,
  };
};

interface Import {
  importId: string | null;
  summary: Record<string, number>;
  entries: Array<{
    entryReference: string;
    outcome: string;
    bookingReference: string | null;
    openCents: number | null;
    excessCents: number | null;
  }>;
}

async function importFile(db: Session, admin: Actor, name: string, commit: boolean): Promise<Import> {
  const outcome = await db.as<{ result: Import }>(
    admin,
    'select public.admin_import_bank_entries($1::jsonb, $2) as result',
    [JSON.stringify(file(name)), commit],
  );
  if (outcome.error) throw outcome.error;
  return outcome.rows[0]!.result;
}

/** Nine invoice bookings of CHF 45 whose QR bills carry the fixture's references. */
async function invoiceBookings(
  db: Session,
): Promise<Array<{ id: string; reference: string; email: string }>> {
  await db.query('delete from public.invoice_creditor');
  await db.query(`insert into public.invoice_creditor (name, street, postal_code, city, iban)
    values ('Sinneswerk GmbH', 'Dorfstrasse', '5034', 'Suhr', 'CH4431999123000889012')`);
  const event = await insertEvent(db, {
    price: 45,
    max_participants: 20,
    payment_methods: ['invoice', 'onsite'],
  });
  const bookings = [];
  for (const [index, reference] of [...QR, RF].entries()) {
    const [row] = await db.query<{ id: string; reference: string; email: string }>(
      `insert into public.participants (event_id, name, email, phone, status, payment_method)
       values ($1, $2, $3, '+41 79 123 45 67', 'confirmed', 'invoice') returning id, reference, email`,
      [event.id, `Gast ${index + 1}`, `gast${index + 1}@example.ch`],
    );
    await db.query('update public.participants set invoice_reference = $2 where id = $1', [
      row!.id,
      reference,
    ]);
    bookings.push(row!);
  }
  return bookings;
}

const SUMMARY = {
  matched: 5,
  partial: 1,
  over: 1,
  unassigned: 1,
  foreign: 1,
  returns: 0,
  alreadyImported: 0,
  recordedCents: 5 * 4500 + 2000 + 6000,
};

describe('admin_import_bank_entries', () => {
  it('previews and then records 5 matched, 1 partial, 1 over, 1 unassigned, 1 foreign; a second import records nothing', () =>
    inRolledBackTransaction(async (db) => {
      const bookings = await invoiceBookings(db);
      const admin = await db.createUser({ admin: true });
      const count = async (table: string) =>
        (await db.query<{ n: number }>(`select count(*)::int as n from ${table}`))[0]!.n;
      const mailsBefore = await count(`public.mail_outbox where kind = 'payment_receipt'`);

      const preview = await importFile(db, admin, 'camt054-mixed.xml', false);
      expect(preview.summary).toEqual(SUMMARY);
      expect(preview.importId).toBeNull();
      // The preview left nothing behind: no entries, no payments, no mails.
      expect(await count('public.bank_entries')).toBe(0);
      expect(await count(`public.payments where method = 'invoice'`)).toBe(0);
      expect(await count(`public.mail_outbox where kind = 'payment_receipt'`)).toBe(mailsBefore);

      const done = await importFile(db, admin, 'camt054-mixed.xml', true);
      expect(done.summary).toEqual(SUMMARY);
      expect(done.importId).toEqual(expect.any(String));
      const byRef = new Map(done.entries.map((e) => [e.entryReference, e]));
      expect(byRef.get('ZV20261125/000104/1')).toMatchObject({
        outcome: 'partial',
        bookingReference: bookings[5]!.reference,
        openCents: 2500,
      });
      expect(byRef.get('ZV20261125/000105/1')).toMatchObject({
        outcome: 'over',
        bookingReference: bookings[6]!.reference,
        excessCents: 1500,
      });
      expect(byRef.get('ZV20261125/000106/1')).toMatchObject({
        outcome: 'unassigned',
        bookingReference: null,
      });
      expect(byRef.get('ZV20261125/000107/1')).toMatchObject({ outcome: 'foreign' });

      // The matched bookings are paid; the payment carries the bank's reference and value date,
      // the history says so, and each visitor got exactly one receipt.
      for (const booking of bookings.slice(0, 5)) {
        const [money] = await db.query('select open_cents, paid_cents from private.booking_money($1)', [
          booking.id,
        ]);
        expect(money).toEqual({ open_cents: 0, paid_cents: 4500 });
        const [payment] = await db.query<{ provider_reference: string; value_date: string }>(
          `select method, provider_reference, to_char(value_date, 'YYYY-MM-DD') as value_date from public.payments where participant_id = $1`,
          [booking.id],
        );
        expect(payment).toMatchObject({ method: 'invoice', value_date: '2026-11-25' });
        expect(payment!.provider_reference).toMatch(/^ZV20261125\/00010[123]\/\d$/);
        const history = await db.query<{ action: string; note: string }>(
          `select action, note from public.booking_history where participant_id = $1 and action = 'payment_recorded'`,
          [booking.id],
        );
        expect(history).toHaveLength(1);
        expect(history[0]!.note).toContain(`Referenz ${payment!.provider_reference}, Valuta 25.11.2026`);
        const receipts = await db.query(
          `select 1 from public.mail_outbox where participant_id = $1 and kind = 'payment_receipt'`,
          [booking.id],
        );
        expect(receipts).toHaveLength(1);
      }
      const [over] = await db.query('select open_cents, excess_cents from private.booking_money($1)', [
        bookings[6]!.id,
      ]);
      expect(over).toEqual({ open_cents: 0, excess_cents: 1500 });
      expect(await count(`public.mail_outbox where kind = 'payment_receipt'`)).toBe(mailsBefore + 7);

      const again = await importFile(db, admin, 'camt054-mixed.xml', true);
      expect(again.summary).toEqual({
        ...SUMMARY,
        matched: 0,
        partial: 0,
        over: 0,
        unassigned: 0,
        foreign: 0,
        alreadyImported: 9,
        recordedCents: 0,
      });
      expect(await count(`public.payments where method = 'invoice'`)).toBe(7);
      expect(await count(`public.mail_outbox where kind = 'payment_receipt'`)).toBe(mailsBefore + 7);

      // The overlapping statement: the known entry is skipped, the return is no payment, the RF
      // creditor reference matches its booking.
      const statement = await importFile(db, admin, 'camt053-statement.xml', true);
      expect(statement.summary).toMatchObject({ alreadyImported: 1, returns: 1, matched: 1 });
      expect(await count(`public.payments where method = 'invoice'`)).toBe(8);
      const [rf] = await db.query('select open_cents from private.booking_money($1)', [bookings[7]!.id]);
      expect(rf).toEqual({ open_cents: 0 });
    }));

  it('assigns an unassigned entry to a booking by hand, once; a cancelled booking gets no payment', () =>
    inRolledBackTransaction(async (db) => {
      const bookings = await invoiceBookings(db);
      const admin = await db.createUser({ admin: true });
      await db.query(`update public.participants set status = 'cancelled' where id = $1`, [bookings[3]!.id]);
      const done = await importFile(db, admin, 'camt054-mixed.xml', true);
      expect(done.summary).toMatchObject({ matched: 4, unassigned: 2 });
      const [cancelledEntry] = await db.query<{ note: string }>(
        `select note from public.bank_entries where entry_reference = 'ZV20261125/000102/1'`,
      );
      expect(cancelledEntry!.note).toBe(`Buchung ${bookings[3]!.reference} ist storniert`);

      const [entry] = await db.query<{ id: string }>(
        `select id from public.bank_entries where entry_reference = 'ZV20261125/000106/1'`,
      );
      const assign = (actor: Actor, participant: string) =>
        db.as<{ result: { outcome: string } }>(
          actor,
          'select public.admin_assign_bank_entry($1, $2) as result',
          [entry!.id, participant],
        );

      // Another booking of CHF 45 not yet paid: the partial one's remainder is 25, so 45 is over.
      expect((await assign(admin, bookings[3]!.id)).error?.message).toBe('PAYMENT_NOT_ALLOWED');
      expect((await assign(anon, bookings[5]!.id)).error?.code).toBe('42501');
      const first = await assign(admin, bookings[5]!.id);
      expect(first.error).toBeNull();
      expect(first.rows[0]!.result).toMatchObject({ outcome: 'over', excessCents: 2000 });
      expect((await assign(admin, bookings[5]!.id)).error?.message).toBe('BANK_ENTRY_ASSIGNED');
      const [row] = await db.query(
        `select outcome, participant_id, assigned_by is not null as assigned from public.bank_entries where id = $1`,
        [entry!.id],
      );
      expect(row).toEqual({ outcome: 'over', participant_id: bookings[5]!.id, assigned: true });
    }));

  it('an expired hold paid by bank transfer gets its seats back while they are free; else it waits with the reason', () =>
    inRolledBackTransaction(async (db) => {
      const bookings = await invoiceBookings(db);
      const admin = await db.createUser({ admin: true });
      const [first, second] = [bookings[0]!, bookings[1]!];
      await db.query(
        `update public.participants set status = 'expired', hold_released_at = now() where id = any($1::uuid[])`,
        [[first.id, second.id]],
      );
      // One seat left: for the first of the two late payers only.
      await db.query(
        'update public.events set max_participants = current_participants + 1 where id = (select event_id from public.participants where id = $1)',
        [first.id],
      );

      const done = await importFile(db, admin, 'camt054-mixed.xml', true);
      expect(done.summary).toMatchObject({ matched: 4, unassigned: 2 });
      const byRef = new Map(done.entries.map((entry) => [entry.entryReference, entry]));
      expect(byRef.get('ZV20261125/000101/1')).toMatchObject({
        outcome: 'matched',
        bookingReference: first.reference,
      });

      const status = async (id: string) =>
        (await db.query<{ status: string }>('select status from public.participants where id = $1', [id]))[0]!
          .status;
      expect(await status(first.id)).toBe('confirmed');
      const history = await db.query<{ action: string }>(
        'select action from public.booking_history where participant_id = $1 order by created_at, id',
        [first.id],
      );
      expect(history.map((row) => row.action)).toEqual(
        expect.arrayContaining(['reactivated', 'payment_recorded']),
      );
      const mails = await db.query<{ kind: string }>(
        'select kind from public.mail_outbox where participant_id = $1 order by created_at',
        [first.id],
      );
      expect(mails.map((mail) => mail.kind)).toEqual(['participant_confirmation', 'payment_receipt']);

      // No seat left for the second: no payment, no overbooking, the reason for the admin.
      expect(await status(second.id)).toBe('expired');
      const [entry] = await db.query<{ outcome: string; payment_id: string | null; note: string }>(
        `select outcome, payment_id, note from public.bank_entries where entry_reference = 'ZV20261125/000101/2'`,
      );
      expect(entry).toEqual({
        outcome: 'unassigned',
        payment_id: null,
        note: `Buchung ${second.reference} ist abgelaufen und kann nicht wieder aufgenommen werden: Es sind nicht mehr genug Plätze frei.`,
      });
    }));

  it('is for admins only; visitors and signed-in users read no entries', () =>
    inRolledBackTransaction(async (db) => {
      await invoiceBookings(db);
      const admin = await db.createUser({ admin: true });
      const user = await db.createUser();
      await importFile(db, admin, 'camt054-mixed.xml', true);
      const call = (actor: Actor) =>
        db.as(actor, 'select public.admin_import_bank_entries($1::jsonb, true)', [
          JSON.stringify(file('camt054-mixed.xml')),
        ]);
      expect((await call(anon)).error?.code).toBe('42501');
      expect((await call(user)).error?.message).toMatch(/NOT_ADMIN|permission|FORBIDDEN/i);
      expect((await db.as(user, 'select * from public.bank_entries')).rows).toEqual([]);
      expect((await db.as(admin, 'select * from public.bank_entries')).rows).toHaveLength(9);
      const other = { ...file('camt054-mixed.xml'), format: 'camt.052.001.08' };
      const refused = await db.as(admin, 'select public.admin_import_bank_entries($1::jsonb, true)', [
        JSON.stringify(other),
      ]);
      expect(refused.error).toMatchObject({ message: 'INVALID_INPUT', detail: 'format' });
    }));
});

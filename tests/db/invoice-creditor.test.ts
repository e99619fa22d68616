import { describe, expect, it } from 'vitest';
import { anon, inRolledBackTransaction } from './support/db';

// The invoice creditor as the admin's 'Rechnungssteller' section writes it (an upsert of the one
// row through the API): admins only; a wrong IBAN is refused with its German reason.

const UPSERT = `insert into public.invoice_creditor (id, name, street, building_number, postal_code, city, country, iban, payment_days)
  values (true, $1, 'Dorfstrasse', '12', '5034', 'Suhr', 'CH', $2, 14)
  on conflict (id) do update set name = excluded.name, iban = excluded.iban, payment_days = excluded.payment_days
  returning name, iban, payment_days`;

describe('invoice_creditor written by the admin', () => {
  it('an admin enters and changes the creditor; the IBAN is stored without spaces', () =>
    inRolledBackTransaction(async (db) => {
      await db.query('delete from public.invoice_creditor');
      const admin = await db.createUser({ admin: true });
      const first = await db.as(admin, UPSERT, ['Sinneswerk', 'CH93 0076 2011 6238 5295 7']);
      expect(first.error).toBeNull();
      expect(first.rows).toEqual([{ name: 'Sinneswerk', iban: 'CH9300762011623852957', payment_days: 14 }]);
      const changed = await db.as(admin, UPSERT, ['Sinneswerk GmbH', 'CH4431999123000889012']);
      expect(changed.rows[0]).toMatchObject({ name: 'Sinneswerk GmbH', iban: 'CH4431999123000889012' });
      expect(await db.query('select count(*)::int as n from public.invoice_creditor')).toEqual([{ n: 1 }]);
    }));

  it('refuses visitors and signed-in non-admins, and a wrong IBAN with the reason', () =>
    inRolledBackTransaction(async (db) => {
      await db.query('delete from public.invoice_creditor');
      const user = await db.createUser();
      expect((await db.as(anon, UPSERT, ['Fremd', 'CH9300762011623852957'])).error?.code).toBe('42501');
      expect((await db.as(user, UPSERT, ['Fremd', 'CH9300762011623852957'])).error?.code).toBe('42501');
      expect(await db.query('select 1 from public.invoice_creditor')).toHaveLength(0);

      const admin = await db.createUser({ admin: true });
      const wrong = await db.as(admin, UPSERT, ['Sinneswerk', 'CH93 0076 2011 6238 5295 8']);
      expect(wrong.error).toMatchObject({ message: 'INVALID_IBAN', code: '23514' });
      expect(wrong.error?.detail).toMatch(/^IBAN «CH93 0076 2011 6238 5295 8» ist ungültig\./);

      // A non-admin's update changes nothing (RLS hides the row).
      expect((await db.as(admin, UPSERT, ['Sinneswerk', 'CH9300762011623852957'])).error).toBeNull();
      const update = await db.as(user, `update public.invoice_creditor set name = 'Fremd' returning name`);
      expect(update.rows).toEqual([]);
    }));
});

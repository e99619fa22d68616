import { describe, expect, it } from 'vitest';
import { anon, inRolledBackTransaction } from './support/db';

// The setting 'vat' (issue 29): both null (no VAT on receipts) or a Swiss UID and a rate; only an
// admin changes it, and the receipts' provider block reads it.

const UPDATE = `update public.settings set value = $1::jsonb where key = 'vat' returning value`;

describe("setting 'vat'", () => {
  it('admins set a UID and rate or clear both; wrong values are refused by the database', () =>
    inRolledBackTransaction(async (db) => {
      const admin = await db.createUser({ admin: true });
      const user = await db.createUser();
      const set = await db.as(admin, UPDATE, ['{"uid": "CHE-123.456.789", "rate_percent": 8.1}']);
      expect(set.error).toBeNull();
      expect(set.rows).toEqual([{ value: { uid: 'CHE-123.456.789', rate_percent: 8.1 } }]);
      expect((await db.as(admin, UPDATE, ['{"uid": null, "rate_percent": null}'])).error).toBeNull();
      for (const wrong of [
        '{"uid": "CHE-123.456.789", "rate_percent": null}',
        '{"uid": "123.456.789", "rate_percent": 8.1}',
        '{"uid": "CHE-123.456.789", "rate_percent": 8.125}',
        '{"uid": "CHE-123.456.789", "rate_percent": 120}',
        '{"uid": "CHE-123.456.789"}',
      ]) {
        expect((await db.as(admin, UPDATE, [wrong])).error?.message).toMatch(/settings_value_valid/);
      }
      expect((await db.as(user, UPDATE, ['{"uid": "CHE-123.456.789", "rate_percent": 8.1}'])).rows).toEqual(
        [],
      );
      expect((await db.as(anon, `select value from public.settings where key = 'vat'`)).rows).toEqual([]);
    }));

  it('the receipts provider block carries the creditor and the VAT when set', () =>
    inRolledBackTransaction(async (db) => {
      await db.query('delete from public.invoice_creditor');
      expect(await db.query('select private.receipt_provider() as p')).toEqual([{ p: null }]);
      await db.query(`insert into public.invoice_creditor (name, street, postal_code, city, iban)
        values ('Sinneswerk GmbH', 'Dorfstrasse', '5034', 'Suhr', 'CH4431999123000889012')`);
      await db.query(
        `update public.settings set value = '{"uid": "CHE-123.456.789", "rate_percent": 8.1}' where key = 'vat'`,
      );
      const [{ p }] = (await db.query<{ p: Record<string, unknown> }>(
        'select private.receipt_provider() as p',
      )) as [{ p: Record<string, unknown> }];
      expect(p).toMatchObject({
        name: 'Sinneswerk GmbH',
        city: 'Suhr',
        vatUid: 'CHE-123.456.789',
        vatRatePercent: 8.1,
      });
    }));
});

import { describe, expect, it } from 'vitest';
import { anon, inRolledBackTransaction, type Session } from './support/db';
import { insertEvent, insertParticipant } from './support/fixtures';

// public.admin_person_data(email) (supabase/schemas/90_privacy.sql) answers an access request:
// everything stored about one address, in every spelling the booking rules treat as the same
// (private.email_key), each item with its retention rule; nobody else's data.

interface Export {
  email: string;
  rules: Record<string, { label: string }>;
  bookings: { reference: string; rule: string; payments: unknown[]; history: unknown[] }[];
  waitingList: { rule: string }[];
  enquiries: { rule: string }[];
  newsletter: { rule: string }[];
  mails: { rule: string; recipient: string | null }[];
  adminInvitations: unknown[];
}

async function seedPerson(db: Session, email: string, name: string) {
  const first = await insertEvent(db, { startInDays: 20 });
  const second = await insertEvent(db, { startInDays: 40 });
  const full = await insertEvent(db, { startInDays: 60 });
  const a = await insertParticipant(db, first.id, { name, email, paid: true, payment_method: 'stripe' });
  const b = await insertParticipant(db, second.id, { name, email: email.toUpperCase() });
  await db.query(
    `insert into public.waitlist_entries (event_id, name, email, phone, persons, leave_token_hash)
     values ($1, $2, $3, '+41 79 555 44 33', 2, encode(sha256(gen_random_uuid()::text::bytea), 'hex'))`,
    [full.id, name, email],
  );
  await db.query(
    `insert into public.enquiries (name, email, subject, message) values ($1, $2, 'Frage', 'Gibt es Gutscheine?')`,
    [name, email.replace(/^./, (c) => c.toUpperCase())],
  );
  await db.query(`insert into public.newsletter_subscriptions (email) values ($1)`, [email]);
  for (const [participant, recipient] of [
    [a.id, email],
    [a.id, null],
    [b.id, email.toUpperCase()],
    [null, email],
    [null, email],
  ] as const) {
    await db.query(
      `insert into public.mail_outbox (kind, recipient, payload, participant_id)
       values ('participant_confirmation', $1, $2, $3)`,
      [recipient, JSON.stringify({ participant: { name, email } }), participant],
    );
  }
  return { references: [a.reference, b.reference] };
}

describe('access request export', () => {
  it('lists two bookings, a waiting-list entry, an enquiry, a newsletter sign-up and five mails, nobody else', () =>
    inRolledBackTransaction(async (db) => {
      const petra = await seedPerson(db, 'petra.export@example.ch', 'Petra Export');
      // A similar address (one letter more, another domain ending) never appears.
      await seedPerson(db, 'petra.exports@example.ch', 'Petra Andere');
      await seedPerson(db, 'petra.export@example.chx', 'Petra Dritte');
      const admin = await db.createUser({ admin: true });

      const result = await db.as<{ data: Export }>(admin, 'select public.admin_person_data($1) as data', [
        '  Petra.Export@EXAMPLE.ch ',
      ]);
      expect(result.error).toBeNull();
      const data = result.rows[0]!.data;
      expect(data.email).toBe('petra.export@example.ch');
      expect(data.bookings.map((b) => b.reference).sort()).toEqual([...petra.references].sort());
      // One of the two bookings is paid (both were registered in this transaction: same time, any order).
      expect(data.bookings.flatMap((b) => b.payments)).toHaveLength(1);
      expect(data.waitingList).toHaveLength(1);
      expect(data.enquiries).toHaveLength(1);
      expect(data.newsletter).toHaveLength(1);
      expect(data.mails).toHaveLength(5);
      expect(data.adminInvitations).toEqual([]);
      const text = JSON.stringify(data);
      expect(text).not.toMatch(/Petra Andere|Petra Dritte|exports@|\.chx/);
      // Every item names a rule the export explains.
      for (const item of [
        ...data.bookings,
        ...data.waitingList,
        ...data.enquiries,
        ...data.newsletter,
        ...data.mails,
      ]) {
        expect(data.rules[item.rule]?.label).toEqual(expect.any(String));
      }
    }));

  it('is for admins only and refuses something that is no address', () =>
    inRolledBackTransaction(async (db) => {
      const user = await db.createUser();
      const admin = await db.createUser({ admin: true });
      const sql = 'select public.admin_person_data($1)';
      expect((await db.as(anon, sql, ['a@example.ch'])).error?.code).toBe('42501');
      expect((await db.as(user, sql, ['a@example.ch'])).error?.code).toBe('42501');
      expect((await db.as(admin, sql, ['%'])).error?.message).toBe('INVALID_INPUT');
    }));
});

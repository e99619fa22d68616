import { describe, expect, it } from 'vitest';
import { anon, inRolledBackTransaction, type Session } from './support/db';
import { insertEvent, insertParticipant } from './support/fixtures';

// public.admin_erase_person(email) (supabase/schemas/90_privacy.sql) answers an erasure request:
// every table on the personal-data map loses the person, the books keep their rows and sums, a
// future booking is cancelled through the state machine with its mail kept until delivered, and
// a second call changes nothing. A similar address is somebody else and stays as it was.

const letters = () =>
  Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');

interface Person {
  email: string;
  name: string;
  phone: string;
}

function person(email: string): Person {
  const suffix = letters();
  return {
    email: email.replace('@', `.${suffix}@`),
    name: `Erika ${suffix.charAt(0).toUpperCase()}${suffix.slice(1)}`,
    phone: `+41 79 ${String(100 + Math.floor(Math.random() * 900))} 12 34`,
  };
}

async function seed(db: Session, who: Person) {
  const past = await insertEvent(db, { startInDays: -100 });
  const future = await insertEvent(db, { startInDays: 20 });
  const full = await insertEvent(db, { startInDays: 40, max_participants: 1 });
  // An open invitation into the administration names the address too.
  await db.query('insert into public.admin_invitations (email) values (lower($1))', [who.email]);
  const paid = await insertParticipant(db, past.id, {
    name: who.name,
    email: who.email,
    phone: who.phone,
    payment_method: 'stripe',
    paid: true,
  });
  await db.query(`update public.participants set notes = $2, answers = $3 where id = $1`, [
    paid.id,
    `Bitte ${who.name} anrufen`,
    JSON.stringify([{ question_id: 'q1', label: 'Allergien', answer: who.phone }]),
  ]);
  await db.query(`update public.payments set note = $2 where participant_id = $1`, [
    paid.id,
    `bezahlt von ${who.name}`,
  ]);
  await db.query(
    `insert into public.booking_history (participant_id, actor, action, status_after, persons_after, event_after, note)
     values ($1, 'admin', 'contact_changed', 'confirmed', 1, $2, $3)`,
    [paid.id, past.id, `Telefon ${who.phone}`],
  );
  const [bankImport] = await db.query<{ id: string }>(
    `insert into public.bank_imports (file_name, format) values ('camt.xml', 'camt.054.001.08') returning id`,
  );
  await db.query(
    `insert into public.bank_entries (import_id, entry_reference, kind, amount_cents, currency, value_date,
       remittance, debtor_name, outcome, participant_id)
     values ($1, $2, 'credit', 5000, 'CHF', current_date - 90, $3, $4, 'matched', $5)`,
    [bankImport!.id, `E-${letters()}`, `Anlass ${who.name}`, who.name, paid.id],
  );
  const upcoming = await insertParticipant(db, future.id, {
    name: who.name,
    email: who.email.toUpperCase(),
    phone: who.phone,
  });
  await insertParticipant(db, full.id, { name: 'Andere Person', email: `andere.${letters()}@example.ch` });
  await db.query(
    `insert into public.waitlist_entries (event_id, name, email, phone, persons, leave_token_hash)
     values ($1, $2, $3, $4, 1, encode(sha256(gen_random_uuid()::text::bytea), 'hex'))`,
    [full.id, who.name, who.email, who.phone],
  );
  await db.query(`select public.submit_enquiry('contact', $1, $2, 'Frage', $3)`, [
    who.name,
    who.email,
    `Ich bin unter ${who.phone} erreichbar`,
  ]);
  await db.query(
    `insert into public.newsletter_subscriptions (email, status, sync_status) values ($1, 'subscribed', 'synced')`,
    [who.email],
  );
  await db.query(
    `insert into public.mail_outbox (kind, recipient, subject, payload, participant_id, state, sent_at)
     values ('participant_confirmation', $1, 'Deine Buchung', $2, $3, 'sent', now())`,
    [
      who.email,
      JSON.stringify({ participant: { name: who.name, email: who.email, phone: who.phone } }),
      paid.id,
    ],
  );
  return {
    events: [past.id, future.id, full.id],
    paid: paid.id,
    upcoming: upcoming.id,
    bankImport: bankImport!.id,
  };
}

/** Every text, varchar, text[] and json(b) column of every table in public and private. */
async function textColumns(db: Session) {
  return db.query<{ table_schema: string; table_name: string; column_name: string }>(
    `select c.table_schema, c.table_name, c.column_name
       from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema in ('public', 'private') and t.table_type = 'BASE TABLE'
        and (c.data_type in ('text', 'character varying', 'jsonb', 'json', 'ARRAY'))
      order by 1, 2, 3`,
  );
}

/** Where any of the strings still occurs: 'schema.table.column' per hit (case-insensitive). */
async function grep(db: Session, needles: string[]) {
  const hits: string[] = [];
  for (const col of await textColumns(db)) {
    const [row] = await db.query<{ n: number }>(
      `select count(*)::int as n from ${col.table_schema}.${col.table_name}
        where ${col.column_name}::text ilike any($1)`,
      [needles.map((needle) => `%${needle.replace(/[%_\\]/g, '\\$&')}%`)],
    );
    if (row!.n > 0) hits.push(`${col.table_schema}.${col.table_name}.${col.column_name}`);
  }
  return hits;
}

async function totals(db: Session, events: string[]) {
  const [row] = await db.query(
    `select (select count(*)::int from public.participants where event_id = any($1)) as bookings,
            (select sum(persons)::int from public.participants where event_id = any($1)) as persons,
            (select count(*)::int from public.payments y join public.participants p on p.id = y.participant_id
              where p.event_id = any($1)) as payments,
            (select coalesce(sum(y.amount_cents), 0)::int from public.payments y
               join public.participants p on p.id = y.participant_id where p.event_id = any($1)) as paid_cents,
            (select coalesce(sum(r.amount_cents), 0)::int from public.refund_requests r
               join public.participants p on p.id = r.participant_id where p.event_id = any($1)) as refund_cents,
            (select coalesce(sum(b.amount_cents), 0)::int from public.bank_entries b
               join public.participants p on p.id = b.participant_id where p.event_id = any($1)) as bank_cents`,
    [events],
  );
  return row!;
}

/**
 * A fingerprint of the rows of these events and of the mails, enquiries and sign-ups this
 * transaction wrote (only those naming `email` when given).
 */
async function fingerprint(db: Session, events: string[], email: string | null = null) {
  const [row] = await db.query<{ digest: string }>(
    `select md5(concat_ws('|',
       (select string_agg(t::text, ',' order by t.id) from public.participants t where t.event_id = any($1)),
       (select string_agg(t::text, ',' order by t.id) from public.booking_history t
          join public.participants p on p.id = t.participant_id where p.event_id = any($1)),
       (select string_agg(t::text, ',' order by t.id) from public.payments t
          join public.participants p on p.id = t.participant_id where p.event_id = any($1)),
       (select string_agg(t::text, ',' order by t.id) from public.refund_requests t
          join public.participants p on p.id = t.participant_id where p.event_id = any($1)),
       (select string_agg(t::text, ',' order by t.id) from public.bank_entries t
          join public.participants p on p.id = t.participant_id where p.event_id = any($1)),
       (select string_agg(t::text, ',' order by t.id) from public.waitlist_entries t where t.event_id = any($1)),
       (select string_agg(t::text, ',' order by t.id) from public.mail_outbox t where t.created_at = now()
           and ($2::text is null or t.payload::text ilike '%' || $2 || '%' or t.recipient ilike $2)),
       (select string_agg(t::text, ',' order by t.id) from public.enquiries t where t.created_at = now()
           and ($2::text is null or t.email ilike $2)),
       (select string_agg(t::text, ',' order by t.id) from public.newsletter_subscriptions t where t.created_at = now()
           and ($2::text is null or t.email ilike $2)),
       (select string_agg(t::text, ',' order by t.id) from public.privacy_log t where t.created_at = now() and $2::text is null)
     )) as digest`,
    [events, email],
  );
  return row!.digest;
}

async function deliver(db: Session, mailId: string) {
  await db.query(`update public.mail_outbox set state = 'sending', attempts = attempts + 1 where id = $1`, [
    mailId,
  ]);
  const [row] = await db.query<{ state: string }>(
    `select public.record_outbox_attempt(o.id, o.attempts, null, 'Deine Buchung ist storniert', 'provider-1') as state
       from public.mail_outbox o where o.id = $1`,
    [mailId],
  );
  expect(row!.state).toBe('sent');
}

describe('erasure request', () => {
  it('removes the person from every table, keeps the books, delivers the cancellation first and does nothing more when asked again', () =>
    inRolledBackTransaction(async (db) => {
      const erika = person('erika@example.ch');
      // One letter more in the address; another name and phone.
      const similar: Person = {
        ...person('erika@example.ch'),
        email: erika.email.replace('@', 's@'),
        phone: '+41 78 765 43 21',
      };
      const mine = await seed(db, erika);
      const theirs = await seed(db, similar);
      const admin = await db.createUser({ admin: true });
      const before = await totals(db, mine.events);
      const similarBefore = await fingerprint(db, theirs.events, similar.email);
      expect(await grep(db, [erika.email, erika.name, erika.phone])).toContain('public.participants.email');

      const result = await db.as<{ result: { erased: boolean; counts: Record<string, number> } }>(
        admin,
        'select public.admin_erase_person($1) as result',
        [`  ${erika.email.toUpperCase()} `],
      );
      expect(result.error).toBeNull();
      expect(result.rows[0]!.result).toMatchObject({
        erased: true,
        counts: {
          cancelledBookings: 1,
          bookings: 2,
          waitingList: 1,
          enquiries: 1,
          newsletter: 1,
          mailsKeptUntilSent: 1,
          invitations: 1,
        },
      });

      // The future booking went through the state machine's cancellation.
      const [upcoming] = await db.query<{ status: string; name: string }>(
        'select status, name from public.participants where id = $1',
        [mine.upcoming],
      );
      expect(upcoming).toEqual({ status: 'cancelled', name: 'anonymisiert' });
      const actions = await db.query<{ action: string }>(
        'select action from public.booking_history where participant_id = $1',
        [mine.upcoming],
      );
      expect(actions.map((a) => a.action)).toContain('cancelled_by_staff');

      // Its mail still holds the address until it is delivered; nothing else does.
      const [kept] = await db.query<{ id: string; recipient: string }>(
        `select id, recipient from public.mail_outbox
          where participant_id = $1 and kind = 'booking_cancelled' and erase_after_send`,
        [mine.upcoming],
      );
      expect(kept!.recipient.toLowerCase()).toBe(erika.email.toLowerCase());
      expect(await grep(db, [erika.email, erika.name, erika.phone])).toEqual([
        'public.mail_outbox.payload',
        'public.mail_outbox.recipient',
      ]);
      await deliver(db, kept!.id);
      expect(await grep(db, [erika.email, erika.name, erika.phone])).toEqual([]);
      const [sent] = await db.query<{ payload: Record<string, unknown>; sent_at: Date | null }>(
        'select payload, sent_at from public.mail_outbox where id = $1',
        [kept!.id],
      );
      expect(sent!.payload).toMatchObject({ anonymisiert: true });
      expect(sent!.sent_at).not.toBeNull();

      // Mailchimp is told to forget the address, by its own member id only.
      const removal = await db.query<{ payload: unknown }>(
        `select payload from public.mail_outbox where kind = 'newsletter_removal' and created_at = now()`,
      );
      const [hash] = await db.query<{ md5: string }>('select md5($1)', [erika.email.toLowerCase()]);
      expect(removal.map((r) => r.payload)).toEqual([{ subscriberHash: hash!.md5 }]);

      // The books: same rows, same sums (the future booking was unpaid: nothing to refund).
      expect(await totals(db, mine.events)).toEqual(before);
      const [past] = await db.query(
        'select reference, status, persons from public.participants where id = $1',
        [mine.paid],
      );
      expect(past).toMatchObject({ status: 'confirmed', persons: 1 });

      // One log row, without the person.
      const log = await db.query<{ counts: unknown }>(
        `select counts from public.privacy_log where created_at = now() and action = 'person_erased'`,
      );
      expect(log).toHaveLength(1);

      // Asked again: nothing changes, no second log row.
      const fingerprintAfter = await fingerprint(db, mine.events);
      const again = await db.as<{ result: { erased: boolean } }>(
        admin,
        'select public.admin_erase_person($1) as result',
        [erika.email],
      );
      expect(again.rows[0]!.result.erased).toBe(false);
      expect(await fingerprint(db, mine.events)).toBe(fingerprintAfter);

      // The similar address (one letter more) is somebody else: untouched.
      expect(await fingerprint(db, theirs.events, similar.email)).toBe(similarBefore);

      // The erased, cancelled booking cannot be reactivated (it would confirm 'anonymisiert'
      // and mail the placeholder address): refused, nothing changed.
      const reactivate = await db.as(admin, 'select public.admin_reactivate_booking($1, true)', [
        mine.upcoming,
      ]);
      expect(reactivate.error?.message).toBe('BOOKING_ANONYMISED');
      expect(await fingerprint(db, mine.events)).toBe(fingerprintAfter);
    }));

  it('is for admins only and refuses something that is no address', () =>
    inRolledBackTransaction(async (db) => {
      const user = await db.createUser();
      const admin = await db.createUser({ admin: true });
      const sql = 'select public.admin_erase_person($1)';
      expect((await db.as(anon, sql, ['a@example.ch'])).error?.code).toBe('42501');
      expect((await db.as(user, sql, ['a@example.ch'])).error?.code).toBe('42501');
      expect((await db.as(admin, sql, ['%'])).error?.message).toBe('INVALID_INPUT');
      expect((await db.as(admin, sql, ['anonymisiert@anonymisiert.invalid'])).error?.message).toBe(
        'INVALID_INPUT',
      );
    }));
});

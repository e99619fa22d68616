import { afterEach, describe, expect, it } from 'vitest';
import { inRolledBackTransaction, type Session } from './support/db';
import { insertEvent, insertParticipant } from './support/fixtures';
import { shiftClock, sql, stackEnv } from '../support/stack';

// private.apply_retention() (supabase/schemas/90_privacy.sql, daily cron job apply-retention)
// applies public.retention_rules. Each case creates its rows, moves private.now() through
// private.clock inside the rolled-back transaction, and checks that the rule changed exactly what
// it names: the rows of the case that are not yet due, and every other column, stay as they were.

async function at(db: Session, shift: string) {
  await db.query('delete from private.clock');
  await db.query('insert into private.clock (shift) values ($1::interval)', [shift]);
  return (
    await db.query<{ result: Record<string, number> }>('select private.apply_retention() as result')
  )[0]!.result;
}

async function insertMail(db: Session, recipient: string, state: 'sent' | 'queued', participantId?: string) {
  const [row] = await db.query<{ id: string }>(
    `insert into public.mail_outbox (kind, recipient, subject, payload, state, sent_at, participant_id)
     values ('participant_confirmation', $1, 'Deine Buchung', $2, $3, case when $3 = 'sent' then now() end, $4)
     returning id`,
    [
      recipient,
      JSON.stringify({ participant: { name: 'Petra Muster', email: recipient } }),
      state,
      participantId ?? null,
    ],
  );
  return row!.id;
}

const HASH_OF_PETRA = '^[0-9a-f]{64}$';

describe('retention rules', () => {
  it('removes the content and address of delivered mails 30 days after sending, nothing else', () =>
    inRolledBackTransaction(async (db) => {
      const sent = await insertMail(db, 'petra@example.ch', 'sent');
      const queued = await insertMail(db, 'petra@example.ch', 'queued');
      const select = `select id, kind, recipient, subject, payload, state, sent_at from public.mail_outbox where id = any($1) order by id`;
      const before = await db.query(select, [[sent, queued]]);
      // Other test files commit mails of their own into the same database: judge our rows only.
      await at(db, '29 days');
      expect(await db.query(select, [[sent, queued]])).toEqual(before);

      await at(db, '31 days');
      const [scrubbed] = await db.query<Record<string, unknown>>(select.replace('any($1)', '$1'), [sent]);
      const [kept] = await db.query(select.replace('any($1)', '$1'), [queued]);
      const original = before.find((row) => row.id === sent)!;
      expect(scrubbed).toMatchObject({
        kind: 'participant_confirmation',
        state: 'sent',
        recipient: null,
        subject: null,
      });
      expect(scrubbed!.sent_at).toEqual(original.sent_at);
      expect(scrubbed!.payload).toEqual({
        anonymisiert: true,
        recipientHash: expect.stringMatching(HASH_OF_PETRA),
      });
      expect(kept).toEqual(before.find((row) => row.id === queued));
      await at(db, '40 days');
      expect(await db.query(select.replace('any($1)', '$1'), [sent])).toEqual([scrubbed]);
    }));

  it('keeps the rule admins set: a longer keep_days keeps the mail', () =>
    inRolledBackTransaction(async (db) => {
      const sent = await insertMail(db, 'petra@example.ch', 'sent');
      await db.query(`update public.retention_rules set keep_days = 90 where key = 'mail_payload'`);
      await at(db, '60 days');
      const [row] = await db.query<{ recipient: string }>(
        'select recipient from public.mail_outbox where id = $1',
        [sent],
      );
      expect(row!.recipient).toBe('petra@example.ch');
    }));

  it('anonymises handled enquiries after 12 months, not open or younger ones', () =>
    inRolledBackTransaction(async (db) => {
      const insert = `insert into public.enquiries (name, email, subject, message, handled_at)
        values ('Petra Muster', 'petra@example.ch', 'Frage', 'Hallo', $1) returning id`;
      const [handled] = await db.query<{ id: string }>(insert, [new Date().toISOString()]);
      const [open] = await db.query<{ id: string }>(insert, [null]);
      const nameOf = async (id: string) =>
        (await db.query<{ name: string }>('select name from public.enquiries where id = $1', [id]))[0]!.name;
      await at(db, '364 days');
      expect(await nameOf(handled!.id)).toBe('Petra Muster');
      await at(db, '366 days');
      const rows = await db.query<Record<string, unknown>>(
        `select id, name, email, subject, message, handled_at is not null as handled from public.enquiries where id = any($1)`,
        [[handled!.id, open!.id]],
      );
      expect(rows.find((r) => r.id === handled!.id)).toMatchObject({
        name: 'anonymisiert',
        email: 'anonymisiert@anonymisiert.invalid',
        subject: 'anonymisiert',
        message: 'anonymisiert',
        handled: true,
      });
      expect(rows.find((r) => r.id === open!.id)).toMatchObject({
        name: 'Petra Muster',
        email: 'petra@example.ch',
      });
    }));

  it('removes unconfirmed newsletter sign-ups after 30 days and keeps subscribers', () =>
    inRolledBackTransaction(async (db) => {
      await db.query(
        `insert into public.newsletter_subscriptions (email, status) values ('pending-nl@example.ch', 'pending'), ('subscribed-nl@example.ch', 'subscribed')`,
      );
      const emails = `select email from public.newsletter_subscriptions where email like '%-nl@example.ch' order by 1`;
      await at(db, '29 days');
      expect((await db.query(emails)).length).toBe(2);
      await at(db, '31 days');
      expect(await db.query(emails)).toEqual([{ email: 'subscribed-nl@example.ch' }]);
    }));

  it('removes waiting-list entries after their event, not those of later events', () =>
    inRolledBackTransaction(async (db) => {
      const soon = await insertEvent(db, { startInDays: 10 });
      const later = await insertEvent(db, { startInDays: 100 });
      for (const event of [soon, later]) {
        await db.query(
          `insert into public.waitlist_entries (event_id, name, email, phone, persons, leave_token_hash)
           values ($1, 'Petra Muster', 'petra@example.ch', '+41 79 123 45 67', 1, encode(sha256(gen_random_uuid()::text::bytea), 'hex'))`,
          [event.id],
        );
      }
      const left = `select event_id from public.waitlist_entries where event_id = any($1)`;
      await at(db, '10 days');
      expect((await db.query(left, [[soon.id, later.id]])).length).toBe(2);
      await at(db, '11 days');
      expect(await db.query(left, [[soon.id, later.id]])).toEqual([{ event_id: later.id }]);
    }));

  it('removes contact data and answers 24 months after the event and the name after ten years; the books stay', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, { startInDays: 10 });
      const laterEvent = await insertEvent(db, { startInDays: 800 });
      const paid = await insertParticipant(db, event.id, { paid: true, payment_method: 'stripe' });
      const other = await insertParticipant(db, laterEvent.id, {
        name: 'Otto Andere',
        email: 'otto@example.ch',
      });
      await db.query(
        `update public.participants set notes = 'Vegi', answers = '[{"question_id":"q1","label":"Menü","answer":"Fisch"}]' where id = $1`,
        [paid.id],
      );
      await db.query(
        `insert into public.booking_history (participant_id, actor, actor_name, action, status_after, persons_after, event_after, note)
         values ($1, 'visitor', 'Petra Muster', 'booked', 'confirmed', 1, $2, 'Petra bucht')`,
        [paid.id, event.id],
      );
      const books = `select p.reference, p.persons, p.status, p.registration_date, p.discount_cents,
          (select json_agg(json_build_object('amount', y.amount_cents, 'method', y.method, 'state', y.state, 'at', y.created_at) order by y.id)
             from public.payments y where y.participant_id = p.id) as payments,
          (select count(*) from public.booking_history h where h.participant_id = p.id) as history
        from public.participants p where p.id = $1`;
      const person = `select name, email, phone, notes, answers, contact_removed_at is not null as contact_removed,
          anonymised_at is not null as anonymised from public.participants where id = $1`;
      const booksBefore = await db.query(books, [paid.id]);
      const otherBefore = await db.query(person, [other.id]);

      // Counts include the seed's bookings: each row of this case is checked instead.
      const paidBefore = await db.query(person, [paid.id]);
      await at(db, '739 days');
      expect(await db.query(person, [paid.id])).toEqual(paidBefore);
      await at(db, '741 days');
      expect((await db.query(person, [paid.id]))[0]).toEqual({
        name: 'Petra Muster',
        email: 'anonymisiert@anonymisiert.invalid',
        phone: '000',
        notes: '',
        answers: [],
        contact_removed: true,
        anonymised: false,
      });
      expect(await db.query(books, [paid.id])).toEqual(booksBefore);
      expect(await db.query(person, [other.id])).toEqual(otherBefore);

      await at(db, '3661 days');
      expect((await db.query(person, [paid.id]))[0]).toMatchObject({
        name: 'anonymisiert',
        anonymised: true,
      });
      expect(await db.query(books, [paid.id])).toEqual(booksBefore);
      expect(
        await db.query(`select actor_name, note from public.booking_history where participant_id = $1`, [
          paid.id,
        ]),
      ).toEqual([{ actor_name: 'anonymisiert', note: 'anonymisiert' }]);
      // The later event's booking is younger than 24 months after its event: its contact stays.
      expect((await db.query(person, [other.id]))[0]).toMatchObject({
        name: 'Otto Andere',
        anonymised: false,
      });
    }));
});

describe('retention of messages and bank entries', () => {
  it('empties messages 24 months after their event and bank payer data ten years after the value date, keeping amounts', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, { startInDays: 0 });
      const later = await insertEvent(db, { startInDays: 400 });
      const [message] = await db.query<{ id: string }>(
        `insert into public.participant_messages (event_id, subject, body, recipients)
         values ($1, 'Hallo Petra', 'Bis bald, Petra Muster', 1) returning id`,
        [event.id],
      );
      const [youngerMessage] = await db.query<{ id: string }>(
        `insert into public.participant_messages (event_id, subject, body, recipients)
         values ($1, 'Hallo Otto', 'Bis bald, Otto', 1) returning id`,
        [later.id],
      );
      const [bankImport] = await db.query<{ id: string }>(
        `insert into public.bank_imports (file_name, format) values ('camt.xml', 'camt.054.001.08') returning id`,
      );
      const entry = (reference: string, days: number) =>
        db.query<{ id: string }>(
          `insert into public.bank_entries (import_id, entry_reference, kind, amount_cents, currency, value_date,
             reference, remittance, debtor_name, outcome, note)
           values ($1, $2, 'credit', 4500, 'CHF', current_date + $3::int, 'RF18539007547034', 'Kurs Petra Muster',
             'Petra Muster', 'unassigned', 'Rückfrage bei Petra')
           returning id`,
          [bankImport!.id, `${reference}-${Math.random().toString(36).slice(2)}`, days],
        );
      const [old] = await entry('ALT', 0);
      const [young] = await entry('NEU', 400);
      const messages =
        'select id, subject, body from public.participant_messages where id = any($1) order by subject';
      const bank = `select id, amount_cents, value_date, reference, remittance, debtor_name, note, outcome
        from public.bank_entries where id = $1`;
      const messagesBefore = await db.query(messages, [[message!.id, youngerMessage!.id]]);
      const oldBefore = (await db.query(bank, [old!.id]))[0]!;
      const youngBefore = await db.query(bank, [young!.id]);

      await at(db, '729 days');
      expect(await db.query(messages, [[message!.id, youngerMessage!.id]])).toEqual(messagesBefore);
      await at(db, '731 days');
      expect(await db.query(messages, [[message!.id]])).toEqual([
        { id: message!.id, subject: 'anonymisiert', body: 'anonymisiert' },
      ]);
      expect(await db.query(messages, [[youngerMessage!.id]])).toEqual(
        messagesBefore.filter((row) => row.id === youngerMessage!.id),
      );
      expect(await db.query(bank, [old!.id])).toEqual([oldBefore]);

      await at(db, '3651 days');
      expect(await db.query(bank, [old!.id])).toEqual([
        { ...oldBefore, remittance: 'anonymisiert', debtor_name: 'anonymisiert', note: 'anonymisiert' },
      ]);
      expect(await db.query(bank, [young!.id])).toEqual(youngBefore);
    }));
});

describe('retention job', () => {
  afterEach(async () => {
    await shiftClock(null);
  });

  it('runs daily as Supabase Cron job apply-retention and reads the clock tests move', async () => {
    const [mail] = await sql<{ id: string }>(
      `insert into public.mail_outbox (kind, recipient, payload, state, sent_at)
       values ('newsletter_notice', 'retention-cron@example.ch', '{"email":"retention-cron@example.ch"}', 'sent', now()) returning id`,
    );
    try {
      await shiftClock('31 days');
      const run = await fetch(`${stackEnv().apiUrl}/__stack/cron/run`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${stackEnv().serviceRoleKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ job: 'apply-retention' }),
      });
      expect(run.status).toBe(200);
      expect(await run.json()).toMatchObject({ status: 'succeeded' });
      const [row] = await sql<{ recipient: string | null; payload: unknown }>(
        'select recipient, payload from public.mail_outbox where id = $1',
        [mail!.id],
      );
      expect(row).toEqual({
        recipient: null,
        payload: { anonymisiert: true, recipientHash: expect.any(String) },
      });
    } finally {
      await sql('delete from public.mail_outbox where id = $1', [mail!.id]);
    }
  });
});

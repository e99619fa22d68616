import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { anon, inRolledBackTransaction, type Session } from './support/db';
import { insertEvent, insertParticipant } from './support/fixtures';

// Messages to participants (supabase/schemas/60_admin.sql).

const SUBJECT = 'Infos zu {event}';
const BODY = 'Hallo {name}\nWir sehen uns am {datum} in {ort}.';

async function setUp(db: Session) {
  const admin = await db.createUser({ admin: true });
  const user = await db.createUser();
  const event = await insertEvent(db, { title: 'Pasta von Hand', location: 'Suhr' });
  const other = await insertEvent(db, { title: 'Stammtisch', location: 'Aarau' });
  const anna = await insertParticipant(db, event.id, { name: 'Anna', email: 'anna@example.ch' });
  const ben = await insertParticipant(db, event.id, { name: 'Ben', email: 'ben@example.ch' });
  // The same person twice (another event): one mail.
  const annaAgain = await insertParticipant(db, other.id, { name: 'Anna', email: 'ANNA@example.ch' });
  await db.query(
    `update public.participants set registration_date = now() + interval '1 day' where id = $1`,
    [annaAgain.id],
  );
  return { admin, user, event, other, anna, ben, annaAgain };
}

async function mails(db: Session) {
  return db.query<{ recipient: string; payload: { subject: string; text: string }; participant_id: string }>(
    `select recipient, payload, participant_id from public.mail_outbox
      where kind = 'participant_message' order by recipient`,
  );
}

describe('message functions refuse everybody but admins', () => {
  it('admin_preview_message and admin_send_message: anon and a non-admin get 42501, nothing is queued', () =>
    inRolledBackTransaction(async (db) => {
      const { user, anna } = await setUp(db);
      for (const actor of [anon, user]) {
        const preview = await db.as(actor, 'select public.admin_preview_message($1, $2, $3)', [
          anna.id,
          SUBJECT,
          BODY,
        ]);
        expect(preview.error?.code).toBe('42501');
        const send = await db.as(actor, 'select public.admin_send_message($1, $2, $3)', [
          [anna.id],
          SUBJECT,
          BODY,
        ]);
        expect(send.error?.code).toBe('42501');
      }
      expect(await mails(db)).toEqual([]);
      const [log] = await db.query<{ count: number }>(
        'select count(*)::int as count from public.participant_messages',
      );
      expect(log?.count).toBe(0);
    }));
});

describe('admin_preview_message', () => {
  it('fills the placeholders for one recipient', () =>
    inRolledBackTransaction(async (db) => {
      const { admin, anna, event } = await setUp(db);
      const outcome = await db.as<{ p: { subject: string; body: string } }>(
        admin,
        'select public.admin_preview_message($1, $2, $3) as p',
        [anna.id, SUBJECT, BODY],
      );
      expect(outcome.error).toBeNull();
      const [date] = await db.query<{ d: string }>(
        `select to_char(start_date, 'DD.MM.YYYY') as d from public.events where id = $1`,
        [event.id],
      );
      expect(outcome.rows[0]!.p).toEqual({
        subject: 'Infos zu Pasta von Hand',
        body: `Hallo Anna\nWir sehen uns am ${date!.d} in Suhr.`,
      });
      const empty = await db.as(admin, 'select public.admin_preview_message($1, $2, $3)', [
        anna.id,
        ' ',
        BODY,
      ]);
      expect({ message: empty.error?.message, detail: empty.error?.detail }).toEqual({
        message: 'INVALID_INPUT',
        detail: 'subject',
      });
      const unknown = await db.as(admin, 'select public.admin_preview_message($1, $2, $3)', [
        randomUUID(),
        SUBJECT,
        BODY,
      ]);
      expect(unknown.error?.message).toBe('PARTICIPANT_NOT_FOUND');
    }));
});

describe('admin_send_message', () => {
  it('queues one mail per person with its own placeholders and logs the send per event', () =>
    inRolledBackTransaction(async (db) => {
      const { admin, anna, ben, annaAgain, event, other } = await setUp(db);
      const outcome = await db.as<{ n: number }>(admin, 'select public.admin_send_message($1, $2, $3) as n', [
        [anna.id, ben.id, annaAgain.id, randomUUID()],
        SUBJECT,
        BODY,
      ]);
      expect(outcome.error).toBeNull();
      expect(outcome.rows[0]!.n).toBe(2);
      const queued = await mails(db);
      expect(queued.map((mail) => [mail.recipient, mail.participant_id, mail.payload.subject])).toEqual([
        ['anna@example.ch', anna.id, 'Infos zu Pasta von Hand'],
        ['ben@example.ch', ben.id, 'Infos zu Pasta von Hand'],
      ]);
      expect(queued[1]!.payload.text).toMatch(/^Hallo Ben\nWir sehen uns am \d{2}\.\d{2}\.\d{4} in Suhr\.$/);
      const log = await db.query<{ event_id: string; subject: string; recipients: number; sent_by: string }>(
        'select event_id, subject, recipients, sent_by from public.participant_messages',
      );
      expect(log).toEqual([{ event_id: event.id, subject: SUBJECT, recipients: 2, sent_by: admin.id }]);
      expect(log.some((row) => row.event_id === other.id)).toBe(false);
      // Admins read the log.
      const read = await db.as(
        admin,
        'select recipients from public.participant_messages where event_id = $1',
        [event.id],
      );
      expect(read.rows).toEqual([{ recipients: 2 }]);
    }));

  it('refuses an empty list, a list of unknown ids and an empty text', () =>
    inRolledBackTransaction(async (db) => {
      const { admin, anna } = await setUp(db);
      for (const [ids, body, detail] of [
        [[], BODY, 'recipients'],
        [[randomUUID()], BODY, 'recipients'],
        [[anna.id], '  ', 'body'],
      ] as const) {
        const outcome = await db.as(admin, 'select public.admin_send_message($1, $2, $3)', [
          ids,
          SUBJECT,
          body,
        ]);
        expect({ message: outcome.error?.message, detail: outcome.error?.detail }).toEqual({
          message: 'INVALID_INPUT',
          detail,
        });
      }
      expect(await mails(db)).toEqual([]);
    }));
});

describe('admin_send_message to the waiting list too (supabase/schemas/60_admin.sql)', () => {
  async function wait(db: Session, eventId: string, name: string, email: string, status = 'waiting') {
    await db.query(
      `insert into public.waitlist_entries (event_id, name, email, phone, persons, leave_token_hash, status, ended_at,
         offer_token_hash, offered_at, offer_expires_at)
       select $1, $2, $3, '+41 79 000 00 00', 1, encode(sha256(gen_random_uuid()::text::bytea), 'hex'), $4,
         case when $4 in ('waiting', 'offered') then null else now() end,
         offer.token_hash, offer.at, offer.at + interval '1 day'
       from (select case when $4 = 'offered' then encode(sha256(gen_random_uuid()::text::bytea), 'hex') end as token_hash,
                    case when $4 = 'offered' then now() end as at) offer`,
      [eventId, name, email, status],
    );
  }

  it('adds one mail per address still waiting, skips those who booked or left, and logs them with the event', () =>
    inRolledBackTransaction(async (db) => {
      const { admin, anna, ben, event } = await setUp(db);
      await wait(db, event.id, 'Wanda', 'wanda@example.ch');
      await wait(db, event.id, 'Olga', 'olga@example.ch', 'offered');
      await wait(db, event.id, 'Lea', 'lea@example.ch', 'left');
      // Booked and waiting: one mail, the booking's.
      await wait(db, event.id, 'Ben', 'BEN@example.ch');
      const outcome = await db.as<{ n: number }>(
        admin,
        'select public.admin_send_message($1, $2, $3, $4) as n',
        [[anna.id, ben.id], SUBJECT, BODY, event.id],
      );
      expect(outcome.error).toBeNull();
      expect(outcome.rows[0]!.n).toBe(4);
      const queued = await mails(db);
      expect(queued.map((mail) => [mail.recipient, mail.participant_id])).toEqual([
        ['anna@example.ch', anna.id],
        ['ben@example.ch', ben.id],
        ['olga@example.ch', null],
        ['wanda@example.ch', null],
      ]);
      expect(queued[3]!.payload.text).toMatch(
        /^Hallo Wanda\nWir sehen uns am \d{2}\.\d{2}\.\d{4} in Suhr\.$/,
      );
      const log = await db.query<{ recipients: number }>(
        'select recipients from public.participant_messages where event_id = $1',
        [event.id],
      );
      expect(log).toEqual([{ recipients: 4 }]);
    }));

  it('sends to a waiting list alone, and refuses an unknown event', () =>
    inRolledBackTransaction(async (db) => {
      const { admin, event } = await setUp(db);
      await wait(db, event.id, 'Wanda', 'wanda@example.ch');
      const alone = await db.as<{ n: number }>(
        admin,
        'select public.admin_send_message($1, $2, $3, $4) as n',
        [[], SUBJECT, BODY, event.id],
      );
      expect(alone.rows[0]?.n).toBe(1);
      const unknown = await db.as(admin, 'select public.admin_send_message($1, $2, $3, $4)', [
        [],
        SUBJECT,
        BODY,
        randomUUID(),
      ]);
      expect(unknown.error?.message).toBe('EVENT_NOT_FOUND');
    }));
});

import { describe, expect, it } from 'vitest';
import { anon, inRolledBackTransaction, service, type Session } from './support/db';
import { insertEvent } from './support/fixtures';

// The mail outbox in SQL (supabase/schemas/50_outbox_and_mail_payloads.sql): what queues a mail, the retry schedule,
// the worker's claim and record steps, who may read it, and the visitor's status question.

interface OutboxRow {
  id: string;
  kind: string;
  recipient: string | null;
  state: string;
  attempts: number;
  next_attempt_at: Date;
  last_error: string | null;
  participant_id: string | null;
  payload: { participant?: { email: string }; event?: { title: string } };
}

const REGISTER = `select public.register_for_event($1, 'Petra Muster', $2, '+41 79 123 45 67', 'onsite', '', null) as r`;

async function registerVisitor(db: Session, eventId: string, email = 'petra@example.ch') {
  const { rows, error } = await db.as<{ r: { participant_id: string; confirmation_token: string } }>(
    service, // as the register-for-event function calls it
    REGISTER,
    [eventId, email],
  );
  if (error) throw error;
  return rows[0]!.r;
}

const outbox = (db: Session, where = 'true', params: unknown[] = []) =>
  db.query<OutboxRow>(`select * from public.mail_outbox where ${where} order by created_at, kind`, params);

const claim = (db: Session, limit = 20) =>
  db.as<OutboxRow>(service, 'select * from public.claim_outbox_mails($1, 120)', [limit]);

const record = (db: Session, id: string, attempt: number, result: { providerId?: string; error?: string }) =>
  db.as<{ state: string | null }>(
    service,
    `select public.record_outbox_attempt($1, $2, p_provider_id => $3, p_error => $4) as state`,
    [id, attempt, result.providerId ?? null, result.error ?? null],
  );

describe('mail outbox: queued in the same transaction as their cause', () => {
  it('a visitor registration queues the confirmation to the visitor and the notice to the provider', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, { title: 'Fondue-Abend' });
      const { participant_id } = await registerVisitor(db, event.id, 'petra@example.ch');

      const rows = await outbox(db, 'participant_id = $1', [participant_id]);
      expect(rows.map((row) => [row.kind, row.recipient, row.state, row.attempts])).toEqual([
        ['participant_confirmation', 'petra@example.ch', 'queued', 0],
        ['registration_notice', null, 'queued', 0],
      ]);
      expect(rows[0]!.payload.event?.title).toBe('Fondue-Abend');
    }));

  it('a refused registration queues nothing', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, { status: 'draft' });
      const before = (await outbox(db)).length;
      const { error } = await db.as(service, REGISTER, [event.id, 'x@example.ch']);
      expect(error).not.toBeNull();
      expect(await outbox(db)).toHaveLength(before);
    }));

  it("an admin's new participant gets a confirmation only when asked for, and no provider notice", () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db);
      const admin = await db.createUser({ admin: true });
      const add = (email: string, send: boolean) =>
        db.as<{ id: string }>(
          admin,
          `select (public.admin_add_booking($1, 'Beat', $2, '+41 79 000 00 00', 1, 'onsite', '', $3)).id`,
          [event.id, email, send],
        );
      const quiet = (await add('still@example.ch', false)).rows[0]!.id;
      const mailed = (await add('beat@example.ch', true)).rows[0]!.id;

      expect(await outbox(db, 'participant_id = $1', [quiet])).toEqual([]);
      expect(
        (await outbox(db, 'participant_id = $1', [mailed])).map((row) => [row.kind, row.recipient]),
      ).toEqual([['participant_confirmation', 'beat@example.ch']]);
    }));

  it('submit_enquiry and subscribe_to_newsletter store the row and its mail, for the service role only', () =>
    inRolledBackTransaction(async (db) => {
      const { rows } = await db.as<{ id: string }>(
        service,
        `select public.submit_enquiry('contact', 'Eva', 'eva@example.ch', 'Frage', 'Hallo') as id`,
      );
      expect(await outbox(db, 'enquiry_id = $1', [rows[0]!.id])).toHaveLength(1);

      await db.as(service, `select public.subscribe_to_newsletter(' Neu@Example.ch ', true)`);
      const notices = await outbox(
        db,
        `kind = 'newsletter_notice' and payload ->> 'email' = 'neu@example.ch'`,
      );
      expect(notices.map((row) => row.payload)).toEqual([{ email: 'neu@example.ch' }]);

      const refused = await db.as(anon, `select public.submit_enquiry('contact', 'a', 'a@b.ch', 's', 'm')`);
      expect(refused.error?.code).toBe('42501');
    }));
});

describe('mail outbox: retries', () => {
  it('waits 1 minute after the first failed try, doubling up to 6 hours', () =>
    inRolledBackTransaction(async (db) => {
      const rows = await db.query<{ attempts: number; minutes: number }>(
        `select n as attempts, extract(epoch from private.outbox_backoff(n)) / 60 as minutes
         from generate_series(1, 10) n`,
      );
      expect(rows.map((row) => Number(row.minutes))).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 360]);
    }));

  it('a failed try is recorded with its error and scheduled by the backoff; the 10th failure gives up', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db);
      const { participant_id } = await registerVisitor(db, event.id);
      await db.query(`update public.mail_outbox set next_attempt_at = now() - interval '1 hour'`);

      const claimed = (await claim(db, 100)).rows.find(
        (row) => row.participant_id === participant_id && row.kind === 'participant_confirmation',
      )!;
      expect(claimed).toMatchObject({ state: 'sending', attempts: 1 });
      expect((await record(db, claimed.id, 1, { error: 'Mail provider answered 500' })).rows[0]?.state).toBe(
        'queued',
      );
      const [afterFirst] = await outbox(db, 'id = $1', [claimed.id]);
      expect(afterFirst).toMatchObject({
        state: 'queued',
        attempts: 1,
        last_error: 'Mail provider answered 500',
      });
      const waits = await db.query<{ seconds: number }>(
        `select extract(epoch from next_attempt_at - now()) as seconds from public.mail_outbox where id = $1`,
        [claimed.id],
      );
      expect(Number(waits[0]!.seconds)).toBeCloseTo(60, 0);

      // Not due yet: another claim does not take it.
      expect((await claim(db, 100)).rows.map((row) => row.id)).not.toContain(claimed.id);

      await db.query(`update public.mail_outbox set attempts = 9, next_attempt_at = now() where id = $1`, [
        claimed.id,
      ]);
      const tenth = (await claim(db, 100)).rows.find((row) => row.id === claimed.id)!;
      expect(tenth.attempts).toBe(10);
      expect((await record(db, claimed.id, 10, { error: 'timed out' })).rows[0]?.state).toBe('failed');
    }));

  it('a success is recorded once, by the worker holding the claim, and mirrored on the participant', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db);
      const { participant_id } = await registerVisitor(db, event.id);
      const [mine] = (await claim(db, 100)).rows.filter(
        (row) => row.participant_id === participant_id && row.kind === 'participant_confirmation',
      );

      // A stale worker (earlier attempt) cannot record.
      expect((await record(db, mine!.id, 0, { providerId: 'stale' })).rows[0]?.state).toBeNull();
      expect((await record(db, mine!.id, 1, { providerId: 'resend-1' })).rows[0]?.state).toBe('sent');
      expect((await record(db, mine!.id, 1, { providerId: 'resend-2' })).rows[0]?.state).toBeNull();

      const [row] = await db.query<{ confirmation_email_id: string; confirmation_sent_at: Date | null }>(
        'select confirmation_email_id, confirmation_sent_at from public.participants where id = $1',
        [participant_id],
      );
      expect(row).toMatchObject({
        confirmation_email_id: 'resend-1',
        confirmation_sent_at: expect.any(Date),
      });
    }));

  it('a claimed mail is not taken again while its lease runs, and is taken again after it ran out', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db);
      const { participant_id } = await registerVisitor(db, event.id);
      const ids = (await claim(db, 100)).rows
        .filter((row) => row.participant_id === participant_id)
        .map((row) => row.id);
      expect(ids).toHaveLength(2);
      expect((await claim(db, 100)).rows.filter((row) => ids.includes(row.id))).toEqual([]);

      await db.query(
        `update public.mail_outbox set locked_until = now() - interval '1 second' where id = any($1)`,
        [ids],
      );
      const again = (await claim(db, 100)).rows.filter((row) => ids.includes(row.id));
      expect(again.map((row) => row.attempts)).toEqual([2, 2]);
    }));

  it('the worker steps are for the service role only', () =>
    inRolledBackTransaction(async (db) => {
      const user = await db.createUser();
      for (const actor of [anon, user]) {
        expect((await db.as(actor, 'select * from public.claim_outbox_mails(1, 60)')).error?.code).toBe(
          '42501',
        );
        expect(
          (await db.as(actor, `select public.record_outbox_attempt(gen_random_uuid(), 1)`)).error?.code,
        ).toBe('42501');
      }
    }));
});

describe('mail outbox: who sees what', () => {
  it('admins read the outbox; visitors and other users see nothing', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db);
      await registerVisitor(db, event.id);
      const admin = await db.createUser({ admin: true });
      const user = await db.createUser();
      const count = async (actor: typeof anon) =>
        (await db.as<{ n: number }>(actor, 'select count(*)::int as n from public.mail_outbox')).rows[0]?.n;

      expect(await count(admin)).toBeGreaterThanOrEqual(2);
      expect(await count(user)).toBe(0);
      expect((await db.as(anon, 'select count(*) from public.mail_outbox')).error?.code).toBe('42501');
      expect((await db.as(admin, `update public.mail_outbox set state = 'sent'`)).error?.code).toBe('42501');
    }));

  it('confirmation_mail_status tells the token holder whether the confirmation went out, nobody else', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db);
      const first = await registerVisitor(db, event.id, 'a@example.ch');
      const second = await registerVisitor(db, event.id, 'b@example.ch');
      const status = async (id: string, token: string) =>
        (
          await db.as<{ s: string | null }>(anon, 'select public.confirmation_mail_status($1, $2) as s', [
            id,
            token,
          ])
        ).rows[0]?.s;

      expect(await status(first.participant_id, first.confirmation_token)).toBe('queued');
      expect(await status(first.participant_id, second.confirmation_token)).toBeNull();
      expect(await status(first.participant_id, '')).toBeNull();
      expect(await status('00000000-0000-4000-8000-000000000000', first.confirmation_token)).toBeNull();

      const [mail] = await outbox(db, `participant_id = $1 and kind = 'participant_confirmation'`, [
        first.participant_id,
      ]);
      await db.query(`update public.mail_outbox set state = 'sending', attempts = 1 where id = $1`, [
        mail!.id,
      ]);
      await record(db, mail!.id, 1, { providerId: 'resend-1' });
      expect(await status(first.participant_id, first.confirmation_token)).toBe('sent');
    }));
});

import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { anon, inRolledBackTransaction, type Session } from './support/db';

// The inbox's SQL functions (supabase/schemas/60_admin.sql): refused for anon and a signed-in
// non-admin, working for an admin.

interface EnquiryRow {
  id: string;
  handled_at: string | null;
  mail_status: string;
  mail_error: string | null;
}

interface MailRow {
  id: string;
  state: string;
  attempts: number;
  max_attempts: number;
  last_error: string | null;
}

async function insertEnquiry(db: Session): Promise<EnquiryRow> {
  const [row] = await db.query<EnquiryRow>(
    `insert into public.enquiries (kind, name, email, subject, message, mail_status, mail_error)
     values ('contact', 'Eva', 'eva@example.ch', 'Frage', 'Hallo', 'failed', 'down') returning *`,
  );
  return row!;
}

async function insertMail(db: Session, state: string, enquiryId: string | null = null): Promise<MailRow> {
  const [row] = await db.query<MailRow>(
    `insert into public.mail_outbox (kind, recipient, payload, state, attempts, max_attempts, last_error, enquiry_id, sent_at)
     values ('enquiry_notice', null, '{}'::jsonb, $1, 10, 10, 'provider down', $2,
             case when $1 = 'sent' then now() end)
     returning *`,
    [state, enquiryId],
  );
  return row!;
}

async function setUp(db: Session) {
  const admin = await db.createUser({ admin: true });
  const user = await db.createUser();
  const enquiry = await insertEnquiry(db);
  const mail = await insertMail(db, 'failed', enquiry.id);
  return { admin, user, enquiry, mail };
}

const CALLS: Array<[string, (ids: { enquiry: string; mail: string }) => unknown[]]> = [
  ['public.admin_set_enquiry_handled($1, $2)', (ids) => [ids.enquiry, true]],
  ['public.admin_retry_mail($1)', (ids) => [ids.mail]],
  ['public.admin_inbox_counts()', () => []],
];

describe('inbox functions refuse everybody but admins', () => {
  it.each(CALLS)('%s: anon and a non-admin get 42501, nothing changes', (expression, params) =>
    inRolledBackTransaction(async (db) => {
      const { user, enquiry, mail } = await setUp(db);
      for (const actor of [anon, user]) {
        const outcome = await db.as(
          actor,
          `select ${expression}`,
          params({ enquiry: enquiry.id, mail: mail.id }),
        );
        expect(outcome.error?.code).toBe('42501');
      }
      const [state] = await db.query<{ handled_at: string | null; state: string }>(
        `select (select handled_at from public.enquiries where id = $1) as handled_at,
                (select state from public.mail_outbox where id = $2) as state`,
        [enquiry.id, mail.id],
      );
      expect(state).toEqual({ handled_at: null, state: 'failed' });
    }),
  );
});

describe('admin_set_enquiry_handled', () => {
  it('marks handled (keeping the first time), opens again, refuses unknown ids', () =>
    inRolledBackTransaction(async (db) => {
      const { admin, enquiry } = await setUp(db);
      const first = await db.as<{ r: EnquiryRow }>(
        admin,
        'select to_jsonb(public.admin_set_enquiry_handled($1, true)) as r',
        [enquiry.id],
      );
      expect(first.error).toBeNull();
      const handledAt = first.rows[0]!.r.handled_at;
      expect(handledAt).not.toBeNull();
      const again = await db.as<{ r: EnquiryRow }>(
        admin,
        'select to_jsonb(public.admin_set_enquiry_handled($1, true)) as r',
        [enquiry.id],
      );
      expect(again.rows[0]!.r.handled_at).toBe(handledAt);
      const reopened = await db.as<{ r: EnquiryRow }>(
        admin,
        'select to_jsonb(public.admin_set_enquiry_handled($1, false)) as r',
        [enquiry.id],
      );
      expect(reopened.rows[0]!.r.handled_at).toBeNull();
      const unknown = await db.as(admin, 'select public.admin_set_enquiry_handled($1, true)', [randomUUID()]);
      expect(unknown.error?.message).toBe('ENQUIRY_NOT_FOUND');
    }));
});

describe('admin_retry_mail', () => {
  it('queues a failed mail again with fresh tries and sets its enquiry back to pending', () =>
    inRolledBackTransaction(async (db) => {
      const { admin, enquiry, mail } = await setUp(db);
      const outcome = await db.as<{ r: MailRow }>(
        admin,
        'select to_jsonb(public.admin_retry_mail($1)) as r',
        [mail.id],
      );
      expect(outcome.error).toBeNull();
      expect(outcome.rows[0]!.r).toMatchObject({ state: 'queued', attempts: 10, max_attempts: 20 });
      const [after] = await db.query<EnquiryRow>('select * from public.enquiries where id = $1', [
        enquiry.id,
      ]);
      expect(after).toMatchObject({ mail_status: 'pending', mail_error: null });
      // The worker may claim it now.
      const [due] = await db.query<{ due: boolean }>(
        'select next_attempt_at <= now() as due from public.mail_outbox where id = $1',
        [mail.id],
      );
      expect(due?.due).toBe(true);
    }));

  it('refuses a mail that has not failed, and an unknown one', () =>
    inRolledBackTransaction(async (db) => {
      const { admin } = await setUp(db);
      for (const state of ['queued', 'sending', 'sent']) {
        const mail = await insertMail(db, state);
        const outcome = await db.as(admin, 'select public.admin_retry_mail($1)', [mail.id]);
        expect(outcome.error?.message).toBe('MAIL_NOT_FAILED');
      }
      const unknown = await db.as(admin, 'select public.admin_retry_mail($1)', [randomUUID()]);
      expect(unknown.error?.message).toBe('MAIL_NOT_FOUND');
    }));
});

describe('admin_inbox_counts', () => {
  it('counts open enquiries and failed mails', () =>
    inRolledBackTransaction(async (db) => {
      const { admin, enquiry } = await setUp(db);
      const counts = async () =>
        (
          await db.as<{ c: { open_enquiries: number; failed_mails: number } }>(
            admin,
            'select public.admin_inbox_counts() as c',
          )
        ).rows[0]!.c;
      const before = await counts();
      await insertEnquiry(db);
      await insertMail(db, 'failed');
      await insertMail(db, 'sent');
      expect(await counts()).toEqual({
        open_enquiries: before.open_enquiries + 1,
        failed_mails: before.failed_mails + 1,
      });
      await db.as(admin, 'select public.admin_set_enquiry_handled($1, true)', [enquiry.id]);
      expect((await counts()).open_enquiries).toBe(before.open_enquiries);
    }));
});

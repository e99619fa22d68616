import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { anon, connect, inRolledBackTransaction, waitsForLock, type Actor, type Session } from './support/db';

// 'Benutzer' (supabase/schemas/60_admin.sql): listing accounts, granting and revoking admin rights,
// inviting a colleague; the last admin keeps their rights, also under two concurrent revokes.

interface UserRow {
  id: string;
  email: string;
  email_confirmed: boolean;
  is_admin: boolean;
  admin_since: string | null;
}

async function setUp(db: Session) {
  const admin = await db.createUser({ admin: true });
  const user = await db.createUser();
  return { admin, user };
}

/** Leaves the given accounts as the only admins (inside the test's transaction). */
async function onlyAdmins(db: Session, ids: string[]) {
  await db.query('update public.profiles set is_admin = false where is_admin and not (id = any($1))', [ids]);
}

const CALLS: Array<[string, (ids: { user: string }) => unknown[]]> = [
  ['public.admin_list_users()', () => []],
  ['public.admin_set_admin($1, $2)', (ids) => [ids.user, true]],
  ['public.admin_invite_user($1)', () => ['kollegin@example.ch']],
];

describe('user functions refuse everybody but admins', () => {
  it.each(CALLS)('%s: anon and a non-admin get 42501, nothing changes', (expression, params) =>
    inRolledBackTransaction(async (db) => {
      const { user } = await setUp(db);
      for (const actor of [anon, user]) {
        const outcome = await db.as(actor, `select ${expression}`, params({ user: user.id }));
        expect(outcome.error?.code).toBe('42501');
      }
      const [state] = await db.query<{ admin: boolean; invitations: number; mails: number }>(
        `select (select is_admin from public.profiles where id = $1) as admin,
                (select count(*)::int from public.admin_invitations) as invitations,
                (select count(*)::int from public.mail_outbox where kind = 'admin_invitation') as mails`,
        [user.id],
      );
      expect(state).toEqual({ admin: false, invitations: 0, mails: 0 });
    }),
  );
});

describe('admin_list_users', () => {
  it('lists every account with e-mail, confirmation and admin state', () =>
    inRolledBackTransaction(async (db) => {
      const { admin, user } = await setUp(db);
      await db.query('update auth.users set email_confirmed_at = null where id = $1', [user.id]);
      const outcome = await db.as<UserRow>(admin, 'select * from public.admin_list_users()');
      expect(outcome.error).toBeNull();
      const byId = new Map(outcome.rows.map((row) => [row.id, row]));
      expect(byId.get(admin.id)).toMatchObject({ email: admin.email, email_confirmed: true, is_admin: true });
      expect(byId.get(admin.id)?.admin_since).not.toBeNull();
      expect(byId.get(user.id)).toMatchObject({
        email: user.email,
        email_confirmed: false,
        is_admin: false,
        admin_since: null,
      });
    }));
});

describe('admin_set_admin', () => {
  it('grants (with admin since) and revokes the rights of another account', () =>
    inRolledBackTransaction(async (db) => {
      const { admin, user } = await setUp(db);
      expect((await db.as(admin, 'select public.admin_set_admin($1, true)', [user.id])).error).toBeNull();
      const [granted] = await db.query<{ is_admin: boolean; admin_since: string | null }>(
        'select is_admin, admin_since from public.profiles where id = $1',
        [user.id],
      );
      expect(granted?.is_admin).toBe(true);
      expect(granted?.admin_since).not.toBeNull();
      // The new admin may use admin functions at once.
      expect((await db.as(user, 'select public.admin_inbox_counts()')).error).toBeNull();

      expect((await db.as(admin, 'select public.admin_set_admin($1, false)', [user.id])).error).toBeNull();
      const [revoked] = await db.query<{ is_admin: boolean; admin_since: string | null }>(
        'select is_admin, admin_since from public.profiles where id = $1',
        [user.id],
      );
      expect(revoked).toEqual({ is_admin: false, admin_since: null });
    }));

  it('refuses the own rights, unknown accounts and a missing value', () =>
    inRolledBackTransaction(async (db) => {
      const { admin, user } = await setUp(db);
      expect(
        (await db.as(admin, 'select public.admin_set_admin($1, false)', [admin.id])).error?.message,
      ).toBe('OWN_RIGHTS');
      expect(
        (await db.as(admin, 'select public.admin_set_admin($1, true)', [randomUUID()])).error?.message,
      ).toBe('USER_NOT_FOUND');
      expect((await db.as(admin, 'select public.admin_set_admin($1, null)', [user.id])).error?.message).toBe(
        'INVALID_INPUT',
      );
    }));

  it('never takes the rights of the last admin, whichever way is_admin is changed', () =>
    inRolledBackTransaction(async (db) => {
      const { admin, user } = await setUp(db);
      await onlyAdmins(db, [admin.id]);
      // The service role passes require_admin and may change anybody: the trigger still refuses.
      const outcome = await db.as(
        { kind: 'service' },
        'update public.profiles set is_admin = false where id = $1',
        [admin.id],
      );
      expect(outcome.error?.message).toBe('LAST_ADMIN');
      expect((await db.as(admin, 'select public.admin_set_admin($1, true)', [user.id])).error).toBeNull();
      // With a second admin, the first may lose the rights.
      expect((await db.as(user, 'select public.admin_set_admin($1, false)', [admin.id])).error).toBeNull();
    }));
});

describe('admin_invite_user', () => {
  it('stores the invitation and queues its mail in one call; a repeat sends a new mail', () =>
    inRolledBackTransaction(async (db) => {
      const { admin } = await setUp(db);
      for (let round = 0; round < 2; round++) {
        const outcome = await db.as(admin, 'select public.admin_invite_user($1)', ['  Kollegin@Example.ch ']);
        expect(outcome.error).toBeNull();
      }
      const invitations = await db.query<{ email: string; invited_by: string }>(
        'select email, invited_by from public.admin_invitations',
      );
      expect(invitations).toEqual([{ email: 'kollegin@example.ch', invited_by: admin.id }]);
      const mails = await db.query<{ recipient: string; payload: unknown }>(
        `select recipient, payload from public.mail_outbox where kind = 'admin_invitation'`,
      );
      expect(mails).toEqual([
        {
          recipient: 'kollegin@example.ch',
          payload: { email: 'kollegin@example.ch', invitedBy: admin.email },
        },
        {
          recipient: 'kollegin@example.ch',
          payload: { email: 'kollegin@example.ch', invitedBy: admin.email },
        },
      ]);
      // Admins read the invitations.
      const read = await db.as(admin, 'select email from public.admin_invitations');
      expect(read.rows).toEqual([{ email: 'kollegin@example.ch' }]);
    }));

  it('refuses a malformed address and one that already has an account', () =>
    inRolledBackTransaction(async (db) => {
      const { admin, user } = await setUp(db);
      const bad = await db.as(admin, 'select public.admin_invite_user($1)', ['keine-adresse']);
      expect({ message: bad.error?.message, detail: bad.error?.detail }).toEqual({
        message: 'INVALID_INPUT',
        detail: 'email',
      });
      const existing = await db.as(admin, 'select public.admin_invite_user($1)', [user.email.toUpperCase()]);
      expect(existing.error?.message).toBe('USER_EXISTS');
    }));
});

// Two admins revoke each other at the same moment, each on its own connection: exactly one
// succeeds. Committed data, so it is cleaned up (and the other admins restored) afterwards.
describe('the last-admin rule under concurrency', () => {
  const created: string[] = [];
  let demoted: string[] = [];

  afterAll(async () => {
    const client = await connect();
    try {
      // The other admins first: the last admin's account cannot be deleted (LAST_ADMIN).
      await client.query('update public.profiles set is_admin = true where id = any($1)', [demoted]);
      await client.query('delete from auth.users where id = any($1)', [created]);
    } finally {
      await client.end();
    }
  });

  it('two concurrent revokes leave one admin', async () => {
    const setup = await connect();
    const emails = [`a-${randomUUID()}@example.ch`, `b-${randomUUID()}@example.ch`];
    try {
      for (const email of emails) {
        const [row] = (
          await setup.query<{ id: string }>(
            `insert into auth.users (id, aud, role, email, email_confirmed_at, created_at, updated_at)
             values (gen_random_uuid(), 'authenticated', 'authenticated', $1, now(), now(), now()) returning id`,
            [email],
          )
        ).rows;
        created.push(row!.id);
      }
      await setup.query('update public.profiles set is_admin = true where id = any($1)', [created]);
      demoted = (
        await setup.query<{ id: string }>(
          'update public.profiles set is_admin = false where is_admin and not (id = any($1)) returning id',
          [created],
        )
      ).rows.map((row) => row.id);
    } finally {
      await setup.end();
    }

    const [a, b] = created as [string, string];
    const actors: Array<[Actor & { kind: 'user' }, string]> = [
      [{ kind: 'user', id: a, email: emails[0]! }, b],
      [{ kind: 'user', id: b, email: emails[1]! }, a],
    ];
    // The first revoke runs and holds its lock, uncommitted; the second starts while the first
    // is open (its admin check passes: the first revocation is not committed) and must wait.
    const clients = await Promise.all(actors.map(() => connect()));
    const [first, second] = clients as [pg.Client, pg.Client];
    try {
      for (const [index, [actor]] of actors.entries()) {
        const client = clients[index]!;
        await client.query('begin');
        await client.query('set local role authenticated');
        await client.query(`select set_config('request.jwt.claims', $1, true)`, [
          JSON.stringify({ sub: actor.id, email: actor.email, role: 'authenticated' }),
        ]);
      }
      await first.query('select public.admin_set_admin($1, false)', [b]);
      const [{ pid }] = (await second.query<{ pid: number }>('select pg_backend_pid() as pid')).rows as [
        { pid: number },
      ];
      // Settled into a value at once: the refusal arrives while this test still awaits the first
      // commit, and a rejection nobody handles yet is reported by vitest as an unhandled error.
      const secondRevoke = second
        .query('select public.admin_set_admin($1, false)', [a])
        .then(() => second.query('commit'))
        .then(
          () => ({ refused: null }),
          (error: Error) => ({ refused: error.message }),
        );
      const observer = await connect();
      try {
        await waitsForLock(observer, pid);
      } finally {
        await observer.end();
      }
      await first.query('commit');
      expect(await secondRevoke).toEqual({ refused: 'LAST_ADMIN' });
    } finally {
      for (const client of clients) {
        await client.query('rollback').catch(() => undefined);
        await client.end();
      }
    }
    const check = await connect();
    try {
      const { rows } = await check.query<{ admins: number }>(
        'select count(*)::int as admins from public.profiles where is_admin and id = any($1)',
        [created],
      );
      expect(rows[0]?.admins).toBe(1);
    } finally {
      await check.end();
    }
  });
});

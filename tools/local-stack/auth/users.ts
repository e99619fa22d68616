import { createHash, randomInt, randomUUID } from 'node:crypto';
import type pg from 'pg';

type Db = pg.Pool | pg.PoolClient;

export interface UserRow {
  id: string;
  aud: string | null;
  role: string | null;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  phone: string | null;
  phone_confirmed_at: Date | null;
  confirmed_at: Date | null;
  confirmation_token: string | null;
  confirmation_sent_at: Date | null;
  last_sign_in_at: Date | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  banned_until: Date | null;
  is_anonymous: boolean;
  created_at: Date | null;
  updated_at: Date | null;
}

export interface IdentityRow {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  email: string | null;
  last_sign_in_at: Date | null;
  created_at: Date | null;
  updated_at: Date | null;
}

const USER_COLUMNS = `id, aud, role, email, encrypted_password, email_confirmed_at, phone, phone_confirmed_at,
  confirmed_at, confirmation_token, confirmation_sent_at, last_sign_in_at, raw_app_meta_data, raw_user_meta_data,
  banned_until, is_anonymous, created_at, updated_at`;

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** GoTrue keeps sha224(email + otp) and puts that hash into confirmation links. */
export function tokenHash(email: string, otp: string): string {
  return createHash('sha224')
    .update(email + otp)
    .digest('hex');
}

export function newOtp(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where email = $1 and deleted_at is null and is_sso_user = false`,
    [normalizeEmail(email)],
  );
  return rows[0] ?? null;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users where id = $1 and deleted_at is null`,
    [id],
  );
  return rows[0] ?? null;
}

export async function findUserByConfirmationToken(
  db: Db,
  hash: string,
  maxAgeSeconds: number,
): Promise<UserRow | null> {
  if (!hash) return null;
  const { rows } = await db.query<UserRow>(
    `select ${USER_COLUMNS} from auth.users
     where confirmation_token = $1 and deleted_at is null
       and confirmation_sent_at > now() - make_interval(secs => $2)`,
    [hash, maxAgeSeconds],
  );
  return rows[0] ?? null;
}

export async function identitiesOf(db: Db, userId: string): Promise<IdentityRow[]> {
  const { rows } = await db.query<IdentityRow>(
    `select id, provider_id, user_id, identity_data, provider, email, last_sign_in_at, created_at, updated_at
     from auth.identities where user_id = $1 order by created_at`,
    [userId],
  );
  return rows;
}

/** A new, unconfirmed e-mail user with its identity, waiting for the confirmation link. */
export async function insertUnconfirmedUser(
  db: Db,
  input: { email: string; passwordHash: string; metadata: Record<string, unknown>; confirmationHash: string },
): Promise<string> {
  const id = randomUUID();
  const identityData = { sub: id, email: input.email, email_verified: false, phone_verified: false };
  await db.query(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, confirmation_token,
       confirmation_sent_at, recovery_token, email_change_token_new, email_change, raw_app_meta_data,
       raw_user_meta_data, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', $2, $3, $4, now(),
       '', '', '', '{"provider":"email","providers":["email"]}'::jsonb, $5::jsonb, now(), now())`,
    [
      id,
      input.email,
      input.passwordHash,
      input.confirmationHash,
      JSON.stringify({ ...input.metadata, ...identityData }),
    ],
  );
  await db.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
     values ($1::text, $1::uuid, $2::jsonb, 'email', now(), now())`,
    [id, JSON.stringify(identityData)],
  );
  return id;
}

/** A repeated sign-up of an unconfirmed address: new password and data, new confirmation code. */
export async function renewUnconfirmedUser(
  db: Db,
  id: string,
  input: { passwordHash: string; metadata: Record<string, unknown>; confirmationHash: string },
): Promise<void> {
  await db.query(
    `update auth.users set encrypted_password = $2, raw_user_meta_data = coalesce(raw_user_meta_data, '{}') || $3::jsonb,
       confirmation_token = $4, confirmation_sent_at = now(), updated_at = now() where id = $1`,
    [id, input.passwordHash, JSON.stringify(input.metadata), input.confirmationHash],
  );
}

export async function confirmEmail(db: Db, id: string): Promise<void> {
  await db.query(
    `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()), confirmation_token = '',
       raw_user_meta_data = coalesce(raw_user_meta_data, '{}') || '{"email_verified": true}'::jsonb,
       updated_at = now() where id = $1`,
    [id],
  );
  await db.query(
    `update auth.identities set identity_data = identity_data || '{"email_verified": true}'::jsonb, updated_at = now()
     where user_id = $1 and provider = 'email'`,
    [id],
  );
}

export async function recordSignIn(db: Db, id: string): Promise<void> {
  await db.query('update auth.users set last_sign_in_at = now(), updated_at = now() where id = $1', [id]);
  await db.query(
    `update auth.identities set last_sign_in_at = now() where user_id = $1 and provider = 'email'`,
    [id],
  );
}

/** PUT /user: a new password and/or metadata (keys set to null are removed, as GoTrue does). */
export async function updateUserAttributes(
  db: Db,
  id: string,
  changes: { passwordHash?: string; metadata?: Record<string, unknown> },
): Promise<void> {
  if (changes.passwordHash) {
    await db.query('update auth.users set encrypted_password = $2, updated_at = now() where id = $1', [
      id,
      changes.passwordHash,
    ]);
  }
  if (changes.metadata) {
    const removed = Object.keys(changes.metadata).filter((key) => changes.metadata?.[key] === null);
    await db.query(
      `update auth.users set raw_user_meta_data = (coalesce(raw_user_meta_data, '{}') || $2::jsonb) - $3::text[],
         updated_at = now() where id = $1`,
      [id, JSON.stringify(changes.metadata), removed],
    );
  }
}

import { randomBytes, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type pg from 'pg';
import { signJwt } from '../jwt';
import type { StackConfig } from '../types';
import { AuthError } from './errors';
import { userJson } from './serialize';
import type { AuthSettings } from './settings';
import { findUserById, identitiesOf, recordSignIn, type UserRow } from './users';

/** How the session was started, for the `amr` claim. */
export type SignInMethod = 'password' | 'otp';

/** What issuing tokens needs (a subset of the auth handler's dependencies). */
interface SessionContext {
  ctx: { config: StackConfig };
  settings: AuthSettings;
}

interface RefreshTokenRow {
  id: string;
  token: string;
  revoked: boolean;
  updated_at: Date;
  session_id: string;
  user_id: string;
  session_created_at: Date;
}

function newRefreshToken(): string {
  return randomBytes(12).toString('base64url');
}

async function accessToken(
  user: UserRow,
  sessionId: string,
  method: SignInMethod,
  since: Date,
  ctx: SessionContext,
) {
  const now = Math.floor(Date.now() / 1000);
  const exp = now + ctx.settings.jwtExpiry;
  const token = await signJwt(
    {
      iss: `${ctx.ctx.config.apiUrl}/auth/v1`,
      sub: user.id,
      aud: user.aud ?? 'authenticated',
      exp,
      iat: now,
      email: user.email ?? '',
      phone: user.phone ?? '',
      app_metadata: user.raw_app_meta_data ?? {},
      user_metadata: user.raw_user_meta_data ?? {},
      role: user.role ?? 'authenticated',
      aal: 'aal1',
      amr: [{ method, timestamp: Math.floor(since.getTime() / 1000) }],
      session_id: sessionId,
      is_anonymous: user.is_anonymous,
    },
    ctx.ctx.config.jwtSecret,
  );
  return { token, exp };
}

/** The session JSON of /token and /verify: access token, rotating refresh token and the user. */
async function sessionJson(
  db: pg.PoolClient,
  userId: string,
  sessionId: string,
  refreshToken: string,
  method: SignInMethod,
  since: Date,
  ctx: SessionContext,
) {
  const user = await findUserById(db, userId);
  if (!user) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
  const access = await accessToken(user, sessionId, method, since, ctx);
  return {
    access_token: access.token,
    token_type: 'bearer',
    expires_in: ctx.settings.jwtExpiry,
    expires_at: access.exp,
    refresh_token: refreshToken,
    user: userJson(user, await identitiesOf(db, user.id)),
  };
}

/** Starts a session for a signed-in or just-verified user. */
export async function startSession(
  db: pg.PoolClient,
  user: UserRow,
  method: SignInMethod,
  req: IncomingMessage,
  ctx: SessionContext,
) {
  const sessionId = randomUUID();
  const refreshToken = newRefreshToken();
  const userAgent = req.headers['user-agent'] ?? null;
  const { rows } = await db.query<{ created_at: Date }>(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip)
     values ($1, $2, now(), now(), 'aal1', $3, $4::inet) returning created_at`,
    [sessionId, user.id, userAgent, clientIp(req)],
  );
  await db.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, session_id)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), $3)`,
    [refreshToken, user.id, sessionId],
  );
  await recordSignIn(db, user.id);
  return sessionJson(db, user.id, sessionId, refreshToken, method, rows[0]!.created_at, ctx);
}

function clientIp(req: IncomingMessage): string | null {
  const address = req.socket.remoteAddress ?? null;
  return address?.replace(/^::ffff:/, '') ?? null;
}

/**
 * The refresh-token grant with rotation: a token can be used once; within the reuse interval a
 * second use (another tab refreshing at the same moment) gets the token that replaced it, later
 * reuse is treated as theft and revokes the whole session. That revocation must be committed,
 * so the refusal is returned rather than thrown.
 */
export async function refreshSession(db: pg.PoolClient, token: string, ctx: SessionContext) {
  const { rows } = await db.query<RefreshTokenRow>(
    `select rt.id, rt.token, rt.revoked, rt.updated_at, rt.session_id, s.user_id, s.created_at as session_created_at
     from auth.refresh_tokens rt join auth.sessions s on s.id = rt.session_id
     where rt.token = $1 for update of rt`,
    [token],
  );
  const current = rows[0];
  if (!current)
    throw new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');

  if (current.revoked) {
    const ageSeconds = (Date.now() - current.updated_at.getTime()) / 1000;
    const successor = await db.query<{ token: string }>(
      'select token from auth.refresh_tokens where parent = $1 and revoked = false order by id desc limit 1',
      [current.token],
    );
    const replacement = successor.rows[0]?.token;
    if (ageSeconds <= ctx.settings.refreshTokenReuseInterval && replacement) {
      return sessionJson(
        db,
        current.user_id,
        current.session_id,
        replacement,
        'password',
        current.session_created_at,
        ctx,
      );
    }
    await db.query(
      'update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1',
      [current.session_id],
    );
    return new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used');
  }

  const next = newRefreshToken();
  await db.query('update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1', [
    current.id,
  ]);
  await db.query(
    `insert into auth.refresh_tokens (instance_id, token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ('00000000-0000-0000-0000-000000000000', $1, $2, false, now(), now(), $3, $4)`,
    [next, current.user_id, current.token, current.session_id],
  );
  await db.query('update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1', [
    current.session_id,
  ]);
  return sessionJson(
    db,
    current.user_id,
    current.session_id,
    next,
    'password',
    current.session_created_at,
    ctx,
  );
}

/** Ends sessions: `local` this one, `global` all of the user's, `others` all but this one. */
export async function endSessions(
  db: pg.PoolClient,
  userId: string,
  sessionId: string,
  scope: string,
): Promise<void> {
  if (scope === 'local') {
    await db.query('delete from auth.sessions where id = $1', [sessionId]);
  } else if (scope === 'others') {
    await db.query('delete from auth.sessions where user_id = $1 and id <> $2', [userId, sessionId]);
  } else {
    await db.query('delete from auth.sessions where user_id = $1', [userId]);
  }
}

export async function sessionExists(db: pg.Pool | pg.PoolClient, sessionId: string): Promise<boolean> {
  const { rowCount } = await db.query('select 1 from auth.sessions where id = $1', [sessionId]);
  return rowCount === 1;
}

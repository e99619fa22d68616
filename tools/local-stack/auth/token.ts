import type { IncomingMessage, ServerResponse } from 'node:http';
import { verifyPassword } from '../passwords';
import {
  optionalString,
  readAuthBody,
  sendAuthJson,
  transaction,
  type AuthDeps,
  type AuthEndpoint,
} from './context';
import { AuthError, invalidCredentials, OAuthError, validationFailed } from './errors';
import { refreshSession, startSession } from './sessions';
import { findUserByEmail } from './users';

/** POST /token?grant_type=password|refresh_token */
export const token: AuthEndpoint = async (req, res, url, deps) => {
  const grantType = url.searchParams.get('grant_type');
  const body = await readAuthBody(req);
  if (grantType === 'password') return passwordGrant(body, req, res, deps);
  if (grantType === 'refresh_token') {
    const refreshToken = optionalString(body, 'refresh_token');
    if (!refreshToken)
      throw new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');
    const session = await transaction(deps.ctx, (db) => refreshSession(db, refreshToken, deps));
    if (session instanceof AuthError) throw session;
    return sendAuthJson(req, res, 200, session);
  }
  throw new OAuthError('unsupported_grant_type', `unsupported_grant_type: ${grantType ?? ''}`);
};

async function passwordGrant(
  body: Record<string, unknown>,
  req: IncomingMessage,
  res: ServerResponse,
  deps: AuthDeps,
) {
  const email = optionalString(body, 'email');
  const password = optionalString(body, 'password') ?? '';
  if (!email) {
    if (optionalString(body, 'phone')) throw invalidCredentials();
    throw validationFailed('A valid email or phone number is required');
  }
  const session = await transaction(deps.ctx, async (db) => {
    const user = await findUserByEmail(db, email);
    const banned = user?.banned_until && user.banned_until.getTime() > Date.now();
    if (!user || banned || !(await verifyPassword(password, user.encrypted_password)))
      throw invalidCredentials();
    // Checked after the password, as GoTrue does, so the answer does not reveal unconfirmed accounts.
    if (!user.email_confirmed_at) throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed');
    return startSession(db, user, 'password', req, deps);
  });
  sendAuthJson(req, res, 200, session);
}

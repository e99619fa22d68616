import {
  optionalString,
  readAuthBody,
  sendAuthJson,
  transaction,
  type AuthDeps,
  type AuthEndpoint,
} from './context';
import { AuthError, validationFailed } from './errors';
import { startSession } from './sessions';
import { safeRedirect } from './settings';
import { confirmEmail, findUserByConfirmationToken, normalizeEmail, tokenHash } from './users';
import type { IncomingMessage } from 'node:http';

/** The e-mail verification types this stack sends mails for. */
const CONFIRMATION_TYPES = ['signup', 'email'];

const expired = () => new AuthError(403, 'otp_expired', 'Token has expired or is invalid');

/** Confirms the address behind a token hash and signs the user in. */
function confirmAndSignIn(hash: string, req: IncomingMessage, deps: AuthDeps) {
  return transaction(deps.ctx, async (db) => {
    const user = await findUserByConfirmationToken(db, hash, deps.settings.otpExpiry);
    if (!user) throw expired();
    await confirmEmail(db, user.id);
    return startSession(db, { ...user, email_confirmed_at: new Date() }, 'otp', req, deps);
  });
}

/**
 * GET /verify: the link in the confirmation mail. Answers with a 303 to the app, the session
 * (or the error) in the URL fragment, where supabase-js picks it up.
 */
export const verifyLink: AuthEndpoint = async (req, res, url, deps) => {
  const redirectTo = safeRedirect(deps.settings, url.searchParams.get('redirect_to'));
  const type = url.searchParams.get('type') ?? '';
  const fragment = new URLSearchParams();
  try {
    if (!CONFIRMATION_TYPES.includes(type)) throw validationFailed(`Verify requires a verification type`);
    const session = await confirmAndSignIn(url.searchParams.get('token') ?? '', req, deps);
    fragment.set('access_token', session.access_token);
    fragment.set('expires_at', String(session.expires_at));
    fragment.set('expires_in', String(session.expires_in));
    fragment.set('refresh_token', session.refresh_token);
    fragment.set('token_type', 'bearer');
    fragment.set('type', type);
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    fragment.set('error', error.status === 403 ? 'access_denied' : 'invalid_request');
    fragment.set('error_code', error.code);
    fragment.set(
      'error_description',
      error.code === 'otp_expired' ? 'Email link is invalid or has expired' : error.message,
    );
  }
  res.writeHead(303, { Location: `${redirectTo}#${fragment.toString()}` }).end();
};

/** POST /verify: `verifyOtp({ email, token, type })` or `verifyOtp({ token_hash, type })`. */
export const verifyOtp: AuthEndpoint = async (req, res, _url, deps) => {
  const body = await readAuthBody(req);
  const type = optionalString(body, 'type') ?? '';
  if (!CONFIRMATION_TYPES.includes(type)) throw validationFailed('Verify requires a verification type');
  const tokenHashValue = optionalString(body, 'token_hash');
  const token = optionalString(body, 'token');
  const email = optionalString(body, 'email');
  let hash: string;
  if (tokenHashValue) hash = tokenHashValue;
  else if (token && email) hash = tokenHash(normalizeEmail(email), token);
  else throw validationFailed('Verify requires either a token or a token hash');
  sendAuthJson(req, res, 200, await confirmAndSignIn(hash, req, deps));
};

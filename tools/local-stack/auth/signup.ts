import { hashPassword } from '../passwords';
import { isPlainObject } from '../http';
import { optionalString, readAuthBody, sendAuthJson, transaction, type AuthEndpoint } from './context';
import { AuthError, validationFailed } from './errors';
import { sendConfirmationMail } from './mailer';
import { obfuscatedUser, userJson } from './serialize';
import { safeRedirect, type AuthSettings } from './settings';
import {
  EMAIL_PATTERN,
  findUserByEmail,
  findUserById,
  identitiesOf,
  insertUnconfirmedUser,
  newOtp,
  normalizeEmail,
  renewUnconfirmedUser,
  tokenHash,
} from './users';

export function checkPasswordStrength(password: string, settings: AuthSettings): void {
  if (password.length < settings.minimumPasswordLength) {
    throw new AuthError(
      422,
      'weak_password',
      `Password should be at least ${settings.minimumPasswordLength} characters.`,
      {
        weak_password: { reasons: ['length'] },
      },
    );
  }
}

/**
 * POST /signup with e-mail confirmation required: no session; the user gets a confirmation mail
 * and must follow its link (or enter its code) before a password sign-in works.
 */
export const signup: AuthEndpoint = async (req, res, url, { ctx, settings, mailbox }) => {
  const body = await readAuthBody(req);
  if (!settings.enableSignup)
    throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance');
  if (body.phone !== undefined && body.email === undefined) {
    throw new AuthError(422, 'phone_provider_disabled', 'Phone signups are disabled');
  }
  const rawEmail = optionalString(body, 'email') ?? '';
  const password = optionalString(body, 'password') ?? '';
  if (password === '') throw validationFailed('Signup requires a valid password');
  const email = normalizeEmail(rawEmail);
  if (!EMAIL_PATTERN.test(email)) throw validationFailed('Unable to validate email address: invalid format');
  checkPasswordStrength(password, settings);
  if (body.data !== undefined && body.data !== null && !isPlainObject(body.data)) {
    throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON: data must be an object');
  }
  const metadata = isPlainObject(body.data) ? body.data : {};
  const redirectTo = safeRedirect(settings, url.searchParams.get('redirect_to'));

  const otp = newOtp();
  const confirmationHash = tokenHash(email, otp);
  const passwordHash = await hashPassword(password);
  const outcome = await transaction(ctx, async (db) => {
    const existing = await findUserByEmail(db, email);
    if (existing?.email_confirmed_at) return { user: obfuscatedUser(email, metadata), mail: false };
    const id = existing
      ? (await renewUnconfirmedUser(db, existing.id, { passwordHash, metadata, confirmationHash }),
        existing.id)
      : await insertUnconfirmedUser(db, { email, passwordHash, metadata, confirmationHash });
    const user = await findUserById(db, id);
    return { user: userJson(user!, await identitiesOf(db, id)), mail: true };
  });
  if (outcome.mail)
    await sendConfirmationMail(
      mailbox,
      { email, otp, hash: confirmationHash, redirectTo },
      ctx.config,
      settings,
    );
  sendAuthJson(req, res, 200, outcome.user);
};

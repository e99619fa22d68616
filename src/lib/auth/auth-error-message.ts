import { isAuthError, isAuthRetryableFetchError, isAuthWeakPasswordError } from '@supabase/supabase-js';

// GoTrue answers in English ('Invalid login credentials'). The admin reads German in the "Sie"
// form, so every auth error passes through here before it is shown: by its error code where
// the server sends one (also for a confirmation link that comes back with an error in the
// URL), by its message for servers that predate codes, and otherwise the caller's German
// fallback: the English text itself is never shown.

const MESSAGES = {
  invalidCredentials: 'E-Mail oder Passwort ist falsch.',
  emailNotConfirmed:
    'Ihre E-Mail-Adresse ist noch nicht bestätigt. Bitte öffnen Sie zuerst den Link in der Bestätigungs-E-Mail.',
  userExists: 'Für diese E-Mail-Adresse besteht bereits ein Konto. Bitte melden Sie sich an.',
  passwordTooShort: 'Das Passwort ist zu kurz. Bitte wählen Sie mindestens 6 Zeichen.',
  passwordPwned: 'Dieses Passwort ist aus Datenlecks bekannt. Bitte wählen Sie ein anderes Passwort.',
  passwordCharacters:
    'Das Passwort ist zu schwach. Bitte verwenden Sie Gross- und Kleinbuchstaben, Ziffern und Sonderzeichen.',
  emailRateLimit:
    'Es wurden zu viele E-Mails an diese Adresse gesendet. Bitte warten Sie einige Minuten und versuchen Sie es dann erneut.',
  rateLimit: 'Zu viele Versuche. Bitte warten Sie einige Minuten und versuchen Sie es dann erneut.',
  invalidEmail: 'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
  signupDisabled: 'Neue Konten können zurzeit nicht erstellt werden.',
  sessionExpired: 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
  network:
    'Der Server ist nicht erreichbar. Bitte prüfen Sie Ihre Internetverbindung und versuchen Sie es erneut.',
  linkExpired:
    'Der Bestätigungslink ist abgelaufen oder wurde bereits verwendet. Ist Ihre Adresse noch nicht bestätigt, erstellen Sie das Konto mit derselben E-Mail-Adresse noch einmal: Sie erhalten dann einen neuen Link.',
  linkInvalid:
    'Der Link ist ungültig. Bitte öffnen Sie den Link aus der neuesten E-Mail oder melden Sie sich hier an.',
  userBanned: 'Dieses Konto ist gesperrt. Bitte wenden Sie sich an einen Admin.',
  userGone: 'Dieses Konto gibt es nicht mehr. Bitte wenden Sie sich an einen Admin.',
  addressRefused:
    'An diese E-Mail-Adresse kann zurzeit keine E-Mail gesendet werden. Bitte verwenden Sie eine andere Adresse.',
  timeout: 'Der Server hat nicht rechtzeitig geantwortet. Bitte versuchen Sie es erneut.',
} as const;

const BY_CODE: Record<string, string> = {
  invalid_credentials: MESSAGES.invalidCredentials,
  email_not_confirmed: MESSAGES.emailNotConfirmed,
  user_already_exists: MESSAGES.userExists,
  email_exists: MESSAGES.userExists,
  over_email_send_rate_limit: MESSAGES.emailRateLimit,
  over_request_rate_limit: MESSAGES.rateLimit,
  email_address_invalid: MESSAGES.invalidEmail,
  signup_disabled: MESSAGES.signupDisabled,
  email_provider_disabled: MESSAGES.signupDisabled,
  session_not_found: MESSAGES.sessionExpired,
  session_expired: MESSAGES.sessionExpired,
  refresh_token_not_found: MESSAGES.sessionExpired,
  refresh_token_already_used: MESSAGES.sessionExpired,
  bad_jwt: MESSAGES.sessionExpired,
  no_authorization: MESSAGES.sessionExpired,
  reauthentication_needed: MESSAGES.sessionExpired,
  otp_expired: MESSAGES.linkExpired,
  flow_state_expired: MESSAGES.linkExpired,
  flow_state_not_found: MESSAGES.linkInvalid,
  bad_code_verifier: MESSAGES.linkInvalid,
  bad_oauth_callback: MESSAGES.linkInvalid,
  user_banned: MESSAGES.userBanned,
  user_not_found: MESSAGES.userGone,
  email_address_not_authorized: MESSAGES.addressRefused,
  request_timeout: MESSAGES.timeout,
};

/** Servers without error codes: their messages, matched loosely. */
const BY_MESSAGE: [RegExp, string][] = [
  [/invalid login credentials/i, MESSAGES.invalidCredentials],
  [/email not confirmed/i, MESSAGES.emailNotConfirmed],
  [/already (registered|exists)/i, MESSAGES.userExists],
  [/password should be at least/i, MESSAGES.passwordTooShort],
  [/link is invalid or has expired|token has expired/i, MESSAGES.linkExpired],
  [/unable to validate email|email address .* is invalid/i, MESSAGES.invalidEmail],
  [/signups? not allowed/i, MESSAGES.signupDisabled],
  [/rate limit/i, MESSAGES.rateLimit],
  [/failed to fetch|network|load failed/i, MESSAGES.network],
];

function weakPasswordMessage(reasons: readonly string[]): string {
  if (reasons.includes('pwned')) return MESSAGES.passwordPwned;
  if (reasons.includes('characters')) return MESSAGES.passwordCharacters;
  return MESSAGES.passwordTooShort;
}

/**
 * The German message for an error of sign-in, sign-up or sign-out. `fallback` names what
 * failed when the error is unknown, so no English text ever reaches the admin.
 */
export function authErrorMessage(error: unknown, fallback: string): string {
  if (isAuthWeakPasswordError(error)) return weakPasswordMessage(error.reasons);
  if (isAuthRetryableFetchError(error)) return MESSAGES.network;
  if (isAuthError(error)) {
    const byCode = error.code ? BY_CODE[error.code] : undefined;
    if (byCode) return byCode;
    if (error.code === 'weak_password') return MESSAGES.passwordTooShort;
    if (error.status === 429) return MESSAGES.rateLimit;
  }
  if (error instanceof TypeError) return MESSAGES.network;
  const message = error instanceof Error ? error.message : '';
  return BY_MESSAGE.find(([pattern]) => pattern.test(message))?.[1] ?? fallback;
}

/**
 * The German message for a link from an auth mail that came back with an error: GoTrue
 * redirects to the site with '#error=access_denied&error_code=otp_expired&error_description=…'
 * (English). Null when the fragment carries no error.
 */
export function linkErrorMessage(hash: string): string | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  if (!params.has('error') && !params.has('error_code')) return null;
  return BY_CODE[params.get('error_code') ?? ''] ?? MESSAGES.linkInvalid;
}

import {
  AuthApiError,
  AuthRetryableFetchError,
  AuthUnknownError,
  AuthWeakPasswordError,
} from '@supabase/supabase-js';
import { authErrorMessage, linkErrorMessage } from './auth-error-message';

const FALLBACK = 'Ein unbekannter Fehler ist während des Logins aufgetreten';
const english = /\b(invalid|email|password|user|already|registered|rate|limit|network|should|the)\b/i;

describe('authErrorMessage', () => {
  it.each([
    ['invalid_credentials', 400, 'Invalid login credentials', 'E-Mail oder Passwort ist falsch.'],
    ['email_not_confirmed', 400, 'Email not confirmed', 'Ihre E-Mail-Adresse ist noch nicht bestätigt.'],
    ['user_already_exists', 422, 'User already registered', 'besteht bereits ein Konto'],
    ['email_exists', 422, 'Email address already exists', 'besteht bereits ein Konto'],
    ['over_request_rate_limit', 429, 'Request rate limit reached', 'Zu viele Versuche.'],
    ['over_email_send_rate_limit', 429, 'Email rate limit exceeded', 'zu viele E-Mails'],
    ['email_address_invalid', 400, 'Email address "x" is invalid', 'gültige E-Mail-Adresse'],
    ['signup_disabled', 422, 'Signups not allowed for this instance', 'können zurzeit nicht erstellt'],
    ['otp_expired', 403, 'Token has expired or is invalid', 'Bestätigungslink ist abgelaufen'],
    ['flow_state_expired', 403, 'Flow state has expired', 'Bestätigungslink ist abgelaufen'],
    ['flow_state_not_found', 404, 'Flow state not found', 'Der Link ist ungültig.'],
    ['user_banned', 400, 'User is banned', 'Konto ist gesperrt'],
    ['user_not_found', 404, 'User not found', 'Konto gibt es nicht mehr'],
    ['email_address_not_authorized', 400, 'Email address not authorized', 'keine E-Mail gesendet'],
    ['request_timeout', 504, 'Processing this request timed out', 'nicht rechtzeitig geantwortet'],
    ['bad_jwt', 401, 'invalid JWT: unable to parse or verify signature', 'Sitzung ist abgelaufen'],
    [
      'session_not_found',
      403,
      'Session from session_id claim in JWT does not exist',
      'Sitzung ist abgelaufen',
    ],
  ])('maps the GoTrue code %s to German', (code, status, message, expected) => {
    const text = authErrorMessage(new AuthApiError(message, status, code), FALLBACK);
    expect(text).toContain(expected);
    expect(text).not.toMatch(english);
  });

  it('maps a weak or short password by its reasons', () => {
    expect(
      authErrorMessage(
        new AuthWeakPasswordError('Password should be at least 6 characters.', 422, ['length']),
        FALLBACK,
      ),
    ).toBe('Das Passwort ist zu kurz. Bitte wählen Sie mindestens 6 Zeichen.');
    expect(authErrorMessage(new AuthWeakPasswordError('weak', 422, ['pwned']), FALLBACK)).toContain(
      'Datenlecks',
    );
    expect(authErrorMessage(new AuthWeakPasswordError('weak', 422, ['characters']), FALLBACK)).toContain(
      'Ziffern und Sonderzeichen',
    );
  });

  it('maps messages of servers that send no error code', () => {
    expect(authErrorMessage(new AuthApiError('Invalid login credentials', 400, undefined), FALLBACK)).toBe(
      'E-Mail oder Passwort ist falsch.',
    );
    expect(
      authErrorMessage(
        new AuthApiError('Password should be at least 6 characters', 422, undefined),
        FALLBACK,
      ),
    ).toContain('mindestens 6 Zeichen');
    expect(authErrorMessage(new AuthApiError('Too many requests', 429, undefined), FALLBACK)).toContain(
      'Zu viele Versuche',
    );
  });

  it('explains a network failure', () => {
    const expected = /nicht erreichbar.*Internetverbindung/;
    expect(authErrorMessage(new AuthRetryableFetchError('Failed to fetch', 0), FALLBACK)).toMatch(expected);
    expect(
      authErrorMessage(new AuthUnknownError('Failed to fetch', new TypeError('Failed to fetch')), FALLBACK),
    ).toMatch(expected);
    expect(authErrorMessage(new TypeError('Failed to fetch'), FALLBACK)).toMatch(expected);
  });

  it('reads the error of a link from an auth mail, never its English description', () => {
    expect(
      linkErrorMessage(
        '#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
      ),
    ).toMatch(/^Der Bestätigungslink ist abgelaufen/);
    expect(linkErrorMessage('#error=server_error&error_description=Something+broke')).toBe(
      'Der Link ist ungültig. Bitte öffnen Sie den Link aus der neuesten E-Mail oder melden Sie sich hier an.',
    );
    expect(linkErrorMessage('#access_token=abc&type=signup')).toBeNull();
    expect(linkErrorMessage('')).toBeNull();
  });

  it('maps messages about links, addresses and closed sign-ups without a code', () => {
    const of = (message: string) => authErrorMessage(new AuthApiError(message, 400, undefined), FALLBACK);
    expect(of('Email link is invalid or has expired')).toContain('Bestätigungslink ist abgelaufen');
    expect(of('Unable to validate email address: invalid format')).toContain('gültige E-Mail-Adresse');
    expect(of('Signups not allowed for this instance')).toContain('können zurzeit nicht erstellt');
  });

  it('never passes an unknown English message through', () => {
    expect(
      authErrorMessage(new AuthApiError('Something odd happened', 500, 'unexpected_failure'), FALLBACK),
    ).toBe(FALLBACK);
    expect(authErrorMessage(new Error('boom'), FALLBACK)).toBe(FALLBACK);
    expect(authErrorMessage('boom', FALLBACK)).toBe(FALLBACK);
  });
});

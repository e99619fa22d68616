import { errorCode, visitorErrorMessage, type ErrorCode } from '@/lib/error-codes';
import { formatDateTime } from '@/lib/dates';
import { site } from '@/lib/site';

// Messages for the refusals of change_booking (docs/contracts.md). Codes and texts come from
// public.error_codes (generated); the manage page words a few itself, for its own situation.
// Anything unknown gets a generic text; the page keeps what the visitor chose.

export class BookingChangeError extends Error {
  readonly code: ErrorCode | null;
  /** DEADLINE_PASSED: the deadline (timestamptz text). */
  readonly detail: string | null;

  constructor(code: ErrorCode | null, message: string, detail: string | null = null) {
    super(message);
    this.name = 'BookingChangeError';
    this.code = code;
    this.detail = detail;
  }
}

export const bookingChangeErrorCode = errorCode;

/** The manage page's own words: the link came in the confirmation, the deadline is known. */
const ON_THE_MANAGE_PAGE: Partial<Record<ErrorCode, (detail: string | null) => string>> = {
  TOKEN_INVALID: () => 'Dieser Link ist ungültig. Bitte öffne den Link aus deiner Bestätigungs-E-Mail.',
  EVENT_CANCELLED: () => 'Dieses Event wurde inzwischen abgesagt. Wir melden uns bei dir.',
  DEADLINE_PASSED: (detail) => {
    const deadline = detail ? formatDateTime(detail) : null;
    return `Die Frist für kostenlose Änderungen ist ${deadline ? `am ${deadline} ` : ''}abgelaufen. Bitte melde dich bei uns unter ${site.email} oder ${site.phone}.`;
  },
  // The only input of a change is the number of persons.
  INVALID_INPUT: () => 'Bitte wähle weniger Personen als bisher gebucht.',
};

export function describeBookingChangeError(error: unknown): string {
  const code = error instanceof BookingChangeError ? error.code : null;
  const detail = error instanceof BookingChangeError ? error.detail : null;
  const own = code ? ON_THE_MANAGE_PAGE[code] : undefined;
  return (
    own?.(detail) ??
    visitorErrorMessage(code) ??
    'Die Änderung konnte nicht gespeichert werden. Bitte versuche es später erneut.'
  );
}

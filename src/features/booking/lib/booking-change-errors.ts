import { formatDateTime } from '@/lib/dates';
import { site } from '@/lib/site';

// Messages for the refusals of change_booking (docs/contracts.md). Anything unknown gets a
// generic text; the page keeps what the visitor chose.

export const BOOKING_CHANGE_ERROR_CODES = [
  'TOKEN_INVALID',
  'TOKEN_EXPIRED',
  'BOOKING_CANCELLED',
  'EVENT_CANCELLED',
  'DEADLINE_PASSED',
  'INVALID_INPUT',
] as const;
export type BookingChangeErrorCode = (typeof BOOKING_CHANGE_ERROR_CODES)[number];

export class BookingChangeError extends Error {
  readonly code: BookingChangeErrorCode | null;
  /** DEADLINE_PASSED: the deadline (timestamptz text). */
  readonly detail: string | null;

  constructor(code: BookingChangeErrorCode | null, message: string, detail: string | null = null) {
    super(message);
    this.name = 'BookingChangeError';
    this.code = code;
    this.detail = detail;
  }
}

export function bookingChangeErrorCode(message: string | undefined): BookingChangeErrorCode | null {
  const code = message?.trim() ?? '';
  return BOOKING_CHANGE_ERROR_CODES.find((known) => known === code) ?? null;
}

export function describeBookingChangeError(error: unknown): string {
  const code = error instanceof BookingChangeError ? error.code : null;
  switch (code) {
    case 'TOKEN_INVALID':
      return 'Dieser Link ist ungültig. Bitte öffne den Link aus deiner Bestätigungs-E-Mail.';
    case 'TOKEN_EXPIRED':
      return 'Dieser Link ist abgelaufen. Bitte melde dich bei uns, wenn du etwas ändern möchtest.';
    case 'BOOKING_CANCELLED':
      return 'Diese Buchung ist bereits storniert.';
    case 'EVENT_CANCELLED':
      return 'Dieses Event wurde inzwischen abgesagt. Wir melden uns bei dir.';
    case 'DEADLINE_PASSED': {
      const deadline =
        error instanceof BookingChangeError && error.detail ? formatDateTime(error.detail) : null;
      return `Die Frist für kostenlose Änderungen ist ${deadline ? `am ${deadline} ` : ''}abgelaufen. Bitte melde dich bei uns unter ${site.email} oder ${site.phone}.`;
    }
    case 'INVALID_INPUT':
      return 'Bitte wähle weniger Personen als bisher gebucht.';
    default:
      return 'Die Änderung konnte nicht gespeichert werden. Bitte versuche es später erneut.';
  }
}

import { errorCode, type ErrorCode } from '@/lib/error-codes';
import { VISITOR_ERROR_MESSAGES } from '@common/error-codes.ts';

// The waiting list's own refusals (docs/data-model.md, "Waiting list"): the codes the list's
// links and form answer with their own outcome. Codes and texts come from public.error_codes
// (generated); booking refusals on claim (seats gone meanwhile, event cancelled) are
// RegistrationErrors (registration-errors.ts).

const WAITLIST_ERROR_CODES = [
  'TOKEN_INVALID',
  'OFFER_EXPIRED',
  'OFFER_CLAIMED',
  'OFFER_ENDED',
  'SEATS_AVAILABLE',
  'ALREADY_ON_WAITLIST',
] as const satisfies readonly ErrorCode[];
export type WaitlistErrorCode = (typeof WAITLIST_ERROR_CODES)[number];

export const WAITLIST_MESSAGES: Record<WaitlistErrorCode, string> = VISITOR_ERROR_MESSAGES;

export class WaitlistError extends Error {
  readonly code: WaitlistErrorCode;
  /** The database's DETAIL (seats left for SEATS_AVAILABLE). */
  readonly detail: string | null;

  constructor(code: WaitlistErrorCode, message: string, detail: string | null = null) {
    super(message);
    this.name = 'WaitlistError';
    this.code = code;
    this.detail = detail;
  }
}

/** One of the waiting list's own codes in a refusal's message, or null. */
export function waitlistErrorCode(message: string | undefined): WaitlistErrorCode | null {
  const code = errorCode(message);
  return WAITLIST_ERROR_CODES.find((own) => own === code) ?? null;
}

/**
 * ALREADY_ON_WAITLIST concerns the e-mail address (it stands on this event's list already): its
 * message stands at the e-mail field, like the booking refusals of refusedField.
 */
export function waitlistRefusedField(error: unknown): { field: 'email'; message: string } | null {
  return error instanceof WaitlistError && error.code === 'ALREADY_ON_WAITLIST'
    ? { field: 'email', message: WAITLIST_MESSAGES.ALREADY_ON_WAITLIST }
    : null;
}

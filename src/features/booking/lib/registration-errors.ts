import { INVALID_EMAIL, INVALID_NAME, INVALID_PHONE } from '@common/contact-rules.ts';

import { errorCode, visitorErrorMessage, type ErrorCode } from '@/lib/error-codes';
import { VISITOR_ERROR_MESSAGES } from '@common/error-codes.ts';
import { ANSWER_MESSAGES } from '../schema';
import { discountCodeMessage, isDiscountCodeRefusal } from './discount-code';
import { giftVoucherMessage, isGiftVoucherRefusal } from '@/lib/gift-voucher-refusals';
// Messages for the errors `register_for_event` and the waiting list's booking path raise
// (docs/contracts.md): the codes and their texts come from public.error_codes (generated). The
// edge function passes the database's code on; its own refusals (limit reached, failed security
// check) come as German text. Anything unknown gets the spec's generic texts.
export const GENERIC_INLINE_ERROR = 'Es gab ein Problem bei der Anmeldung. Bitte versuche es später erneut.';
export const GENERIC_TOAST_ERROR =
  'Es gab ein Problem bei der Verarbeitung. Bitte versuche es später erneut.';
export const REGISTRATION_FAILED_TITLE = 'Fehler bei der Anmeldung';
export const INVALID_INPUT_TITLE = 'Bitte Eingaben prüfen';

/** 'ist nur noch 1 Platz' / 'sind nur noch 3 Plätze'. */
function seatsLeft(count: number): string {
  return count === 1 ? 'ist inzwischen nur noch 1 Platz' : `sind inzwischen nur noch ${count} Plätze`;
}

const ALREADY_REGISTERED_MESSAGE = VISITOR_ERROR_MESSAGES.ALREADY_REGISTERED;

// TOO_MANY_PERSONS and NOT_ENOUGH_SEATS carry a number in DETAIL (the limit, the seats left): the
// form names it. Every other code reads as public.error_codes says (generated).
const withDetail: Partial<Record<ErrorCode, (detail: number) => string>> = {
  TOO_MANY_PERSONS: (limit) =>
    `Pro Buchung sind höchstens ${limit} Personen möglich. Bitte wähle weniger Personen.`,
  NOT_ENOUGH_SEATS: (left) => `Es ${seatsLeft(left)} frei. Bitte wähle weniger Personen.`,
};

export class RegistrationError extends Error {
  readonly code: ErrorCode | null;
  /** A German text from the server to show as it is (limit reached, failed security check). */
  readonly visitorMessage: string | null;
  /** The database's DETAIL (the field for INVALID_INPUT, a number for the persons errors). */
  readonly detail: string | null;

  constructor(
    code: ErrorCode | null,
    message: string,
    visitorMessage: string | null = null,
    detail: string | null = null,
  ) {
    super(message);
    this.name = 'RegistrationError';
    this.code = code;
    this.visitorMessage = visitorMessage;
    this.detail = detail;
  }
}

/** The database's code in a refusal's message (any code of public.error_codes), or null. */
export const registrationErrorCode = errorCode;

/** Inline text under the form and the toast's description for a failed registration. */
export function describeRegistrationError(error: unknown): { inline: string; toast: string } {
  const code = error instanceof RegistrationError ? error.code : null;
  const told = error instanceof RegistrationError ? error.visitorMessage : null;
  if (!code && told) return { inline: told, toast: told };
  if (!code) return { inline: GENERIC_INLINE_ERROR, toast: GENERIC_TOAST_ERROR };
  const refused = refusedField(error);
  if (refused) return { inline: refused.message, toast: refused.message };
  const detail = error instanceof RegistrationError ? Number.parseInt(error.detail ?? '', 10) : NaN;
  const named = withDetail[code];
  const text = named && Number.isFinite(detail) ? named(detail) : visitorErrorMessage(code);
  return text ? { inline: text, toast: text } : { inline: GENERIC_INLINE_ERROR, toast: GENERIC_TOAST_ERROR };
}

/** The booking and waiting-list fields a refusal can name. */
export type RefusedField =
  'name' | 'email' | 'phone' | 'notes' | 'persons' | 'paymentMethod' | 'discountCode' | 'voucherCode';

// INVALID_INPUT's DETAIL: the database's parameter (payment_method) or the function's body field
// (paymentMethod); both name the same form field.
const REFUSED_FIELDS: Record<string, RefusedField> = {
  name: 'name',
  email: 'email',
  phone: 'phone',
  notes: 'notes',
  persons: 'persons',
  payment_method: 'paymentMethod',
  paymentMethod: 'paymentMethod',
  discountCode: 'discountCode',
  voucherCode: 'voucherCode',
};

/** What stands at the field: the form's own texts for the same rules. */
const FIELD_MESSAGES: Record<RefusedField, string> = {
  // The name rule (@common/contact-rules.ts); the form checks it before sending.
  name: INVALID_NAME,
  email: INVALID_EMAIL,
  phone: INVALID_PHONE,
  notes: 'Die Anmerkungen sind zu lang (höchstens 2000 Zeichen).',
  persons: 'Bitte wähle die Anzahl Personen.',
  paymentMethod: 'Bitte wähle eine Zahlungsmethode.',
  discountCode: 'Der Code ist zu lang.',
  voucherCode: 'Der Gutscheincode ist zu lang.',
};

/**
 * The field a refusal concerns and the message for it, or null: the field an INVALID_INPUT names,
 * and the e-mail address for ALREADY_REGISTERED (that address has booked this event already; the
 * message at the field says where the confirmation is).
 */
export function refusedField(error: unknown): { field: RefusedField; message: string } | null {
  if (!(error instanceof RegistrationError)) return null;
  if (error.code === 'ALREADY_REGISTERED') return { field: 'email', message: ALREADY_REGISTERED_MESSAGE };
  // A discount code the booking refused (issue 28): the message stands at the code's field.
  if (error.code && isDiscountCodeRefusal(error.code))
    return { field: 'discountCode', message: discountCodeMessage(error.code, error.detail) };
  if (error.code && isGiftVoucherRefusal(error.code))
    return { field: 'voucherCode', message: giftVoucherMessage(error.code, error.detail) };
  if (error.code !== 'INVALID_INPUT') return null;
  const field = REFUSED_FIELDS[error.detail ?? ''];
  return field ? { field, message: FIELD_MESSAGES[field] } : null;
}

/** The toast's title for a refused field: a typo to correct, or a booking that exists already. */
export function refusedFieldTitle(error: unknown): string {
  return error instanceof RegistrationError && error.code === 'INVALID_INPUT'
    ? INVALID_INPUT_TITLE
    : REGISTRATION_FAILED_TITLE;
}

/** Errors after which the event itself changed, so the page must reload it. */
export function changesEvent(error: unknown): boolean {
  return (
    error instanceof RegistrationError &&
    (error.code === 'EVENT_SOLD_OUT' ||
      error.code === 'NOT_ENOUGH_SEATS' ||
      error.code === 'TOO_MANY_PERSONS' ||
      error.code === 'EVENT_CANCELLED' ||
      error.code === 'EVENT_NOT_BOOKABLE' ||
      // A hut evening went meanwhile (issue 27): the calendar reloads.
      error.code === 'HUT_EVENING_BOOKED' ||
      error.code === 'HUT_EVENING_BLOCKED' ||
      error.code === 'HUT_EVENING_PAST' ||
      error.code === 'HUT_OUTSIDE_SEASON' ||
      error.code === 'HUT_CLOSED_DAY' ||
      // The questions may have changed meanwhile: the page reloads them.
      error.code === 'ANSWER_REQUIRED' ||
      error.code === 'ANSWER_INVALID')
  );
}

/**
 * Refusals after which the waiting list is the way on: fewer seats left than persons chosen (the
 * database lets such a visitor join the list; a full event shows the list by itself).
 */
export function offersWaitlist(error: unknown): boolean {
  return error instanceof RegistrationError && error.code === 'NOT_ENOUGH_SEATS';
}

/** The question a refused answer belongs to (DETAIL) and the text to show at its field. */
export function answerRefusal(error: unknown): { questionId: string; message: string } | null {
  if (!(error instanceof RegistrationError) || !error.detail) return null;
  if (error.code === 'ANSWER_REQUIRED')
    return { questionId: error.detail, message: ANSWER_MESSAGES.required };
  if (error.code === 'ANSWER_INVALID') return { questionId: error.detail, message: ANSWER_MESSAGES.invalid };
  return null;
}

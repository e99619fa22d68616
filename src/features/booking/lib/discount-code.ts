import { visitorErrorMessage, type ErrorCode } from '@/lib/error-codes';
import { formatDateLong } from '@/lib/dates';

// The discount code refusals (public.error_codes DISCOUNT_CODE_*) as the booking form words them
// at the code's field: the form's check and the booking itself raise the same codes.

const DISCOUNT_CODE_REFUSALS = [
  'DISCOUNT_CODE_UNKNOWN',
  'DISCOUNT_CODE_EXPIRED',
  'DISCOUNT_CODE_NOT_YET_VALID',
  'DISCOUNT_CODE_NOT_FOR_EVENT',
  'DISCOUNT_CODE_NOT_FOR_TICKET_TYPE',
  'DISCOUNT_CODE_MIN_PERSONS',
  'DISCOUNT_CODE_USED_UP',
] as const satisfies readonly ErrorCode[];

export function isDiscountCodeRefusal(code: ErrorCode | null): boolean {
  return (DISCOUNT_CODE_REFUSALS as readonly string[]).includes(code ?? '');
}

/**
 * The text at the field; the minimum of persons, the first valid day and the ticket types the code
 * is for are named from DETAIL.
 */
export function discountCodeMessage(code: ErrorCode, detail: string | null): string {
  if (code === 'DISCOUNT_CODE_NOT_FOR_TICKET_TYPE' && detail)
    return `Code gilt nicht für diese Ticketart, nur für: ${detail}.`;
  if (code === 'DISCOUNT_CODE_MIN_PERSONS' && detail) return `Dieser Code gilt ab ${detail} Personen.`;
  if (code === 'DISCOUNT_CODE_NOT_YET_VALID' && detail)
    return `Dieser Code gilt ab ${formatDateLong(detail)}.`;
  return visitorErrorMessage(code) ?? 'Dieser Code gilt nicht.';
}

import { formatDateTime } from '@/lib/dates';
import { adminErrorMessage, errorCodeOf } from '@/lib/error-codes';

// What the admin reads about an entry and about a refused action.

export function statusLabel(status: string, offerExpiresAt: string | null, now: Date = new Date()): string {
  switch (status) {
    case 'waiting':
      return 'Wartet';
    case 'offered':
      return offerExpiresAt && new Date(offerExpiresAt) <= now
        ? 'Angebot abgelaufen'
        : `Angebot offen bis ${formatDateTime(offerExpiresAt)}`;
    case 'claimed':
      return 'Gebucht';
    case 'left':
      return 'Ausgetragen';
    case 'removed':
      return 'Entfernt';
    case 'expired':
      return 'Angebot abgelaufen';
    default:
      return status;
  }
}

/** An offer by hand is possible for a waiting entry and one whose offer ran out. */
export const canOffer = (status: string) => status === 'waiting' || status === 'expired';
/** Still in the list. */
export const canRemove = (status: string) => status === 'waiting' || status === 'offered';

/** A refused offer or removal in the admin's words (public.error_codes, generated). */
export function actionErrorText(error: unknown): string {
  const { details: detail } = (error ?? {}) as { details?: unknown };
  // The seats left (DETAIL) tell the admin how many persons an offer could take.
  if (errorCodeOf(error) === 'NOT_ENOUGH_SEATS')
    return `Nicht genug freie Plätze für dieses Angebot (frei: ${typeof detail === 'string' ? detail : '0'}).`;
  return adminErrorMessage(error, 'Die Aktion ist fehlgeschlagen. Bitte versuchen Sie es erneut.');
}

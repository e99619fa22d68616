import { formatDateTime } from '@/lib/dates';

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

export function actionErrorText(error: unknown): string {
  const { message = '', details: detail } = (error ?? {}) as { message?: string; details?: unknown };
  switch (message) {
    case 'NOT_ENOUGH_SEATS':
      return `Nicht genug freie Plätze für dieses Angebot (frei: ${typeof detail === 'string' ? detail : '0'}).`;
    case 'OFFER_NOT_POSSIBLE':
      return 'Für diesen Eintrag ist kein Angebot möglich (die Person hat schon ein Angebot, gebucht oder die Liste verlassen).';
    case 'EVENT_NOT_BOOKABLE':
      return 'Das Event nimmt keine Buchungen an (abgesagt, vorbei, geschlossen oder nicht veröffentlicht).';
    case 'WAITLIST_ENTRY_NOT_FOUND':
      return 'Diesen Eintrag gibt es nicht mehr.';
    default:
      return 'Die Aktion ist fehlgeschlagen. Bitte versuchen Sie es erneut.';
  }
}

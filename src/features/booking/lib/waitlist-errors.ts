// Messages for the waiting list's own refusals (docs/data-model.md, "Waiting list"). Booking
// refusals on claim (seats gone meanwhile, event cancelled) use registration-errors.ts.

export const WAITLIST_ERROR_CODES = [
  'TOKEN_INVALID',
  'OFFER_EXPIRED',
  'OFFER_CLAIMED',
  'OFFER_ENDED',
  'SEATS_AVAILABLE',
  'ALREADY_ON_WAITLIST',
] as const;
export type WaitlistErrorCode = (typeof WAITLIST_ERROR_CODES)[number];

export const WAITLIST_MESSAGES: Record<WaitlistErrorCode, string> = {
  TOKEN_INVALID: 'Dieser Link ist ungültig. Bitte verwende den Link aus deiner neusten E-Mail.',
  OFFER_EXPIRED:
    'Dein Angebot ist leider abgelaufen. Die Plätze wurden der nächsten Person auf der Warteliste angeboten.',
  OFFER_CLAIMED: 'Du hast diesen Platz bereits gebucht. Die Bestätigung haben wir dir per E-Mail geschickt.',
  OFFER_ENDED: 'Du stehst nicht mehr auf der Warteliste für dieses Event.',
  SEATS_AVAILABLE: 'Für dieses Event sind wieder Plätze frei. Du kannst dich direkt anmelden.',
  ALREADY_ON_WAITLIST:
    'Mit dieser E-Mail-Adresse stehst du bereits auf der Warteliste für dieses Event. Den Link zum Austragen findest du in unserer E-Mail.',
};

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

export function waitlistErrorCode(message: string | undefined): WaitlistErrorCode | null {
  const code = message?.trim() ?? '';
  return (WAITLIST_ERROR_CODES as readonly string[]).includes(code) ? (code as WaitlistErrorCode) : null;
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

// The addresses of a booking's pages. The secret token travels in the fragment, which browsers
// never send to a server (the same scheme as /zahlung/:id#token). The mails build the manage
// link with manageUrl (supabase/functions/_shared/templates.ts): keep both in step.

export function confirmationPath(reference: string, token: string): string {
  return `/buchung/${encodeURIComponent(reference)}#${token}`;
}

export function manageBookingPath(reference: string, token: string): string {
  return `/buchung/${encodeURIComponent(reference)}/verwalten#${token}`;
}

/**
 * Navigation state of the step from the booking form to the confirmation page: that page moves
 * the focus to its heading, so screen readers announce the result and the keyboard continues
 * from there (not from the top of the page). Opened from a mail, the page leaves the focus alone.
 */
export const ARRIVED_FROM_FORM = { arrivedFromForm: true } as const;

export function arrivedFromForm(state: unknown): boolean {
  return typeof state === 'object' && state !== null && 'arrivedFromForm' in state;
}

/** A fondue hut booking's confirmation (issue 27): the hut's page, the booking by reference and token. */
export function hutConfirmationPath(reference: string, token: string): string {
  return `/fonduehusli/confirmation?buchung=${encodeURIComponent(reference)}#${token}`;
}

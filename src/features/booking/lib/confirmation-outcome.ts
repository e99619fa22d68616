import { site } from '@/lib/site';

// What the visitor is told about the confirmation e-mails after a saved registration (spec §8).
// The mails are stored in the mail outbox with the registration and delivered by a worker with
// retries, so the page says 'E-Mails versendet!' only once the provider accepted the
// confirmation, and otherwise that it will follow (docs/deviations.md). None is destructive:
// the registration has succeeded in every case.
export type ConfirmationMailStatus = 'sent' | 'queued' | 'failed';

export interface ToastText {
  title: string;
  description: string;
}

export function describeConfirmationStatus(status: ConfirmationMailStatus): ToastText {
  switch (status) {
    case 'sent':
      return {
        title: 'E-Mails versendet!',
        description: `Bestätigungs-E-Mail wurde an dich und ${site.name} gesendet.`,
      };
    case 'queued':
      return {
        title: 'Bestätigung folgt',
        description:
          'Deine Anmeldung ist gespeichert. Die Bestätigungs-E-Mail ist unterwegs und sollte in den nächsten Minuten bei dir ankommen.',
      };
    case 'failed':
      return {
        title: 'E-Mail Problem',
        description: `Deine Anmeldung wurde gespeichert. Falls du keine Bestätigungs-E-Mail erhältst, kontaktiere uns bitte unter ${site.email}.`,
      };
  }
}

/**
 * The confirmation page's heading. An online payment that is still open (the visitor cancelled
 * at Stripe, or has not paid yet) holds the seat for 30 minutes but is not confirmed: the page
 * must not say "bestätigt" above "Zahlung offen".
 */
/** A large on-site or invoice booking waits for the click on the link in its mail (issue 25). */
export function isAwaitingConfirmation(booking: {
  booking_status?: string;
  payment_method: string;
}): boolean {
  return booking.booking_status === 'held' && booking.payment_method !== 'stripe';
}

export function confirmationHeading(booking: {
  state: 'paid' | 'open' | 'expired' | 'pending' | 'cancelled' | 'refunded';
  payment_method: string;
  booking_status?: string;
}): string {
  if (booking.state === 'expired') return 'Reservation abgelaufen';
  if (booking.state === 'cancelled' || booking.state === 'refunded') return 'Buchung storniert';
  if (isAwaitingConfirmation(booking)) return 'Bitte bestätige deine Buchung';
  if (booking.payment_method === 'stripe' && booking.state === 'open') return 'Deine Buchung ist reserviert';
  return 'Deine Buchung ist bestätigt';
}

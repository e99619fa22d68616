import { describe, expect, it } from 'vitest';
import { confirmationHeading, describeConfirmationStatus } from '@/features/booking/lib/confirmation-outcome';
import { site } from '@/lib/site';

describe('describeConfirmationStatus', () => {
  it("says 'E-Mails versendet!' only for a delivered confirmation", () => {
    expect(describeConfirmationStatus('sent')).toEqual({
      title: 'E-Mails versendet!',
      description: `Bestätigungs-E-Mail wurde an dich und ${site.name} gesendet.`,
    });
    expect(describeConfirmationStatus('queued').title).not.toBe('E-Mails versendet!');
    expect(describeConfirmationStatus('failed').title).not.toBe('E-Mails versendet!');
  });

  it('says the confirmation will follow while it is still queued', () => {
    expect(describeConfirmationStatus('queued')).toEqual({
      title: 'Bestätigung folgt',
      description:
        'Deine Anmeldung ist gespeichert. Die Bestätigungs-E-Mail ist unterwegs und sollte in den nächsten Minuten bei dir ankommen.',
    });
  });

  it('asks to get in touch when delivery was given up', () => {
    const text = describeConfirmationStatus('failed');
    expect(text.title).toBe('E-Mail Problem');
    expect(text.description).toContain('Falls du keine Bestätigungs-E-Mail erhältst');
    expect(text.description).toContain(site.email);
  });
});

describe('confirmationHeading', () => {
  it('does not say "bestätigt" while an online payment is open (back from "Abbrechen" at Stripe)', () => {
    expect(confirmationHeading({ state: 'open', payment_method: 'stripe' })).toBe(
      'Deine Buchung ist reserviert',
    );
    expect(confirmationHeading({ state: 'paid', payment_method: 'stripe' })).toBe(
      'Deine Buchung ist bestätigt',
    );
  });

  it('confirms bookings paid later on site or by invoice, and names expired and cancelled ones', () => {
    expect(confirmationHeading({ state: 'open', payment_method: 'onsite' })).toBe(
      'Deine Buchung ist bestätigt',
    );
    expect(confirmationHeading({ state: 'pending', payment_method: 'invoice' })).toBe(
      'Deine Buchung ist bestätigt',
    );
    expect(confirmationHeading({ state: 'expired', payment_method: 'stripe' })).toBe(
      'Reservation abgelaufen',
    );
    expect(confirmationHeading({ state: 'refunded', payment_method: 'stripe' })).toBe('Buchung storniert');
  });

  it('asks for the click in the mail while a large on-site or invoice booking is held (issue 25)', () => {
    for (const payment_method of ['onsite', 'invoice'])
      expect(confirmationHeading({ state: 'pending', payment_method, booking_status: 'held' })).toBe(
        'Bitte bestätige deine Buchung',
      );
    expect(confirmationHeading({ state: 'open', payment_method: 'stripe', booking_status: 'held' })).toBe(
      'Deine Buchung ist reserviert',
    );
  });
});

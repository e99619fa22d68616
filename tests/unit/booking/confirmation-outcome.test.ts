import { describe, expect, it } from 'vitest';
import { describeConfirmationStatus } from '@/features/booking/lib/confirmation-outcome';
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

import { describe, expect, it } from 'vitest';
import { eraseSummary, upcomingCancellationText } from '@/features/admin-privacy/lib/erase-summary';

describe('the erasure in words', () => {
  it('counts every number in the right form', () => {
    expect(
      eraseSummary({
        bookings: 1,
        cancelledBookings: 1,
        waitingList: 1,
        enquiries: 2,
        newsletter: 1,
        invitations: 1,
        mails: 1,
      }),
    ).toBe(
      'Gelöscht: 1 Buchung anonymisiert, davon 1 storniert; 1 Wartelisten-Eintrag; 2 Anfragen; Newsletter-Anmeldung; 1 Einladung; 1 E-Mail geleert.',
    );
    expect(eraseSummary({ bookings: 2, mails: 5, waitingList: 3, invitations: 2, giftVouchers: 1 })).toBe(
      'Gelöscht: 2 Buchungen anonymisiert; 3 Wartelisten-Einträge; 2 Einladungen; 1 Geschenkgutschein; 5 E-Mails geleert.',
    );
    expect(eraseSummary({ bookings: 0, mails: 1, giftVouchers: 1, giftVoucherOrders: 2 })).toBe(
      'Gelöscht: 0 Buchungen anonymisiert; 1 Geschenkgutschein; 2 Gutscheinbestellungen; 1 E-Mail geleert.',
    );
  });

  it('says what a confirmation cancels, singular or plural', () => {
    expect(upcomingCancellationText(1)).toMatch(/^1 zukünftige Buchung wird storniert /);
    expect(upcomingCancellationText(3)).toMatch(/^3 zukünftige Buchungen werden storniert /);
  });
});

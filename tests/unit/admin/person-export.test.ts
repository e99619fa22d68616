import { describe, expect, it } from 'vitest';
import {
  exportItems,
  exportSummaryHtml,
  personExportSchema,
} from '@/features/admin-privacy/lib/person-export';

// The printable summary of an access request (/admin/datenschutz): every stored item with the
// retention rule that ends it, in German, with the person's own text escaped.

const answer = {
  email: 'petra@example.ch',
  generatedAt: '2026-11-28T10:00:00Z',
  rules: {
    participant_contact: { label: 'Kontaktdaten', keepDays: 730, description: 'Nach dem Anlass entfernt.' },
    bookkeeping: { label: 'Buchhaltungsdaten', keepDays: 3650, description: 'Aufbewahrungspflicht.' },
    enquiry: { label: 'Erledigte Anfragen', keepDays: 365, description: 'Anonymisiert.' },
    newsletter_subscribed: {
      label: 'Newsletter-Abonnements',
      keepDays: null,
      description: 'Bis zur Abmeldung.',
    },
  },
  bookings: [
    {
      rule: 'participant_contact',
      bookkeepingRule: 'bookkeeping',
      reference: 'SW-ABCD',
      name: 'Petra Muster',
      email: 'petra@example.ch',
      phone: '+41 79 123 45 67',
      status: 'confirmed',
      persons: 2,
      registeredAt: '2026-11-01T10:00:00Z',
      event: { title: 'Fondue <Abend>', startDate: '2026-12-12', endDate: null },
      payments: [{ amountCents: 9000 }],
      history: [],
    },
  ],
  waitingList: [],
  enquiries: [{ rule: 'enquiry', subject: 'Frage', createdAt: '2026-10-01T10:00:00Z', message: 'Hallo' }],
  newsletter: [{ rule: 'newsletter_subscribed', status: 'subscribed', createdAt: '2026-09-01T10:00:00Z' }],
  mails: [],
  adminInvitations: [],
  giftVouchers: [
    {
      rule: 'bookkeeping',
      code: 'GS-AAAA-BBBB-CCCC-DDDD-EEEE',
      balanceCents: 5000,
      validUntil: '2029-11-29',
      recipientName: 'Petra',
    },
  ],
  giftVoucherOrders: [
    {
      rule: 'bookkeeping',
      reference: 'GB-ABCDEFGH',
      kind: 'offer',
      title: 'Fondue-Abend für 2 Personen',
      valueCents: 9800,
      state: 'paid',
      buyerEmail: 'petra@example.ch',
      createdAt: '2026-11-20T10:00:00Z',
    },
    {
      rule: 'bookkeeping',
      reference: 'GB-JKLMNPQR',
      kind: 'value',
      title: '',
      valueCents: 5000,
      state: 'open',
      buyerEmail: 'hans@example.ch',
      createdAt: '2026-11-21T10:00:00Z',
    },
  ],
};

describe('access request summary', () => {
  it('lists each item with its retention rule and escapes stored text', () => {
    const data = personExportSchema.parse(answer);
    expect(exportItems(data).map((item) => item.section)).toEqual([
      'Buchungen',
      'Anfragen',
      'Newsletter',
      'Geschenkgutscheine',
      'Gutscheinbestellungen',
      'Gutscheinbestellungen',
    ]);
    const html = exportSummaryHtml(data);
    expect(html).toContain('<html lang="de-CH">');
    expect(html).toContain('SW-ABCD: Fondue &lt;Abend&gt; (12.12.2026), 2 Pers.');
    expect(html).toContain('Kontaktdaten (730 Tage): Nach dem Anlass entfernt.');
    expect(html).toContain('GS-AAAA-BBBB-CCCC-DDDD-EEEE, Guthaben CHF 50.00, gültig bis 29.11.2029');
    // Bought by the address, or bought for it by someone else.
    expect(html).toContain(
      'GB-ABCDEFGH: Fondue-Abend für 2 Personen, CHF 98.00, gekauft am 20.11.2026, bezahlt',
    );
    expect(html).toContain('GB-JKLMNPQR: Wertgutschein, CHF 50.00, erhalten am 21.11.2026, offen');
    expect(html).toContain('Newsletter-Abonnements (ohne feste Frist): Bis zur Abmeldung.');
    expect(html).not.toContain('<Abend>');
    expect(html).not.toContain('ß');
  });

  it('keeps the whole answer for the JSON download (unknown keys are not dropped)', () => {
    const data = personExportSchema.parse(answer);
    expect(data.bookings[0]).toHaveProperty('history');
    expect(data.enquiries[0]).toHaveProperty('message', 'Hallo');
  });
});

// The invoice every PDF test renders: a QR reference, a due date and the provider as creditor.
export const sampleInvoice = {
  reference: '000000000000000000001234565',
  dueDate: '2026-12-04',
  amountCents: 9000,
  currency: 'CHF' as const,
  issuedOn: '2026-11-24',
  creditor: {
    name: 'Sinneswerk GmbH',
    street: 'Dorfstrasse',
    buildingNumber: '12',
    postalCode: '5034',
    city: 'Suhr',
    country: 'CH',
    iban: 'CH4431999123000889012',
  },
};

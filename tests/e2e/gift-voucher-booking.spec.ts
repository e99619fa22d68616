import {
  API,
  gotoHydrated,
  mailboxMessages,
  mailTo,
  onDatabase,
  runOutbox,
  serviceHeaders,
  setClock,
} from '../support/e2e-env';
import { stripeRefundsOf } from '../support/stripe-refunds';
import { expect, test, unique } from '../support/e2e-fixtures';

// Gift vouchers (issue 28) in a real browser at phone width: a buyer buys a CHF 150 voucher on
// /gutscheine with TWINT at the Stripe stand-in, to be mailed to the recipient tomorrow; the
// recipient's mail with the PDF goes out only once the stack's clock reaches tomorrow morning.
// With that voucher a family books "2 Erwachsene, 1 Kind" with a 10 % code and pays only the rest
// by card; cancelled within the deadline, the card part goes back through Stripe and the
// voucher's part back onto the voucher.

test.use({ viewport: { width: 390, height: 844 } });

test.afterAll(async ({ request }) => {
  await setClock(request, null);
});

/** Tomorrow in Zurich as yyyy-mm-dd (the date input's value). */
function tomorrowInZurich(): string {
  const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(tomorrow);
}

test('a CHF 150 voucher bought with TWINT for tomorrow pays a family booking with a 10 % code; the rest by card, then cancelled', async ({
  page,
  request,
  events,
  discountCodes,
  giftVouchers,
}) => {
  test.slow();
  const recipientName = unique('Gina Geschenk');
  giftVouchers.removeAfterwards(recipientName);
  const buyer = `e2e-kauf-${Date.now()}@example.ch`;
  const recipient = `e2e-beschenkt-${Date.now()}@example.ch`;

  // Bought on /gutscheine, for tomorrow.
  await gotoHydrated(page, '/gutscheine');
  const order = page.getByRole('form', { name: 'Gutschein kaufen' });
  await order.getByLabel('Betrag in CHF *').fill('150');
  await order.getByLabel('Dein Name *').fill('Bea Buyer');
  await order.getByLabel('Deine E-Mail *').fill(buyer);
  await order.getByLabel('Für wen ist der Gutschein? (optional)').fill(recipientName);
  await order.getByLabel(/^Direkt an die beschenkte Person/).check();
  await order.getByLabel('E-Mail der beschenkten Person *').fill(recipient);
  await order.getByLabel('Versand am *').fill(tomorrowInZurich());
  await order.getByLabel('Persönliche Nachricht (optional)').fill('Alles Gute zum Geburtstag!');
  await order.getByRole('button', { name: 'Weiter zur Zahlung' }).click();
  await expect(page).toHaveURL(/\/__stripe\/checkout\/cs_test_/);
  await expect(page.getByText('CHF 150.00').first()).toBeVisible();
  await page.getByRole('button', { name: 'Mit TWINT bezahlen' }).click();
  await expect(page).toHaveURL(/\/gutscheine\?bestellung=bezahlt/);
  await expect(page.getByRole('heading', { name: 'Danke für deinen Gutscheinkauf!' })).toBeFocused();
  const receipt = await mailTo(request, buyer, /^Dein Gutscheinkauf bei /);
  expect(receipt.text).toContain('Bezahlt mit: Online-Zahlung (TWINT)');

  // Today the recipient's mail waits; tomorrow morning it goes out, with the PDF.
  await runOutbox(request);
  expect((await mailboxMessages(request)).filter((mail) => mail.to.includes(recipient))).toEqual([]);
  await setClock(request, '1 day 9 hours');
  const gift = await mailTo(request, recipient, /^Dein Geschenkgutschein von /);
  await setClock(request, null);
  expect(gift.text).toContain(`Hallo ${recipientName}`);
  const code = /Gutscheincode: (GS(?:-[A-Z0-9]{4}){5})/.exec(gift.text ?? '')?.[1];
  expect(code, 'the code in the mail').toBeDefined();
  expect(gift.attachments.map((file) => file.filename)).toEqual([`Gutschein-${code}.pdf`]);

  const event = await events.create({
    title: unique('Gutschein-Kochen'),
    price: 85,
    max_participants: 10,
    payment_methods: ['stripe'],
  });
  const discount = `GUT${Date.now().toString(36).toUpperCase()}`;
  await discountCodes.create({ code: discount, percent: 10 });
  await onDatabase((client) =>
    client.query(
      `insert into public.event_ticket_types (event_id, name, price, note, position)
       values ($1, 'Erwachsene', 85, '', 0), ($1, 'Kinder (5–12)', 45, '5 bis 12 Jahre', 1)`,
      [event.id],
    ),
  );

  // The balance page, as the recipient would check it first.
  await gotoHydrated(page, '/gutscheine');
  const check = page.getByRole('form', { name: 'Guthaben prüfen' });
  await check.getByLabel('Gutscheincode').fill(code!.toLowerCase());
  await check.getByRole('button', { name: 'Guthaben prüfen' }).click();
  await expect(check.getByRole('status')).toContainText('CHF 150.00 von CHF 150.00');

  const email = `e2e-gutschein-${Date.now()}@example.ch`;
  await gotoHydrated(page, `/events/${event.slug}/buchen`);
  const form = page.getByRole('form', { name: 'Anmeldung' });
  await form.getByLabel('Name *').fill('Familie Gutschein');
  await form.getByLabel('E-Mail *').fill(email);
  await form.getByLabel('Telefon *').fill('+41 79 111 22 33');
  await form.getByLabel(/^Erwachsene/).selectOption('2');
  await form.getByLabel(/^Kinder \(5–12\)/).selectOption('1');
  await form.getByLabel('Rabattcode (optional)').fill(discount);
  await form.getByRole('button', { name: 'Rabattcode einlösen' }).click();
  await expect(form.getByText('CHF 193.50')).toBeVisible();
  await form.getByLabel('Gutscheincode (optional)').fill(code!);
  await form.getByRole('button', { name: 'Gutschein einlösen' }).click();
  await expect(form.getByText('Gutschein eingelöst: Guthaben CHF 150.00.')).toBeVisible();
  await expect(form.getByText('− CHF 150.00')).toBeVisible();
  await expect(form.getByText('CHF 43.50')).toBeVisible();
  await form.getByRole('button', { name: 'Verbindlich anmelden' }).click();

  // Stripe charges only the rest.
  await expect(page).toHaveURL(/\/__stripe\/checkout\/cs_test_/);
  await expect(page.getByText('CHF 43.50').first()).toBeVisible();
  await page.getByRole('button', { name: 'Mit Karte bezahlen' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Bezahlt' })).toBeVisible();
  const confirmation = await mailTo(request, email, /^Anmeldebestätigung: /);
  expect(confirmation.text).toContain('Gutschein: − CHF 150.00');
  expect(confirmation.text).toContain('Noch zu bezahlen: CHF 43.50');

  // Cancelled within the deadline: the card part back to the card, the voucher's part to the voucher.
  await page.getByRole('link', { name: 'Buchung ändern oder stornieren' }).click();
  await page.getByRole('button', { name: 'Buchung stornieren' }).click();
  await page.getByRole('button', { name: 'Ja, stornieren' }).click();
  await expect(page.getByText('Diese Buchung ist storniert.')).toBeVisible();
  await expect(page.getByText('Dem Gutschein gutgeschrieben')).toBeVisible();
  await expect
    .poll(async () => {
      await request.post(`${API}/functions/v1/process-refunds`, { data: {}, headers: serviceHeaders() });
      return stripeRefundsOf(request, email);
    })
    .toEqual([4350]);
  const credited = await mailTo(request, email, /^Gutschrift: /);
  expect(credited.text).toContain('Neues Guthaben: CHF 150.00');
  await gotoHydrated(page, '/gutscheine');
  await check.getByLabel('Gutscheincode').fill(code!);
  await check.getByRole('button', { name: 'Guthaben prüfen' }).click();
  await expect(check.getByRole('status')).toContainText('CHF 150.00 von CHF 150.00');
});

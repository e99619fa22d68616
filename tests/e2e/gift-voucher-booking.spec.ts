import { API, gotoHydrated, mailTo, onDatabase, serviceHeaders } from '../support/e2e-env';
import { stripeRefundsOf } from '../support/stripe-refunds';
import { expect, test, unique } from '../support/e2e-fixtures';

// Gift vouchers (issue 28) in a real browser at phone width: the balance page reads a voucher the
// team issued; a family books "2 Erwachsene, 1 Kind" with a 10 % code and that CHF 50 voucher and
// pays only the rest by card at the Stripe stand-in; cancelled within the deadline, the card part
// goes back through Stripe and the voucher's part back onto the voucher.

test.use({ viewport: { width: 390, height: 844 } });

test('a family pays CHF 103.50 with a 10 % code, a CHF 50 voucher and the rest by card, then cancels', async ({
  page,
  request,
  events,
  discountCodes,
  giftVouchers,
}) => {
  test.slow();
  const event = await events.create({
    title: unique('Gutschein-Kochen'),
    price: 45,
    max_participants: 10,
    payment_methods: ['stripe'],
  });
  const code = `GUT${Date.now().toString(36).toUpperCase()}`;
  await discountCodes.create({ code, percent: 10 });
  const voucher = await giftVouchers.create(5000);
  await onDatabase((client) =>
    client.query(
      `insert into public.event_ticket_types (event_id, name, price, note, position)
       values ($1, 'Erwachsene', 45, '', 0), ($1, 'Kinder (5–12)', 25, '5 bis 12 Jahre', 1)`,
      [event.id],
    ),
  );

  // The balance page, as the recipient would check it first.
  await gotoHydrated(page, '/gutscheine');
  const check = page.getByRole('form', { name: 'Guthaben prüfen' });
  await check.getByLabel('Gutscheincode').fill(voucher.code.toLowerCase());
  await check.getByRole('button', { name: 'Guthaben prüfen' }).click();
  await expect(check.getByRole('status')).toContainText('CHF 50.00 von CHF 50.00');

  const email = `e2e-gutschein-${Date.now()}@example.ch`;
  await gotoHydrated(page, `/events/${event.slug}/buchen`);
  const form = page.getByRole('form', { name: 'Anmeldung' });
  await form.getByLabel('Name *').fill('Familie Gutschein');
  await form.getByLabel('E-Mail *').fill(email);
  await form.getByLabel('Telefon *').fill('+41 79 111 22 33');
  await form.getByLabel(/^Erwachsene/).selectOption('2');
  await form.getByLabel(/^Kinder \(5–12\)/).selectOption('1');
  await form.getByLabel('Rabattcode (optional)').fill(code);
  await form.getByRole('button', { name: 'Rabattcode einlösen' }).click();
  await expect(form.getByText('CHF 103.50')).toBeVisible();
  await form.getByLabel('Gutscheincode (optional)').fill(voucher.code);
  await form.getByRole('button', { name: 'Gutschein einlösen' }).click();
  await expect(form.getByText('Gutschein eingelöst: Guthaben CHF 50.00.')).toBeVisible();
  await expect(form.getByText('− CHF 50.00')).toBeVisible();
  await expect(form.getByText('CHF 53.50')).toBeVisible();
  await form.getByRole('button', { name: 'Verbindlich anmelden' }).click();

  // Stripe charges only the rest.
  await expect(page).toHaveURL(/\/__stripe\/checkout\/cs_test_/);
  await expect(page.getByText('CHF 53.50').first()).toBeVisible();
  await page.getByRole('button', { name: 'Mit Karte bezahlen' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Bezahlt' })).toBeVisible();
  const confirmation = await mailTo(request, email, /^Anmeldebestätigung: /);
  expect(confirmation.text).toContain('Gutschein: − CHF 50.00');
  expect(confirmation.text).toContain('Noch zu bezahlen: CHF 53.50');

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
    .toEqual([5350]);
  const credited = await mailTo(request, email, /^Gutschrift: /);
  expect(credited.text).toContain('Neues Guthaben: CHF 50.00');
  await gotoHydrated(page, '/gutscheine');
  await check.getByLabel('Gutscheincode').fill(voucher.code);
  await check.getByRole('button', { name: 'Guthaben prüfen' }).click();
  await expect(check.getByRole('status')).toContainText('CHF 50.00 von CHF 50.00');
});

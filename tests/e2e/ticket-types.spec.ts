import { API, gotoHydrated, mailTo, onDatabase, serviceHeaders } from '../support/e2e-env';
import { stripeRefundsOf } from '../support/stripe-refunds';
import { expect, test, unique } from '../support/e2e-fixtures';

// Ticket types (issue 28) in a real browser at phone width: a family books "2 Erwachsene, 1 Kind"
// with a 10 % code and pays by card at the Stripe stand-in; the confirmation page and mail name
// the tickets; giving up the child's ticket on the manage page refunds the child's price less its
// share of the discount (CHF 22.50) to the card.

test.use({ viewport: { width: 390, height: 844 } });

test('a family books 2 Erwachsene and 1 Kind with a 10 % code by card, then gives up the child’s ticket', async ({
  page,
  request,
  events,
  discountCodes,
}) => {
  test.slow();
  const event = await events.create({
    title: unique('Familienkochen'),
    price: 45,
    max_participants: 10,
    payment_methods: ['stripe'],
  });
  const code = `FAM${Date.now().toString(36).toUpperCase()}`;
  await discountCodes.create({ code, percent: 10 });
  // The types go with the event.
  await onDatabase((client) =>
    client.query(
      `insert into public.event_ticket_types (event_id, name, price, note, position)
       values ($1, 'Erwachsene', 45, '', 0), ($1, 'Kinder (5–12)', 25, '5 bis 12 Jahre', 1)`,
      [event.id],
    ),
  );
  const email = `e2e-tickets-${Date.now()}@example.ch`;
  await gotoHydrated(page, `/events/${event.slug}/buchen`);
  const form = page.getByRole('form', { name: 'Anmeldung' });
  await form.getByLabel('Name *').fill('Familie Muster');
  await form.getByLabel('E-Mail *').fill(email);
  await form.getByLabel('Telefon *').fill('+41 79 111 22 33');
  await form.getByLabel(/^Erwachsene/).selectOption('2');
  await form.getByLabel(/^Kinder \(5–12\)/).selectOption('1');
  await expect(form.getByText('CHF 115.00')).toBeVisible();
  await form.getByLabel('Rabattcode (optional)').fill(code);
  await form.getByRole('button', { name: 'Rabattcode einlösen' }).click();
  await expect(form.getByText('− CHF 11.50')).toBeVisible();
  await expect(form.getByText('CHF 103.50')).toBeVisible();
  await form.getByRole('button', { name: 'Verbindlich anmelden' }).click();

  await expect(page).toHaveURL(/\/__stripe\/checkout\/cs_test_/);
  await expect(page.getByText('CHF 103.50').first()).toBeVisible();
  await page.getByRole('button', { name: 'Mit Karte bezahlen' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Bezahlt' })).toBeVisible();
  const summary = page.getByRole('definition');
  await expect(summary.filter({ hasText: '2 × Erwachsene à CHF 45.00' })).toBeVisible();
  await expect(summary.filter({ hasText: '1 × Kinder (5–12) à CHF 25.00' })).toBeVisible();
  await expect(summary.filter({ hasText: /^CHF 103\.50$/ })).toBeVisible();
  const mail = await mailTo(request, email, /Anmeldebestätigung|Zahlungsbestätigung/);
  expect(mail.text).toContain('Tickets: 2 × Erwachsene à CHF 45.00, 1 × Kinder (5–12) à CHF 25.00');

  // The child stays at home: one ticket of that type back, before the deadline.
  await page.getByRole('link', { name: 'Buchung ändern oder stornieren' }).click();
  await page.getByLabel('Ein Ticket abgeben').selectOption({ label: 'Kinder (5–12) (CHF 25.00)' });
  await page.getByRole('button', { name: 'Personen reduzieren' }).click();
  await expect(page.getByText('Deine Buchung gilt jetzt für 2 Personen.').first()).toBeVisible();
  await expect
    .poll(async () => {
      await request.post(`${API}/functions/v1/process-refunds`, { data: {}, headers: serviceHeaders() });
      return stripeRefundsOf(request, email);
    })
    .toEqual([2250]);
  await expect(page.getByRole('definition').filter({ hasText: /^CHF 81\.00$/ })).toBeVisible();
});

import type { Page } from '@playwright/test';
import { API, gotoHydrated, serviceHeaders } from '../support/e2e-env';
import { expect, select, test, unique, type EventRow } from '../support/e2e-fixtures';

// Online payment in a real browser at phone width against the local stack and its Stripe
// stand-in: the visitor books, is sent to the stand-in's checkout page, pays with TWINT (or lets
// the session expire) and comes back to the payment page showing the database's state; the
// admin sees 'Bezahlt' and refunds ('Erstattet'). Each test creates its own event.

test.use({ viewport: { width: 390, height: 844 } });

const ONLINE_ONLY = { price: 45, max_participants: 6, payment_methods: ['stripe'] };

async function seatsTaken(event: Pick<EventRow, 'id'>): Promise<number> {
  const [row] = await select('events', `id=eq.${event.id}&select=*`);
  return row!.current_participants;
}

/** Books the event with online payment and follows the redirect to the checkout page. */
async function bookOnline(page: Page, slug: string, email: string) {
  await gotoHydrated(page, `/events/${slug}/buchen`);
  const form = page.getByRole('form', { name: 'Anmeldung' });
  await form.getByLabel('Name *').fill('Tina Twint');
  await form.getByLabel('E-Mail *').fill(email);
  await form.getByLabel('Telefon *').fill('+41 79 222 33 44');
  await expect(form.getByRole('radio', { name: 'Online-Zahlung (Karte)' })).toBeChecked();
  await form.getByRole('button', { name: 'Verbindlich anmelden' }).click();
  await expect(page).toHaveURL(/\/__stripe\/checkout\/cs_test_/);
  await expect(page.getByRole('heading', { name: 'Bezahlen' })).toBeVisible();
  await expect(page.getByText('CHF 45.00').first()).toBeVisible();
}

test('pay with TWINT: Bezahlt, receipt mail, admin sees Bezahlt and refunds to Erstattet', async ({
  page,
  request,
  browser,
  events,
  admin,
}) => {
  const event = await events.create({ title: unique('Atemreise online'), ...ONLINE_ONLY });
  const { title } = event;
  const email = `e2e-twint-${Date.now()}@example.ch`;
  await bookOnline(page, event.slug, email);
  await page.getByRole('button', { name: 'Mit TWINT bezahlen' }).click();
  await expect(page).toHaveURL(/\/zahlung\/[0-9a-f-]+\?zahlung=erfolgt#/);
  await expect(page.getByRole('heading', { level: 1, name: 'Bezahlt' })).toBeVisible();
  await expect(page.getByText(/Deine Zahlung von CHF 45\.00/)).toBeVisible();
  expect(await seatsTaken(event)).toBe(1);

  const worker = await request.post(`${API}/functions/v1/process-outbox`, {
    data: {},
    headers: serviceHeaders(),
  });
  expect(worker.ok()).toBe(true);
  const mails = (await (await request.get(`${API}/__mail/messages`)).json()) as Array<{
    to: string[];
    subject: string;
  }>;
  expect(mails.filter((mail) => mail.to.includes(email)).map((mail) => mail.subject)).toContain(
    `Zahlungsbestätigung: ${title}`,
  );

  // The admin, on a desktop: the list says 'Bezahlt'; 'Rückerstatten' asks first, then refunds.
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const adminPage = await adminContext.newPage();
  await adminPage.goto('/admin/participants');
  await adminPage.getByLabel('E-Mail').fill(admin.email);
  await adminPage.getByLabel('Passwort').fill(admin.password);
  await adminPage.getByRole('button', { name: 'Anmelden' }).click();
  await adminPage.getByLabel('Suche nach Name oder E-Mail').fill(email);
  const row = adminPage.getByRole('row').filter({ hasText: email });
  await expect(row).toContainText('Bezahlt');
  await row.getByRole('button', { name: 'Tina Twint rückerstatten' }).click();
  const dialog = adminPage.getByRole('alertdialog');
  await expect(dialog).toContainText('über Stripe vollständig zurückerstattet');
  await dialog.getByRole('button', { name: 'Rückerstatten' }).click();
  await expect(row).toContainText('Erstattet');
  await expect(row.getByRole('button', { name: 'Tina Twint rückerstatten' })).toHaveCount(0);
  await adminContext.close();
  expect(await seatsTaken(event)).toBe(0);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Erstattet' })).toBeVisible();
});

test('a session that expires gives the seat back: Reservierung abgelaufen', async ({ page, events }) => {
  const event = await events.create({ title: unique('Atemreise verfällt'), ...ONLINE_ONLY });
  await bookOnline(page, event.slug, `e2e-expiry-${Date.now()}@example.ch`);
  expect(await seatsTaken(event)).toBe(1);

  // Back without paying: the payment is open and can be tried again.
  await page.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: 'Zahlung offen – erneut versuchen' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Jetzt bezahlen' }).click();
  await expect(page).toHaveURL(/\/__stripe\/checkout\/cs_test_/);

  await page.getByRole('button', { name: 'Ablaufen lassen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reservierung abgelaufen' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Zu den Events' })).toBeVisible();
  expect(await seatsTaken(event)).toBe(0);
});

import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_SERVICE_ROLE_KEY } from '../../tools/local-stack/jwt';
import { API, gotoHydrated } from '../support/e2e-env';

// Online payment in a real browser at phone width against the local stack and its Stripe
// stand-in: the visitor books, is sent to the stand-in's checkout page, pays with TWINT (or lets
// the session expire) and comes back to the payment page showing the database's state; the
// admin sees 'Bezahlt' and refunds ('Erstattet').

const serviceHeaders = {
  apikey: DEMO_SERVICE_ROLE_KEY,
  Authorization: `Bearer ${DEMO_SERVICE_ROLE_KEY}`,
  'Content-Type': 'application/json',
  Prefer: 'return=representation',
};
const ADMIN = { email: 'admin@example.ch', password: process.env.LOCAL_ADMIN_PASSWORD ?? 'admin-local-123' };

test.use({ viewport: { width: 390, height: 844 } });

function inDays(days: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

async function createEvent(request: APIRequestContext, title: string): Promise<{ id: string; slug: string }> {
  const created = await request.post(`${API}/rest/v1/events`, {
    headers: serviceHeaders,
    data: {
      title,
      description: 'Ein Event, das dieser Test anlegt und wieder löscht.',
      category: 'breathwork',
      start_date: inDays(12),
      time: '18:00 - 20:00',
      location: 'Suhr',
      price: 45,
      max_participants: 6,
      status: 'published',
      payment_methods: ['stripe'],
    },
  });
  expect(created.status()).toBe(201);
  const [row] = (await created.json()) as Array<{ id: string; slug: string }>;
  return row!;
}

async function seatsTaken(request: APIRequestContext, id: string): Promise<number> {
  const answer = await request.get(`${API}/rest/v1/events?id=eq.${id}&select=current_participants`, {
    headers: serviceHeaders,
  });
  const [row] = (await answer.json()) as Array<{ current_participants: number }>;
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
}) => {
  const title = `Atemreise online ${Date.now()}`;
  const event = await createEvent(request, title);
  const email = `e2e-twint-${Date.now()}@example.ch`;
  try {
    await bookOnline(page, event.slug, email);
    await page.getByRole('button', { name: 'Mit TWINT bezahlen' }).click();
    await expect(page).toHaveURL(/\/zahlung\/[0-9a-f-]+\?zahlung=erfolgt#/);
    await expect(page.getByRole('heading', { level: 1, name: 'Bezahlt' })).toBeVisible();
    await expect(page.getByText(/Deine Zahlung von CHF 45\.00/)).toBeVisible();
    expect(await seatsTaken(request, event.id)).toBe(1);

    const worker = await request.post(`${API}/functions/v1/process-outbox`, {
      data: {},
      headers: serviceHeaders,
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
    const admin = await adminContext.newPage();
    await admin.goto('/admin/participants');
    await admin.getByLabel('E-Mail').fill(ADMIN.email);
    await admin.getByLabel('Passwort').fill(ADMIN.password);
    await admin.getByRole('button', { name: 'Anmelden' }).click();
    await admin.getByLabel('Suche nach Name oder E-Mail').fill(email);
    const row = admin.getByRole('row').filter({ hasText: email });
    await expect(row).toContainText('Bezahlt');
    await row.getByRole('button', { name: 'Tina Twint rückerstatten' }).click();
    const dialog = admin.getByRole('alertdialog');
    await expect(dialog).toContainText('über Stripe vollständig zurückerstattet');
    await dialog.getByRole('button', { name: 'Rückerstatten' }).click();
    await expect(row).toContainText('Erstattet');
    await expect(row.getByRole('button', { name: 'Tina Twint rückerstatten' })).toHaveCount(0);
    await adminContext.close();
    expect(await seatsTaken(request, event.id)).toBe(0);

    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Erstattet' })).toBeVisible();
  } finally {
    await request.delete(`${API}/rest/v1/events?id=eq.${event.id}`, { headers: serviceHeaders });
  }
});

test('a session that expires gives the seat back: Reservierung abgelaufen', async ({ page, request }) => {
  const event = await createEvent(request, `Atemreise verfällt ${Date.now()}`);
  try {
    await bookOnline(page, event.slug, `e2e-expiry-${Date.now()}@example.ch`);
    expect(await seatsTaken(request, event.id)).toBe(1);

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
    expect(await seatsTaken(request, event.id)).toBe(0);
  } finally {
    await request.delete(`${API}/rest/v1/events?id=eq.${event.id}`, { headers: serviceHeaders });
  }
});

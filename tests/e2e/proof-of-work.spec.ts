import { expect, test, type Locator, type Page } from '@playwright/test';
import { DEMO_SERVICE_ROLE_KEY } from '../../tools/local-stack/jwt';
import { API, gotoHydrated } from '../support/e2e-env';
import { expectNoViolations } from './axe';

// The ALTCHA proof of work on the public forms in a real browser at phone width: the widget
// loads only once a visitor turns to a form, solves by itself while they type, is labelled and
// reachable by keyboard, leaves axe at zero violations, and booking, contact and newsletter go
// through with it (the server refuses forms without it: tests/functions/abuse-protection).

test.use({ viewport: { width: 390, height: 844 } });

const VERIFIED = 'Sicherheitsprüfung bestanden';

function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.ch`;
}

function inDays(days: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

function toasts(page: Page) {
  return page.getByRole('region', { name: /Benachrichtigungen/ });
}

/** The widget has solved its challenge: its checkbox is ticked and says so. */
async function expectSolved(form: Locator) {
  await expect(form.getByRole('checkbox', { name: VERIFIED })).toBeChecked({ timeout: 30_000 });
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('cookie-notice-dismissed', 'true'));
});

test('public pages do not load the widget until a visitor turns to a form', async ({ page }) => {
  const widgetRequests: string[] = [];
  page.on('request', (request) => {
    if (/altcha/.test(request.url())) widgetRequests.push(request.url());
  });
  await gotoHydrated(page, '/');
  await page.waitForLoadState('networkidle');
  expect(widgetRequests).toEqual([]);

  const box = page.getByRole('region', { name: /Geschichten aus Küche, Wald und Atem/ });
  const field = box.getByLabel('E-Mail-Adresse');
  // The box hydrates lazily and stays disabled until then; focus() would not wait for that.
  await expect(field).toBeEnabled();
  await field.focus();
  await expectSolved(box);
  expect(widgetRequests.some((url) => url.includes('/functions/v1/altcha-challenge'))).toBe(true);
});

test('a booking goes through with the challenge; the form with the widget passes axe', async ({
  page,
  request,
}) => {
  const title = `Kräuterwanderung ${Date.now()}`;
  const created = await request.post(`${API}/rest/v1/events`, {
    headers: {
      apikey: DEMO_SERVICE_ROLE_KEY,
      Authorization: `Bearer ${DEMO_SERVICE_ROLE_KEY}`,
      'Content-Type': 'application/json',
      Prefer: 'return=representation',
    },
    data: {
      title,
      description: 'Wildkräuter sammeln und daraus ein Pesto machen.',
      category: 'workshop',
      start_date: inDays(4),
      start_time: '14:00',
      end_time: '17:00',
      location: 'Suhr',
      price: 45,
      max_participants: 10,
      status: 'published',
      payment_methods: ['onsite'],
    },
  });
  expect(created.status()).toBe(201);
  const [event] = (await created.json()) as Array<{ slug: string }>;

  await gotoHydrated(page, `/events/${event!.slug}/buchen`);
  const form = page.getByRole('form', { name: 'Anmeldung' });
  await form.getByLabel('Name *').fill('Erika Muster');
  await form.getByLabel('E-Mail *').fill(uniqueEmail('pow'));
  await form.getByLabel('Telefon *').fill('+41 79 111 22 33');
  await expectSolved(form);
  await expectNoViolations(page);

  await form.getByRole('button', { name: 'Verbindlich anmelden' }).click();
  // Saved: the confirmation page, and the event has one seat fewer (the toasts are booking.spec's business).
  await expect(page).toHaveURL(/\/buchung\/SW-/, { timeout: 20_000 });
  await gotoHydrated(page, '/events');
  await expect(page.getByRole('article', { name: title }).getByText('Noch 9 Plätze frei')).toBeVisible();
});

test('the contact form goes through with the challenge, in the dark theme too', async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem('theme', 'dark'));
  await gotoHydrated(page, '/contact');
  const form = page.getByRole('form', { name: 'Kontaktformular' });
  await form.getByLabel('Name').fill('Anna Muster');
  await form.getByLabel('E-Mail').fill(uniqueEmail('kontakt'));
  await form.getByLabel('Betreff').fill('Frage');
  await form.getByLabel('Nachricht').fill('Gibt es im Januar noch einen Termin?');
  await expectSolved(form);
  await expectNoViolations(page);

  await form.getByRole('button', { name: 'Nachricht senden' }).click();
  await expect(toasts(page).getByText('Nachricht gesendet', { exact: true })).toBeVisible({
    timeout: 20_000,
  });
  await expect(form.getByLabel('Name')).toHaveValue('');
});

test('the newsletter sign-up goes through with the challenge, by keyboard alone', async ({ page }) => {
  await gotoHydrated(page, '/');
  const box = page.getByRole('region', { name: /Geschichten aus Küche, Wald und Atem/ });
  const field = box.getByLabel('E-Mail-Adresse');
  // The box hydrates lazily and stays disabled until then; focus() would not wait for that.
  await expect(field).toBeEnabled();
  await field.focus();
  await page.keyboard.type(uniqueEmail('newsletter'));
  await expectSolved(box);
  await expectNoViolations(page);

  // The submit button and the widget's checkbox are both in the tab order.
  await page.keyboard.press('Tab');
  await expect(box.getByRole('button', { name: 'Anmelden' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(box.getByRole('checkbox', { name: VERIFIED })).toBeFocused();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Enter');

  await expect(toasts(page).getByText('Newsletter Anmeldung', { exact: true })).toBeVisible({
    timeout: 20_000,
  });
  await expect(field).toHaveValue('');
});

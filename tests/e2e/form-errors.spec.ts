import type { Locator, Page } from '@playwright/test';
import { API, gotoHydrated, serviceHeaders, toasts } from '../support/e2e-env';
import { expect, test, unique } from '../support/e2e-fixtures';
import { expectNoViolations } from './axe';

// Issue 17, 'Errors that say what is wrong', in a real browser: a malformed e-mail or phone is
// named at its field (aria-invalid, described by the message) instead of 'Bitte alle
// Pflichtfelder ausfüllen', the newsletter refuses 'hans@beispiel' at the field as the server
// would, and the phone reaches the database in E.164.

const INVALID_EMAIL = 'Bitte gib eine gültige E-Mail-Adresse ein.';
const INVALID_PHONE = /Bitte gib eine gültige Telefonnummer ein/;

test.beforeEach(({ page }) =>
  page.addInitScript(() => window.localStorage.setItem('cookie-notice-dismissed', 'true')),
);

/** The field is marked invalid and its description holds `message`. */
async function expectRefusedAt(page: Page, field: Locator, message: string | RegExp) {
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  const describedBy = (await field.getAttribute('aria-describedby')) ?? '';
  expect(describedBy).not.toBe('');
  const description = page.locator(
    describedBy
      .split(' ')
      .map((id) => `[id="${id}"]`)
      .join(', '),
  );
  await expect(description.filter({ hasText: message })).toHaveCount(1);
}

test('the booking form names a malformed e-mail and phone at their fields, then stores the phone in E.164', async ({
  page,
  request,
  events,
}) => {
  const event = await events.create({ title: unique('Brot backen'), payment_methods: ['onsite'] });
  await gotoHydrated(page, `/events/${event.slug}/buchen`);
  const form = page.getByRole('form', { name: 'Anmeldung' });
  const email = form.getByLabel('E-Mail *');
  const phone = form.getByLabel('Telefon *');
  await form.getByLabel('Name *').fill('Erika Muster');
  await email.fill('erika@beispiel');
  await phone.fill('abc');
  await form.getByRole('button', { name: 'Verbindlich anmelden' }).click();

  await expectRefusedAt(page, email, INVALID_EMAIL);
  await expectRefusedAt(page, phone, INVALID_PHONE);
  await expect(toasts(page).getByText('Bitte Eingaben prüfen')).toBeVisible();
  await expect(toasts(page).getByText('Bitte alle Pflichtfelder ausfüllen')).toHaveCount(0);
  await expect(form.getByLabel('Name *')).toHaveValue('Erika Muster');

  const address = `e2e-${Date.now()}@example.ch`;
  await email.fill(address);
  await phone.fill('079 111 22 33');
  await form.getByRole('button', { name: 'Verbindlich anmelden' }).click();
  await expect(page).toHaveURL(/\/buchung\//);

  const stored = await request.get(
    `${API}/rest/v1/participants?select=phone&email=eq.${encodeURIComponent(address)}`,
    { headers: serviceHeaders() },
  );
  expect(await stored.json()).toEqual([{ phone: '+41791112233' }]);
});

test('a booking for an address booked already is refused at the e-mail field, everything typed kept', async ({
  page,
  events,
  participants,
}) => {
  const event = await events.create({ title: unique('Brot backen'), payment_methods: ['onsite'] });
  const address = `${unique('doppelt').replace(/\s+/g, '-')}@example.ch`;
  await participants.create(event, { email: address });
  await gotoHydrated(page, `/events/${event.slug}/buchen`);
  const form = page.getByRole('form', { name: 'Anmeldung' });
  const email = form.getByLabel('E-Mail *');
  await form.getByLabel('Name *').fill('Erika Muster');
  await email.fill(address);
  await form.getByLabel('Telefon *').fill('079 111 22 33');
  await form.getByRole('button', { name: 'Verbindlich anmelden' }).click();

  await expectRefusedAt(
    page,
    email,
    /bereits angemeldet\. Die Bestätigung haben wir dir per E-Mail geschickt/,
  );
  await expect(email).toBeFocused();
  await expect(email).toHaveValue(address);
  await expect(form.getByLabel('Name *')).toHaveValue('Erika Muster');
  await expect(page).toHaveURL(/\/buchen$/);
});

test('joining the waiting list twice with one address is refused at the e-mail field', async ({
  page,
  events,
  participants,
}) => {
  const event = await events.create({ title: unique('Pasta Abend'), max_participants: 1 });
  await participants.create(event);
  const address = `${unique('warte').replace(/\s+/g, '-')}@example.ch`;
  const join = async () => {
    await gotoHydrated(page, `/events/${event.slug}/buchen`);
    const form = page.getByRole('form', { name: 'Warteliste' });
    await form.getByLabel('Name *').fill('Wanda Warte');
    await form.getByLabel('E-Mail *').fill(address);
    await form.getByLabel('Telefon *').fill('+41 79 123 45 67');
    await form.getByRole('button', { name: 'Auf die Warteliste' }).click();
    return form;
  };
  await join();
  await expect(page.getByText('Du stehst auf Platz 1 der Warteliste.')).toBeVisible();

  const form = await join();
  const email = form.getByLabel('E-Mail *');
  await expectRefusedAt(page, email, /bereits auf der Warteliste für dieses Event\. Den Link zum Austragen/);
  await expect(email).toBeFocused();
  await expect(email).toHaveValue(address);
  await expect(form.getByLabel('Name *')).toHaveValue('Wanda Warte');
});

test('the newsletter refuses an address without a top-level domain at the field, without asking the server', async ({
  page,
}) => {
  let sent = 0;
  page.on('request', (request) => {
    if (request.url().includes('/functions/v1/newsletter-subscribe')) sent += 1;
  });
  await gotoHydrated(page, '/');
  const box = page.getByRole('region', { name: /Geschichten aus Küche, Wald und Atem/ });
  const field = box.getByLabel('E-Mail-Adresse');
  await field.fill('hans@beispiel');
  await box.getByRole('button', { name: 'Anmelden' }).click();

  await expectRefusedAt(page, field, INVALID_EMAIL);
  await expect(field).toHaveValue('hans@beispiel');
  expect(sent).toBe(0);
});

// The error state is a state of its own: its messages, marked fields and toast keep contrast and
// labels in both themes (axe, as tests/e2e/a11y.spec.ts does for the pages).
test.describe('axe: the booking form with its field errors', () => {
  test.use({ reducedMotion: 'reduce', bypassCSP: true });
  for (const theme of ['light', 'dark'] as const) {
    test(theme, async ({ page, events }) => {
      await page.addInitScript((value) => window.localStorage.setItem('theme', value), theme);
      const event = await events.create({ title: unique('Pasta von Hand'), payment_methods: ['onsite'] });
      await gotoHydrated(page, `/events/${event.slug}/buchen`);
      const form = page.getByRole('form', { name: 'Anmeldung' });
      await form.getByLabel('Name *').fill('Erika Muster');
      await form.getByLabel('E-Mail *').fill('erika@beispiel');
      await form.getByLabel('Telefon *').fill('abc');
      await form.getByRole('button', { name: 'Verbindlich anmelden' }).click();
      await expectRefusedAt(page, form.getByLabel('Telefon *'), INVALID_PHONE);
      await expect(toasts(page).getByText('Bitte Eingaben prüfen')).toBeVisible();
      await expectNoViolations(page);
    });
  }
});

import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { deliveredMails, gotoHydrated, holdConfirmationMailStatus } from '../support/e2e-env';
import { expect, inDays, test } from '../support/e2e-fixtures';

// The admin area in a real browser against the local stack: the provider runs an event from
// creation to deletion, a visitor books it in between, and a non-admin account is refused.

// A 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

function toast(page: Page, title: string) {
  return page.getByRole('listitem').filter({ has: page.getByText(title, { exact: true }) });
}

function eventRow(page: Page, title: string) {
  return page.getByRole('row').filter({ has: page.getByRole('link', { name: title, exact: true }) });
}

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Passwort').fill(password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
}

async function deleteEvent(page: Page, title: string) {
  await eventRow(page, title)
    .getByRole('link', { name: `${title} bearbeiten` })
    .click();
  await expect(page.getByRole('heading', { name: 'Event bearbeiten' })).toBeVisible();
  await page.getByRole('button', { name: 'Event löschen' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Sind Sie sicher, dass Sie dieses Event löschen möchten?');
  await dialog.getByRole('button', { name: 'Löschen' }).click();
  await expect(toast(page, 'Event gelöscht')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/events(\?.*)?$/);
}

test('the admin creates, publishes, books, records the payment, exports, clones, deletes the copy and cancels and archives the booked event', async ({
  page,
  browser,
  request,
  admin,
  events,
  uploads,
}) => {
  // One long journey (about 40 requests through the UI): on a loaded machine it needs more than the
  // default 60 s, which it has exceeded at different steps with correct data.
  test.slow();
  const title = `Vollmond Atemabend ${Date.now()}`;
  const copy = `${title} (Kopie)`;
  // The test deletes both through the UI; if it fails before, the fixture removes them.
  events.removeAfterwards(title);
  events.removeAfterwards(copy);
  const guest = { name: 'Erika Beispiel', email: `e2e-admin-${Date.now()}@example.ch` };

  // The guard sends a visitor to the login and back to the page asked for.
  await page.goto('/admin/events/new');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin\/events\/new$/);
  await expect(page.getByText('v1.0.0')).toBeVisible();
  await expect(page.getByText(admin.email)).toBeVisible();

  // Create the event with an image (uploaded on save).
  await expect(page.getByRole('heading', { name: 'Neues Event' })).toBeVisible();
  await page.getByLabel('Titel *').fill(title);
  await page.getByLabel('Beschreibung *').fill('Ein ruhiger Abend mit Atemübungen unter dem Vollmond.');
  await page.getByLabel('Startdatum *').fill(inDays(12));
  await page.getByLabel('Startzeit').fill('19:00');
  await page.getByLabel('Endzeit').fill('21:00');
  await page.getByLabel('Ort *').fill('Suhr');
  await page.getByLabel('Preis (CHF) *').fill('40');
  await page
    .getByLabel('Bild auswählen')
    .setInputFiles({ name: 'voll mond.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: 'Vorschau des Event-Bildes' })).toBeVisible();
  await page.getByRole('button', { name: 'Event erstellen' }).click();
  await expect(toast(page, 'Event erstellt')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/events$/);
  await expect(eventRow(page, title)).toContainText('Entwurf');

  // Publish it.
  await eventRow(page, title)
    .getByRole('link', { name: `${title} bearbeiten` })
    .click();
  const preview = page.getByRole('img', { name: 'Vorschau des Event-Bildes' });
  await expect(preview).toHaveAttribute(
    'src',
    /\/storage\/v1\/object\/public\/event-images\/\d+-[0-9a-f-]{36}-voll_mond\.png$/,
  );
  const imageUrl = await preview.getAttribute('src');
  uploads.removeAfterwards(imageUrl!);
  expect((await request.get(imageUrl!)).status()).toBe(200);
  await page.getByRole('combobox', { name: 'Status *' }).click();
  await page.getByRole('option', { name: 'Veröffentlicht' }).click();
  await page.getByRole('button', { name: 'Änderungen speichern' }).click();
  await expect(toast(page, 'Event aktualisiert')).toBeVisible();
  await expect(eventRow(page, title)).toContainText('Veröffentlicht');
  await expect(eventRow(page, title)).toContainText('0/15');

  // A visitor (own browser context, no admin session) finds it on /events and registers.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  const releaseMail = await holdConfirmationMailStatus(visitor);
  await gotoHydrated(visitor, '/events');
  const card = visitor.getByRole('article', { name: title });
  await expect(card).toBeVisible();
  await card.getByRole('link', { name: 'Jetzt buchen' }).click();
  await expect(visitor.getByRole('heading', { level: 1, name: `Event-Buchung: ${title}` })).toBeVisible();
  const form = visitor.getByRole('form', { name: 'Anmeldung' });
  await form.getByLabel('Name *').fill(guest.name);
  await form.getByLabel('E-Mail *').fill(guest.email);
  await form.getByLabel('Telefon *').fill('+41 79 555 44 33');
  await form.getByLabel('Anmerkungen').fill('Ich bringe eine Freundin mit.');
  await form.getByRole('button', { name: 'Verbindlich anmelden' }).click();
  await expect(visitor.getByText('Anmeldung erfolgreich', { exact: true })).toBeVisible();
  releaseMail();
  await visitorContext.close();

  // The admin sees the booking, records the money received on site and exports the list.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Teilnehmer' }).click();
  await page.getByLabel('Suche nach Name oder E-Mail').fill(guest.email);
  const registration = page.getByRole('row').filter({ hasText: guest.email });
  await expect(registration).toContainText(title);
  await expect(registration).toContainText('Bestätigt');
  await expect(registration).toContainText('offen CHF 40.00');
  await expect(page.getByText('Anmeldungen (1)')).toBeVisible();
  await registration.getByRole('button', { name: `Zahlung erfassen für ${guest.name}` }).click();
  const payment = page.getByRole('dialog', { name: 'Zahlung erfassen' });
  await expect(payment.getByLabel('Betrag in CHF *')).toHaveValue('40.00');
  await payment.getByRole('button', { name: 'Zahlung erfassen' }).click();
  await expect(toast(page, 'Zahlung erfasst')).toBeVisible();
  await expect(registration).toContainText('bezahlt');
  await expect(registration.getByRole('button', { name: `Zahlung erfassen für ${guest.name}` })).toHaveCount(
    0,
  );

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^teilnehmer-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync(await file.path(), 'utf8');
  expect(csv.charCodeAt(0)).toBe(0xfeff);
  const lines = csv.slice(1).trimEnd().split('\r\n');
  expect(lines).toHaveLength(2);
  // The booking form stores the phone in E.164; the apostrophe keeps Excel from reading a formula.
  expect(lines[1]).toContain(`"${guest.name}";"${guest.email}";"'+41795554433";"${title}"`);
  expect(lines[1]).toContain('"Bestätigt";"bezahlt"');

  // Back on the list: one seat taken; clone, then delete the copy and the original.
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Events' }).click();
  await expect(eventRow(page, title)).toContainText('1/15');
  await page.getByRole('button', { name: `${title} kopieren` }).click();
  await expect(toast(page, 'Event kopiert')).toBeVisible();
  await expect(eventRow(page, copy)).toContainText('Entwurf');
  await expect(eventRow(page, copy)).toContainText('0/15');

  await deleteEvent(page, copy);
  await expect(eventRow(page, copy)).toHaveCount(0);

  // The original has a paid booking: deleting it is refused and offers to cancel it instead
  // (bookings cancelled and refunded, customers told); a cancelled event can then be archived.
  await eventRow(page, title)
    .getByRole('link', { name: `${title} bearbeiten` })
    .click();
  await page.getByRole('button', { name: 'Event löschen' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Löschen' }).click();
  const refusal = page.getByRole('alertdialog', { name: 'Event kann nicht gelöscht werden' });
  const cancelDialog = page.getByRole('dialog', { name: 'Event absagen' });
  // Once, on a loaded CI machine, the first click landed while the alert dialog was still opening
  // and nothing happened (not reproduced in 4 local runs): click again while it is still there.
  await expect(async () => {
    const offer = refusal.getByRole('button', { name: 'Event absagen' });
    if (await offer.isVisible()) await offer.click();
    await expect(cancelDialog).toBeVisible({ timeout: 2_000 });
  }).toPass();
  await cancelDialog.getByRole('button', { name: 'Event absagen' }).click();
  await expect(toast(page, 'Event abgesagt')).toBeVisible();
  await page.getByRole('button', { name: 'Event löschen' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Löschen' }).click();
  await refusal.getByRole('button', { name: 'Archivieren' }).click();
  await expect(page).toHaveURL(/\/admin\/events(\?.*)?$/);
  await expect(eventRow(page, title)).toContainText('Archiviert');

  // Signing out ends the admin session.
  await page.getByRole('button', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  await page.goto('/admin/dashboard');
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test('a signed-up, confirmed account without admin rights is refused', async ({
  page,
  request,
  accounts,
}) => {
  const member = { email: `e2e-member-${Date.now()}@example.ch`, password: 'mitglied-123' };
  accounts.removeAfterwards(member.email);

  await gotoHydrated(page, '/admin/signup');
  await page.getByLabel('E-Mail').fill(member.email);
  await page.getByLabel('Passwort', { exact: true }).fill(member.password);
  await page.getByLabel('Passwort bestätigen').fill(member.password);
  await page.getByRole('button', { name: 'Konto erstellen' }).click();
  await expect(toast(page, 'Konto erstellt')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/login$/);

  // Confirm through the link in the mail: the app receives the new session in the URL.
  const [mail] = await deliveredMails(request, (m) => m.to.includes(member.email));
  const link = /href="([^"]*\/auth\/v1\/verify[^"]*)"/.exec(mail!.html ?? '')?.[1]?.replace(/&amp;/g, '&');
  expect(link).toBeTruthy();
  await page.goto(link!);
  await expect(page).toHaveURL(/\/admin\/login/);

  // Signed in but not an admin: the guard refuses.
  await page.goto('/admin/dashboard');
  await expect(toast(page, 'Zugriff verweigert')).toContainText('Sie haben keine Admin-Berechtigungen');
  await expect(page).toHaveURL(/\/admin\/login$/);

  // The login refuses the account and signs it out.
  await signIn(page, member.email, member.password);
  await expect(toast(page, 'Zugriff verweigert')).toContainText('Ihr Konto hat keine Admin-Berechtigungen');
  await expect(page.getByRole('alert')).toHaveText('Sie haben keine Admin-Berechtigungen');
  await page.goto('/admin/participants');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByRole('heading', { name: 'Admin Login' })).toBeVisible();
});

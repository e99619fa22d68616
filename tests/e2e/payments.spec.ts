import { readFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import {
  API,
  deliveredMails,
  gotoHydrated,
  holdConfirmationMailStatus,
  mailTo,
  serviceHeaders,
} from '../support/e2e-env';
import { stripeRefundsOf } from '../support/stripe-refunds';
import { expect, select, test, unique, type EventRow } from '../support/e2e-fixtures';
import { readQrBill } from '../support/qr-bill';

// Payments in a real browser at phone width against the local stack and its Stripe stand-in:
// the visitor books 2 persons, is sent to the stand-in's checkout page, pays with TWINT (or lets
// the session expire) and comes back to the booking's confirmation page showing the database's
// state; the admin sees 'Bezahlt' and refunds ('Erstattet'); a visitor's own cancellation of a
// paid booking is refunded automatically. A booking by invoice gets its PDF with the QR
// bill in the confirmation mail. Each test creates its own event.

test.use({ viewport: { width: 390, height: 844 } });

const ONLINE_ONLY = { price: 45, max_participants: 6, payment_methods: ['stripe'] };

async function seatsTaken(event: Pick<EventRow, 'id'>): Promise<number> {
  const [row] = await select('events', `id=eq.${event.id}&select=*`);
  return row!.current_participants;
}

/** Fills the booking form for `persons` persons, choosing `method`, and sends it. */
async function book(page: Page, slug: string, email: string, persons: number, method: string) {
  await gotoHydrated(page, `/events/${slug}/buchen`);
  const form = page.getByRole('form', { name: 'Anmeldung' });
  await form.getByLabel('Name *').fill('Tina Twint');
  await form.getByLabel('E-Mail *').fill(email);
  await form.getByLabel('Telefon *').fill('+41 79 222 33 44');
  await form.getByLabel('Anzahl Personen *').selectOption(String(persons));
  await expect(form.getByRole('radio', { name: method })).toBeChecked();
  await form.getByRole('button', { name: 'Verbindlich anmelden' }).click();
}

/** The admin's participants list on a desktop, searched for one address. */
async function adminRowOf(browser: Browser, admin: { email: string; password: string }, email: string) {
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const adminPage = await adminContext.newPage();
  await adminPage.goto('/admin/participants');
  await adminPage.getByLabel('E-Mail').fill(admin.email);
  await adminPage.getByLabel('Passwort').fill(admin.password);
  await adminPage.getByRole('button', { name: 'Anmelden' }).click();
  await adminPage.getByLabel('Suche nach Name oder E-Mail').fill(email);
  return { adminContext, adminPage, row: adminPage.getByRole('row').filter({ hasText: email }) };
}

/** Books the event with online payment and follows the redirect to the checkout page. */
async function bookOnline(page: Page, slug: string, email: string, persons = 1) {
  await book(page, slug, email, persons, 'Online-Zahlung (Karte)');
  await expect(page).toHaveURL(/\/__stripe\/checkout\/cs_test_/);
  await expect(page.getByRole('heading', { name: 'Bezahlen' })).toBeVisible();
  await expect(page.getByText(`CHF ${45 * persons}.00`).first()).toBeVisible();
}

/** Books 2 persons online and pays with TWINT at the Stripe stand-in: the page says 'Bezahlt'. */
async function payTwoWithTwint(page: Page, slug: string, email: string) {
  await bookOnline(page, slug, email, 2);
  await page.getByRole('button', { name: 'Mit TWINT bezahlen' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Bezahlt' })).toBeVisible();
}

/**
 * The provider's creditor row (invoices, receipts) for the duration of a step, unless one is
 * there: the stack starts without one, and other tests rely on invoice not being offered.
 */
async function withCreditor(request: APIRequestContext): Promise<() => Promise<void>> {
  if ((await select('invoice_creditor', 'select=id')).length > 0) return async () => {};
  const created = await request.post(`${API}/rest/v1/invoice_creditor`, {
    headers: serviceHeaders(),
    data: {
      name: 'Sinneswerk GmbH',
      street: 'Dorfstrasse',
      building_number: '12',
      postal_code: '5034',
      city: 'Suhr',
      country: 'CH',
      iban: 'CH4431999123000889012',
    },
  });
  expect(created.ok(), await created.text()).toBe(true);
  return async () => {
    const removed = await request.delete(`${API}/rest/v1/invoice_creditor?id=eq.true`, {
      headers: serviceHeaders(),
    });
    expect(removed.ok()).toBe(true);
  };
}

test('2 persons pay with TWINT: Bezahlt, receipt mail, TWINT on the page and in the CSV, the admin cancels with a full refund', async ({
  page,
  request,
  browser,
  events,
  admin,
}) => {
  // Visitor and admin in one test: on the loaded two-core machine this takes over a minute.
  test.slow();
  const event = await events.create({ title: unique('Atemreise online'), ...ONLINE_ONLY });
  const { title } = event;
  const email = `e2e-twint-${Date.now()}@example.ch`;
  await bookOnline(page, event.slug, email, 2);
  await page.getByRole('button', { name: 'Mit TWINT bezahlen' }).click();
  await expect(page).toHaveURL(/\/buchung\/SW-[0-9A-Z]+\?zahlung=erfolgt#[0-9a-f]{64}$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Bezahlt' })).toBeVisible();
  await expect(page.getByText(/Deine Zahlung von CHF 90\.00/)).toBeVisible();
  // The method Stripe reports, not the one the form offered.
  await expect(page.getByText('Online-Zahlung (TWINT)').first()).toBeVisible();
  expect(await seatsTaken(event)).toBe(2);

  await deliveredMails(
    request,
    (mail) => mail.to.includes(email) && mail.subject === `Zahlungsbestätigung: ${title}`,
  );

  // The admin, on a desktop: confirmed and paid; the CSV names TWINT.
  const { adminPage, adminContext, row } = await adminRowOf(browser, admin, email);
  await expect(row).toContainText('Bestätigt');
  await expect(row).toContainText('bezahlt');
  const download = adminPage.waitForEvent('download');
  await adminPage.getByRole('button', { name: 'Export' }).click();
  const csv = readFileSync(await (await download).path(), 'utf8');
  const line = csv.split('\r\n').find((entry) => entry.includes(email));
  expect(line).toContain('TWINT');
  expect(line).not.toContain('Karte');

  // 'Stornieren' asks first (the whole CHF 90.00 back by default), then frees the seats.
  await row.getByRole('button', { name: 'Tina Twint stornieren' }).click();
  const dialog = adminPage.getByRole('dialog', { name: 'Buchung stornieren' });
  await expect(dialog.getByLabel('Rückerstattung in CHF')).toHaveValue('90.00');
  await dialog.getByRole('button', { name: 'Buchung stornieren' }).click();
  await expect(row).toContainText('Storniert');
  await expect(row).toContainText('zurückerstattet');
  await expect(row.getByRole('button', { name: 'Tina Twint rückerstatten' })).toHaveCount(0);
  await adminContext.close();
  expect(await seatsTaken(event)).toBe(0);
  await expect.poll(() => stripeRefundsOf(request, email)).toEqual([9000]);

  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Erstattet' })).toBeVisible();
});

test('a paid booking cancelled on the manage page is refunded automatically: mail, admin sees Erstattet', async ({
  page,
  request,
  browser,
  events,
  admin,
}) => {
  // Visitor and admin in one test: on the loaded two-core machine this takes over a minute.
  test.slow();
  const event = await events.create({ title: unique('Atemreise storniert'), ...ONLINE_ONLY });
  const email = `e2e-storno-${Date.now()}@example.ch`;
  // A receipt names the provider: with a creditor entered, the payment issues one (issue 29).
  const removeCreditor = await withCreditor(request);
  try {
    await payTwoWithTwint(page, event.slug, email);
  } finally {
    await removeCreditor();
  }

  await page.getByRole('link', { name: 'Buchung ändern oder stornieren' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Buchung verwalten' })).toBeVisible();
  // The receipt the mail carried, kept as issued: downloadable with the manage link (issue 29).
  const receipts = page.getByRole('region', { name: 'Belege' });
  await expect(receipts).toContainText('Zahlungsbestätigung · CHF 90.00');
  const [pdf] = await Promise.all([
    page.waitForEvent('download'),
    receipts
      .getByRole('button', { name: /^PDF herunterladen: Zahlungsbestätigung Nr\. [0-9A-F]{10}$/ })
      .click(),
  ]);
  expect(pdf.suggestedFilename()).toMatch(/^Zahlungsbestaetigung-SW-[A-Z0-9-]+-[0-9A-F]{10}\.pdf$/);
  expect((await readFile((await pdf.path())!)).subarray(0, 5).toString()).toBe('%PDF-');
  await page.getByRole('button', { name: 'Buchung stornieren' }).click();
  await page.getByRole('button', { name: 'Ja, stornieren' }).click();
  await expect(page.getByText('Diese Buchung ist storniert.')).toBeVisible();
  expect(await seatsTaken(event)).toBe(0);

  // The refund worker (woken by the database right away; here also run as Supabase Cron would).
  const worker = await request.post(`${API}/functions/v1/process-refunds`, {
    data: {},
    headers: serviceHeaders(),
  });
  expect(worker.ok()).toBe(true);
  await expect.poll(() => stripeRefundsOf(request, email)).toEqual([9000]);

  await deliveredMails(
    request,
    (mail) => mail.to.includes(email) && mail.subject === `Rückerstattung: ${event.title}`,
  );

  const { adminContext, row } = await adminRowOf(browser, admin, email);
  await expect(row).toContainText('Storniert');
  await expect(row).toContainText('zurückerstattet');
  await expect(row.getByRole('button', { name: 'Tina Twint rückerstatten' })).toHaveCount(0);
  await adminContext.close();
});

test('after a reduction refunded part of a payment, the admin\u2019s Rückerstatten names only the rest', async ({
  page,
  request,
  browser,
  events,
  admin,
}) => {
  test.slow();
  const event = await events.create({ title: unique('Atemreise reduziert'), ...ONLINE_ONLY });
  const email = `e2e-reduziert-${Date.now()}@example.ch`;
  await payTwoWithTwint(page, event.slug, email);

  // 2 → 1 person: CHF 45.00 of the CHF 90.00 go back automatically.
  await page.getByRole('link', { name: 'Buchung ändern oder stornieren' }).click();
  await page.getByLabel('Neue Anzahl Personen').selectOption('1');
  await page.getByRole('button', { name: 'Personen reduzieren' }).click();
  await expect.poll(() => seatsTaken(event)).toBe(1);
  await expect
    .poll(async () => {
      await request.post(`${API}/functions/v1/process-refunds`, { data: {}, headers: serviceHeaders() });
      return stripeRefundsOf(request, email);
    })
    .toEqual([4500]);

  const { adminPage, adminContext, row } = await adminRowOf(browser, admin, email);
  await expect(row).toContainText('teilweise zurückerstattet');
  await row.getByRole('button', { name: 'Tina Twint rückerstatten' }).click();
  const dialog = adminPage.getByRole('dialog', { name: 'Betrag rückerstatten' });
  await expect(dialog).toContainText('Bezahlt sind CHF 45.00');
  await expect(dialog.getByLabel('Betrag in CHF *')).toHaveValue('45.00');
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  await adminContext.close();
});

test('a session that expires gives the seat back: Reservation abgelaufen', async ({ page, events }) => {
  const event = await events.create({ title: unique('Atemreise verfällt'), ...ONLINE_ONLY });
  await bookOnline(page, event.slug, `e2e-expiry-${Date.now()}@example.ch`);
  expect(await seatsTaken(event)).toBe(1);

  // Back without paying: the payment is open and can be tried again.
  await page.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(page).toHaveURL(/\/buchung\/SW-[0-9A-Z]+#[0-9a-f]{64}$/);
  await expect(
    page.getByRole('heading', { level: 2, name: 'Zahlung offen – erneut versuchen' }),
  ).toBeVisible();
  // Not "bestätigt" above "Zahlung offen" (issue 26).
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Deine Buchung ist reserviert');
  await page.getByRole('button', { name: 'Jetzt bezahlen' }).click();
  await expect(page).toHaveURL(/\/__stripe\/checkout\/cs_test_/);

  await page.getByRole('button', { name: 'Ablaufen lassen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reservation abgelaufen' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Erneut anmelden' })).toBeVisible();
  expect(await seatsTaken(event)).toBe(0);
});

test('the admin enters the creditor; a booking by invoice gets the PDF with that IBAN in its confirmation mail', async ({
  page,
  request,
  browser,
  events,
  admin,
}) => {
  test.slow();
  // No creditor yet (the seed's row removed): invoice is not offered until the admin enters one.
  const removed = await request.delete(`${API}/rest/v1/invoice_creditor?id=eq.true`, {
    headers: serviceHeaders(),
  });
  expect(removed.ok(), await removed.text()).toBe(true);
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const adminPage = await adminContext.newPage();
  await adminPage.goto('/admin/settings');
  await adminPage.getByLabel('E-Mail').fill(admin.email);
  await adminPage.getByLabel('Passwort').fill(admin.password);
  await adminPage.getByRole('button', { name: 'Anmelden' }).click();
  const section = adminPage.getByRole('region', { name: 'Rechnungssteller' });
  await expect(section.getByRole('status')).toContainText('Noch kein Rechnungssteller erfasst');
  await section.getByLabel('Name *').fill('Sinneswerk');
  await section.getByLabel('Strasse *').fill('Dorfstrasse');
  await section.getByLabel('Hausnummer').fill('12');
  await section.getByLabel('PLZ *').fill('5034');
  await section.getByLabel('Ort *').fill('Suhr');
  // A typo in the IBAN: the database says what is wrong, at the field.
  const iban = section.getByLabel('IBAN oder QR-IBAN *');
  await iban.fill('CH93 0076 2011 6238 5295 8');
  await section.getByRole('button', { name: 'Rechnungssteller speichern' }).click();
  await expect(section.getByText(/IBAN «CH93 0076 2011 6238 5295 8» ist ungültig/)).toBeVisible();
  await expect(iban).toHaveAttribute('aria-invalid', 'true');
  await iban.fill('CH93 0076 2011 6238 5295 7');
  await section.getByRole('button', { name: 'Rechnungssteller speichern' }).click();
  await expect(adminPage.getByText('Rechnungssteller gespeichert').first()).toBeVisible();
  await expect(iban).toHaveValue('CH9300762011623852957');
  await adminContext.close();

  const event = await events.create({
    title: unique('Wildkräuter auf Rechnung'),
    price: 45,
    max_participants: 6,
    payment_methods: ['invoice'],
  });
  const email = `e2e-rechnung-${Date.now()}@example.ch`;
  const releaseMail = await holdConfirmationMailStatus(page);
  await book(page, event.slug, email, 2, 'Rechnung (QR-Rechnung)');
  await expect(page.getByText('Anmeldung erfolgreich').first()).toBeVisible();
  releaseMail();

  const [participant] = await select('participants', `email=eq.${encodeURIComponent(email)}&select=*`);
  const confirmation = await mailTo(request, email, /^Anmeldebestätigung/);
  expect(confirmation.text).toContain('Bitte bezahle CHF 90.00 bis');
  const pdf = confirmation.attachments.find((file) => file.contentType === 'application/pdf');
  expect(pdf?.filename).toBe(`Rechnung-${participant!.invoice_reference}.pdf`);

  const bill = await readQrBill(new Uint8Array(Buffer.from(pdf!.content, 'base64')));
  expect(bill.amount).toBe('90.00');
  expect(bill.currency).toBe('CHF');
  // A normal IBAN (not a QR-IBAN): the creditor reference (SCOR, RF…) of the booking.
  expect(bill.iban).toBe('CH9300762011623852957');
  expect(bill.referenceType).toBe('SCOR');
  expect(bill.reference).toBe(participant!.invoice_reference);
});

test('after the admin changes the persons, the visitor cannot pay the old Checkout session: the booking stays open for the new amount', async ({
  page,
  request,
  browser,
  events,
  admin,
}) => {
  test.slow();
  const event = await events.create({ title: unique('Atemreise geändert'), ...ONLINE_ONLY });
  const email = `e2e-veraltet-${Date.now()}@example.ch`;
  // The visitor waits on Stripe's page for CHF 45.00 (1 person) …
  await bookOnline(page, event.slug, email, 1);
  const checkoutUrl = page.url();
  const [booking] = await select('participants', `email=eq.${email}&select=id`);

  // … while the admin makes it 2 persons (CHF 90.00).
  const { adminPage, adminContext } = await adminRowOf(browser, admin, email);
  await adminPage.goto(`/admin/participants/${booking!.id}`);
  await adminPage.getByLabel('Personen', { exact: true }).fill('2');
  await adminPage.getByRole('button', { name: 'Personen ändern' }).click();
  await adminPage
    .getByRole('dialog', { name: 'Personen ändern' })
    .getByRole('button', { name: 'Personen ändern' })
    .click();
  await expect(adminPage.getByText('Personen geändert', { exact: true }).first()).toBeVisible();
  await adminContext.close();

  // The old session is expired at Stripe (the worker, woken by the database, also run as Cron
  // would): its page can no longer take the CHF 45.00.
  await expect
    .poll(async () => {
      await request.post(`${API}/functions/v1/process-refunds`, { data: {}, headers: serviceHeaders() });
      await page.goto(checkoutUrl);
      return page.getByText('Diese Zahlungsseite ist abgelaufen. Es wurde nichts belastet.').isVisible();
    })
    .toBe(true);
  await expect(page.getByRole('button', { name: 'Mit Karte bezahlen' })).toHaveCount(0);

  // Still held for 2 persons, nothing paid: the next 'Jetzt bezahlen' opens a session for CHF 90.00.
  expect(await select('participants', `id=eq.${booking!.id}&select=status,persons`)).toEqual([
    { status: 'held', persons: 2 },
  ]);
  expect(await select('payments', `participant_id=eq.${booking!.id}&select=state`)).toEqual([]);
});

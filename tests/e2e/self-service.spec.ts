import { readFileSync } from 'node:fs';
import { PHONE } from '../support/e2e-admin';
import { gotoHydrated, holdConfirmationMailStatus, mailTo } from '../support/e2e-env';
import { expect, inDays, test, unique } from '../support/e2e-fixtures';

// A booking's life at phone width (issue 14): book 2 persons -> the confirmation page with the
// reference, the calendar file and the ticket's PDF -> the manage link from the confirmation mail -> cancel -> the
// event shows the seats again.

test.use({ viewport: PHONE });

test('book 2 persons, see the confirmation, cancel through the mail’s manage link, seats return', async ({
  page,
  request,
  events,
}) => {
  test.slow();
  const { title, slug } = await events.create({
    title: unique('Fondue-Abend'),
    start_date: inDays(10),
    start_time: '18:30',
    end_time: '22:00',
    price: 45,
    max_participants: 8,
    payment_methods: ['onsite'],
  });

  await gotoHydrated(page, `/events/${slug}/buchen`);
  const email = `e2e-selbst-${Date.now()}@example.ch`;
  const form = page.getByRole('form', { name: 'Anmeldung' });
  await form.getByLabel('Name *').fill('Sina Selbst');
  await form.getByLabel('E-Mail *').fill(email);
  await form.getByLabel('Telefon *').fill('+41 79 111 22 33');
  await form.getByLabel('Anzahl Personen *').selectOption('2');
  await expect(form.getByText('2 × CHF 45.00 = CHF 90.00')).toBeVisible();
  await expect(form.getByText(/Kostenlose Stornierung bis 48 Stunden vor Beginn\./)).toBeVisible();
  const releaseMail = await holdConfirmationMailStatus(page);
  await form.getByRole('button', { name: 'Verbindlich anmelden' }).click();

  await expect(page.getByText('Anmeldung erfolgreich', { exact: true })).toBeVisible();
  releaseMail();
  await expect(page).toHaveURL(/\/buchung\/SW-[2-9A-HJKMNP-Z]{4}#[0-9a-f]{64}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Deine Buchung ist bestätigt' })).toBeVisible();
  const reference = new URL(page.url()).pathname.split('/').pop()!;
  await expect(page.getByText(reference, { exact: true })).toBeVisible();
  await expect(page.getByText('2 × CHF 45.00 = CHF 90.00')).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Zum Kalender hinzufügen' }).click();
  const ics = readFileSync(await (await download).path(), 'utf8');
  expect(ics).toContain(`SUMMARY:${title}`);
  expect(ics).toContain(`DTSTART:${inDays(10).replace(/-/g, '')}T`);

  // The printable ticket (issue 28), next to the QR code.
  const ticketDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Ticket als PDF' }).click();
  const ticket = await ticketDownload;
  expect(ticket.suggestedFilename()).toBe(`Ticket-${reference}.pdf`);
  expect(
    readFileSync(await ticket.path())
      .subarray(0, 5)
      .toString('latin1'),
  ).toBe('%PDF-');

  const confirmation = await mailTo(request, email, /^Anmeldebestätigung: /);
  expect(confirmation.text).toContain(`Buchungsnummer: ${reference}`);
  const link = /https?:\/\/\S+\/buchung\/(SW-\S+\/verwalten#[0-9a-f]{64})/.exec(confirmation.text ?? '');
  expect(link).not.toBeNull();
  await gotoHydrated(page, `/buchung/${link![1]}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Buchung verwalten' })).toBeVisible();
  await page.getByRole('button', { name: 'Buchung stornieren' }).click();
  await page.getByRole('button', { name: 'Ja, stornieren' }).click();
  await expect(page.getByText('Diese Buchung ist storniert.')).toBeVisible();
  // No seat, no ticket: the QR and its PDF are gone.
  await expect(page.getByRole('button', { name: 'Ticket als PDF' })).toHaveCount(0);

  const cancelled = await mailTo(request, email, /^Stornierung bestätigt: /);
  expect(cancelled.text).toContain(reference);
  await gotoHydrated(page, `/events/${slug}`);
  await expect(page.getByText('Noch 8 von 8 Plätzen frei')).toBeVisible();
});

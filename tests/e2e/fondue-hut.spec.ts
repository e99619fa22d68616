import type { Page } from '@playwright/test';
import { deleteRows, PHONE, signIn } from '../support/e2e-admin';
import { API, gotoHydrated, mailTo, setClock } from '../support/e2e-env';
import { expect, select, test } from '../support/e2e-fixtures';

// The fondue hut booked on the site (issue 27), at phone width: 'Jetzt reservieren' -> the month
// calendar -> an evening for 4 with TWINT on the Stripe stand-in -> the confirmation mail with its
// calendar file -> the manage link -> cancelled 30 hours before the evening (the stack's clock):
// 50 % refunded through the refund queue. Then the admin blocks another evening and the public
// calendar shows it as not available. Rules (codes, prices, deadlines) are in tests/db.

test.use({ viewport: PHONE });

const days: string[] = [];

/** Whole minutes from now until 30 hours before the evening's 18:30 (Zurich), as an interval. */
function shiftTo30HoursBefore(day: string): string {
  // 18:30 in Zurich is 17:30 UTC in winter, 16:30 UTC in summer: take the offset that reads 18:30.
  const start = ['+01:00', '+02:00']
    .map((offset) => new Date(`${day}T18:30:00${offset}`))
    .find(
      (moment) =>
        new Intl.DateTimeFormat('de-CH', {
          timeZone: 'Europe/Zurich',
          hour: '2-digit',
          minute: '2-digit',
        }).format(moment) === '18:30',
    )!;
  const minutes = Math.round((start.getTime() - 30 * 3_600_000 - Date.now()) / 60_000);
  return `${minutes} minutes`;
}

/** Two months ahead in the public calendar (no other test books there). */
async function openCalendarInTwoMonths(page: Page) {
  const next = page.getByRole('button', { name: /^Nächster Monat/ });
  for (let step = 0; step < 2; step += 1) {
    const heading = await page.locator('#kalender-monat').textContent();
    await next.click();
    await expect(page.locator('#kalender-monat')).not.toHaveText(heading ?? '');
  }
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
}

test.afterAll(async ({ request }) => {
  await setClock(request, null);
  if (days.length === 0) return;
  const list = `(${days.join(',')})`;
  const events = await select('events', `category=eq.fondue&start_date=in.${list}&select=id`);
  const ids = `(${events.map((event) => event.id).join(',')})`;
  if (events.length > 0) {
    const bookings = await select('participants', `event_id=in.${ids}&select=id`);
    const participantIds = `(${bookings.map((booking) => booking.id).join(',')})`;
    if (bookings.length > 0) {
      await deleteRows(request, 'refund_requests', `participant_id=in.${participantIds}`);
      await deleteRows(request, 'payments', `participant_id=in.${participantIds}`);
      await deleteRows(request, 'participants', `id=in.${participantIds}`);
    }
    await deleteRows(request, 'events', `id=in.${ids}`);
  }
  await deleteRows(request, 'hut_blocked_evenings', `day=in.${list}`);
});

test('a group of 4 books an evening with TWINT, cancels 30 hours before and gets half back; a blocked evening reads "nicht verfügbar"', async ({
  page,
  request,
  browser,
}) => {
  test.slow();
  await gotoHydrated(page, '/fonduehusli');
  await page.getByRole('link', { name: 'Jetzt reservieren' }).first().click();
  await expect(page).toHaveURL(/\/fonduehusli\/reservieren$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Fonduehüsli reservieren' })).toBeVisible();
  await openCalendarInTwoMonths(page);

  const free = page.getByRole('button', { name: /: frei$/ });
  const evening = free.first();
  const day = (await evening.getAttribute('data-day'))!;
  const label = (await evening.getAttribute('aria-label'))!.replace(/: frei$/, '');
  const otherDay = (await free.nth(1).getAttribute('data-day'))!;
  const otherLabel = (await free.nth(1).getAttribute('aria-label'))!.replace(/: frei$/, '');
  days.push(day, otherDay);
  await evening.click();

  const email = `e2e-huesli-${Date.now()}@example.ch`;
  const form = page.getByRole('form', { name: 'Reservation' });
  await expect(page.getByRole('heading', { name: `Reservation für ${label}` })).toBeFocused();
  await form.getByLabel('Name *').fill('Heidi Hüsli');
  await form.getByLabel('E-Mail *').fill(email);
  await form.getByLabel('Telefon *').fill('+41 79 222 33 44');
  await form.getByLabel('Anzahl Personen *').selectOption('4');
  await form.getByLabel('Unverträglichkeiten oder Ernährungswünsche').fill('Eine Person vegetarisch');
  await expect(form.getByText('CHF 340.00')).toBeVisible();
  await expect(
    form.getByText(/Kostenlose Stornierung bis 48 Stunden vor dem Abend\. Danach verrechnen wir 50 %/),
  ).toBeVisible();
  await form.getByRole('radio', { name: 'Online-Zahlung (Karte)' }).check();
  await form.getByRole('button', { name: 'Verbindlich reservieren' }).click();

  await expect(page).toHaveURL(/\/__stripe\/checkout\/cs_test_/);
  await expect(page.getByText('CHF 340.00').first()).toBeVisible();
  await page.getByRole('button', { name: 'Mit TWINT bezahlen' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Bezahlt' })).toBeVisible();

  const confirmation = await mailTo(request, email, /^Anmeldebestätigung: Fonduehüsli/);
  expect(confirmation.attachments.map((attachment) => attachment.filename)).toContain('event.ics');
  const ics = Buffer.from(
    confirmation.attachments.find((attachment) => attachment.filename === 'event.ics')!.content,
    'base64',
  ).toString('utf8');
  expect(ics).toContain(`DTSTART:${day.replace(/-/g, '')}T`);
  const link = /https?:\/\/\S+\/buchung\/(SW-\S+\/verwalten#[0-9a-f]{64})/.exec(confirmation.text ?? '');
  expect(link).not.toBeNull();

  // 30 hours before the evening: past the free period, the manage page says what applies.
  await setClock(request, shiftTo30HoursBefore(day));
  await gotoHydrated(page, `/buchung/${link![1]}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Buchung verwalten' })).toBeVisible();
  await expect(page.getByText(/Stornierst du jetzt, verrechnen wir 50 % \(CHF 170\.00\)/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Personen reduzieren' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Buchung stornieren' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Wir verrechnen 50 % (CHF 170.00)');
  await page.getByRole('button', { name: 'Ja, stornieren' }).click();
  await expect(page.getByText('Diese Buchung ist storniert.')).toBeVisible();

  // Half of the CHF 340.00 back through the refund queue at the Stripe stand-in.
  const [booking] = await select('participants', `email=eq.${encodeURIComponent(email)}&select=id`);
  const [payment] = await select('payments', `participant_id=eq.${booking!.id}&select=provider_reference`);
  await expect
    .poll(async () => {
      const refunds = (await (await request.get(`${API}/__stripe/refunds`)).json()) as Array<{
        payment_intent: string;
        amount: number;
      }>;
      return refunds
        .filter((refund) => refund.payment_intent === payment!.provider_reference)
        .map((r) => r.amount);
    })
    .toEqual([17000]);
  await page.reload();
  await expect(page.getByText('Erstattet', { exact: true })).toBeVisible();
  await expect(page.getByText('CHF 170.00').first()).toBeVisible();
  const cancelled = await mailTo(request, email, /^Stornierung bestätigt: Fonduehüsli/);
  expect(cancelled.text).toContain('verrechnen wir CHF 170.00');
  await setClock(request, null);

  // The admin, on a phone, blocks the other evening; the public sees it as not available.
  const adminContext = await browser.newContext({ viewport: PHONE });
  const adminPage = await adminContext.newPage();
  await signIn(adminPage);
  await gotoHydrated(adminPage, '/admin/fonduehusli');
  for (let step = 0; step < 2; step += 1) {
    await adminPage.getByRole('button', { name: /^Nächster Monat/ }).click();
  }
  await adminPage.getByRole('button', { name: `Sperren (${otherLabel})` }).click();
  const dialog = adminPage.getByRole('dialog', { name: 'Abend sperren' });
  await dialog.getByLabel('Grund (nur intern sichtbar)').fill('Betriebsferien');
  await dialog.getByRole('button', { name: 'Abend sperren' }).click();
  await expect(adminPage.getByText('Grund: Betriebsferien')).toBeVisible();
  await adminContext.close();

  await gotoHydrated(page, '/fonduehusli/reservieren');
  await openCalendarInTwoMonths(page);
  await expect(page.getByRole('cell', { name: `${otherLabel}: nicht verfügbar` })).toBeVisible();
  await expect(page.getByRole('button', { name: `${otherLabel}: frei` })).toHaveCount(0);
  await expect(page.getByText('Betriebsferien')).toHaveCount(0);
});

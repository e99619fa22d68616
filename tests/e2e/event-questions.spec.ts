import { readFileSync } from 'node:fs';
import { signIn } from '../support/e2e-admin';
import { gotoHydrated, holdConfirmationMailStatus, toasts } from '../support/e2e-env';
import { expect, test, unique } from '../support/e2e-fixtures';

// Questions per event (issue 14): the admin adds questions to an event, a visitor answers them
// with the booking, and the admin finds the answers in the participants list, at the check-in
// and in the CSV export.

test('an admin asks a question, a visitor answers it, the admin sees the answer in the list and the CSV', async ({
  page,
  browser,
  events,
}) => {
  const event = await events.create({
    title: unique('Kinder-Kochkurs'),
    category: 'kids',
    max_participants: 8,
  });

  await signIn(page);
  await page.goto(`/admin/events/${event.id}/edit`);
  await expect(page.getByRole('heading', { name: 'Event bearbeiten' })).toBeVisible();
  await page.getByRole('button', { name: 'Frage hinzufügen' }).click();
  await page.getByLabel('Frage 1 *').fill('Menü');
  await page.getByLabel('Art der Frage 1').selectOption('choice');
  await page.getByLabel('Antworten zu Frage 1 (eine pro Zeile) *').fill('vegetarisch\nvegan');
  await page.getByLabel('Frage 1 muss beantwortet werden').check();
  await page.getByRole('button', { name: 'Frage hinzufügen' }).click();
  await page.getByLabel('Frage 2 *').fill('Alter des Kindes');
  await page.getByRole('button', { name: 'Änderungen speichern' }).click();
  await expect(toasts(page).getByText('Event aktualisiert', { exact: true })).toBeVisible();

  // The visitor (own browser, no admin session) must answer the required question.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  const releaseMail = await holdConfirmationMailStatus(visitor);
  await gotoHydrated(visitor, `/events/${event.slug}/buchen`);
  const form = visitor.getByRole('form', { name: 'Anmeldung' });
  await form.getByLabel('Name *').fill('Nina Frage');
  await form.getByLabel('E-Mail *').fill(
    `${unique('nina')
      .toLowerCase()
      .replace(/[^a-z0-9-]/g, '')}@example.ch`,
  );
  await form.getByLabel('Telefon *').fill('+41 79 555 44 33');
  await form.getByRole('button', { name: 'Verbindlich anmelden' }).click();
  await expect(form.getByLabel('Menü *')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('Bitte beantworte diese Frage.')).toBeVisible();
  await form.getByLabel('Menü *').selectOption('vegan');
  await form.getByLabel('Alter des Kindes').fill('7');
  await form.getByRole('button', { name: 'Verbindlich anmelden' }).click();
  await expect(visitor.getByText('Anmeldung erfolgreich', { exact: true })).toBeVisible();
  releaseMail();
  // The confirmation page lists the questions with the visitor's answers.
  await expect(visitor.getByRole('heading', { name: 'Deine Buchung ist bestätigt' })).toBeVisible();
  await expect(visitor.getByRole('definition').filter({ hasText: 'vegan' })).toBeVisible();
  await expect(visitor.getByRole('term').filter({ hasText: 'Alter des Kindes' })).toBeVisible();
  await visitorContext.close();

  // The admin: in the participants list, at the door, and in the export.
  await page.goto(`/admin/participants?event=${event.id}`);
  const registration = page.getByRole('row').filter({ hasText: 'Nina Frage' });
  await expect(registration).toContainText('Menü:');
  await expect(registration).toContainText('vegan');
  await expect(registration).toContainText('Alter des Kindes:');

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const csv = readFileSync(await (await download).path(), 'utf8');
  const lines = csv.slice(1).trimEnd().split('\r\n');
  // One column per question, headed by its text.
  expect(lines[0]).toMatch(/"Kommentar";"Menü";"Alter des Kindes"$/);
  expect(lines.find((line) => line.includes('Nina Frage'))).toMatch(/;"vegan";"7"$/);

  await page.goto(`/admin/events/${event.id}/checkin`);
  const atTheDoor = page.getByRole('listitem', { name: 'Nina Frage' });
  await expect(atTheDoor).toContainText('Menü:');
  await expect(atTheDoor).toContainText('vegan');
  // The printed list too.
  await expect(page.getByLabel('Druckliste')).toContainText('Menü: vegan; Alter des Kindes: 7');
});

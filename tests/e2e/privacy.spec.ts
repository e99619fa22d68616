import { readFile } from 'node:fs/promises';
import { signIn } from '../support/e2e-admin';
import { toasts } from '../support/e2e-env';
import { expect, test, unique } from '../support/e2e-fixtures';

// Issue 30 in the browser: the admin finds a person by e-mail in 'Datenschutz', downloads the
// export, erases the person, and the participants list shows "anonymisiert". The rules (every
// table, the books, idempotency, similar addresses) are in tests/db/erase-person.test.ts.

test('the admin finds a person, downloads the export, erases them and sees "anonymisiert"', async ({
  page,
  events,
  participants,
}) => {
  const event = await events.create({ title: unique('Datenschutz Abend') });
  const email = `${unique('loeschen').replace(/\s+/g, '-')}@example.ch`;
  const booking = await participants.create(event, { name: 'Lea Löschbar', email });

  await signIn(page);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Datenschutz' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Datenschutz' })).toBeVisible();
  // Another spelling of the same address, as the booking rules treat it.
  await page.getByLabel('E-Mail-Adresse').fill(`  ${email.toUpperCase()} `);
  await page.getByRole('button', { name: 'Suchen' }).click();
  const stored = page.getByRole('list', { name: 'Gespeicherte Daten' });
  await expect(stored).toContainText(`${booking.reference}: ${event.title}`);
  await expect(stored).toContainText('Kontaktdaten und Antworten von Teilnehmenden');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export herunterladen (JSON)' }).click(),
  ]);
  const exported = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
    email: string;
    bookings: Array<{ reference: string; name: string }>;
  };
  expect(exported.email).toBe(email);
  expect(exported.bookings).toEqual([
    expect.objectContaining({ reference: booking.reference, name: 'Lea Löschbar' }),
  ]);

  await page.getByRole('button', { name: 'Person löschen' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Person löschen?' });
  await expect(dialog).toContainText('1 zukünftige Buchung wird storniert');
  await expect(dialog).toContainText('Buchhaltungsdaten');
  await dialog.getByRole('button', { name: 'Person löschen' }).click();
  await expect(toasts(page).getByText('Person gelöscht', { exact: true })).toBeVisible();
  // Only the cancellation mail is left, until it is delivered (then it is emptied too).
  await expect(stored.getByRole('listitem')).toHaveCount(1);
  await expect(stored).toContainText('Stornierung durch uns');
  await expect(stored).not.toContainText(booking.reference);

  await page.goto(`/admin/participants?event=${event.id}`);
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: 'anonymisiert', exact: true }) });
  await expect(row).toContainText('Storniert');
  await expect(page.getByText('Lea Löschbar')).toHaveCount(0);
});

import type { Page } from '@playwright/test';
import { signIn } from '../support/e2e-admin';
import { API, gotoHydrated, serviceHeaders, toasts } from '../support/e2e-env';
import { expect, inDays, test, unique } from '../support/e2e-fixtures';

// A series of events through the admin (issue 27): twelve Stammtisch evenings from one form, then
// a new place and time from the 6th on with "dieses und alle folgenden". The rules (which events
// change, who is told) are in tests/db/event-series.test.ts; this is the one journey.

/** The visible toast with this title (Radix repeats each toast in a live region too). */
function toast(page: Page, title: string) {
  return toasts(page)
    .getByRole('listitem')
    .filter({ has: page.getByText(title, { exact: true }) });
}

async function rest<T>(path: string): Promise<T> {
  const response = await fetch(`${API}/rest/v1/${path}`, { headers: serviceHeaders() });
  expect(response.ok, `GET ${path}: ${response.status}`).toBe(true);
  return (await response.json()) as T;
}

interface Occurrence {
  id: string;
  start_date: string;
  start_time: string;
  location: string;
}

test('12 Stammtisch evenings in one form; "dieses und alle folgenden" from the 6th changes 7 and tells their guests', async ({
  page,
  events,
  participants,
}) => {
  test.slow();
  const title = unique('Atem-Stammtisch');
  events.removeAfterwards(title);

  await signIn(page);
  await gotoHydrated(page, '/admin/events/new');
  await page.getByLabel('Titel *').fill(title);
  await page.getByLabel('Beschreibung *').fill('Austausch über das Atmen, bei einem Getränk.');
  await page.getByRole('combobox', { name: 'Kategorie *' }).click();
  await page.getByRole('option', { name: 'Stammtisch' }).click();
  await page.getByRole('combobox', { name: 'Status *' }).click();
  await page.getByRole('option', { name: 'Veröffentlicht' }).click();
  await page.getByLabel('Startdatum *').fill(inDays(7));
  await page.getByLabel('Startzeit').fill('19:00');
  await page.getByLabel('Ort *').fill('Restaurant Bären, Suhr');

  await page.getByLabel('Als Serie wiederholen').check();
  await page.getByLabel('Rhythmus').selectOption({ label: 'Monatlich (an einem Wochentag)' });
  await page.getByLabel('Woche im Monat').selectOption({ label: '2.' });
  await page.getByLabel('Wochentag', { exact: true }).selectOption({ label: 'Donnerstag' });
  await expect(page.getByLabel('Anzahl Termine')).toHaveValue('12');
  await expect(page.getByRole('status').filter({ hasText: '12 Termine:' })).toBeVisible();
  await page.getByRole('button', { name: 'Serie erstellen' }).click();
  await expect(toast(page, 'Serie erstellt')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/events$/);
  // The list marks an occurrence as one of a series (its edits may apply to the others).
  await expect(page.locator('tr, li').filter({ hasText: title }).first()).toContainText('Serie');

  const created = await rest<Occurrence[]>(
    `events?title=eq.${encodeURIComponent(title)}&select=id,start_date,start_time,location&order=start_date`,
  );
  expect(created).toHaveLength(12);
  // Every one a 2nd Thursday (ISO weekday 4, day 8 to 14).
  for (const { start_date } of created) {
    const day = new Date(`${start_date}T12:00:00Z`);
    expect([day.getUTCDay(), Math.ceil(day.getUTCDate() / 7)], start_date).toEqual([4, 2]);
  }
  const sixth = created[5]!;
  const before = await participants.create(created[2]!);
  const booked = await participants.create(sixth);

  await gotoHydrated(page, `/admin/events/${sixth.id}/edit`);
  await expect(page.getByRole('heading', { name: 'Event bearbeiten' })).toBeVisible();
  await page.getByLabel('Ort *').fill('Café Sonne, Aarau');
  await page.getByLabel('Startzeit').fill('19:30');
  await page.getByRole('button', { name: 'Änderungen speichern' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Termin einer Serie ändern' });
  await expect(dialog.getByLabel('Nur dieses')).toBeChecked();
  await dialog.getByLabel('Dieses und alle folgenden').check();
  await dialog.getByLabel('Persönliche Nachricht (optional)').fill('Wir ziehen ins Café Sonne um.');
  await dialog.getByRole('button', { name: 'Speichern' }).click();
  await expect(toast(page, '7 Events aktualisiert')).toBeVisible();
  await expect(
    toast(page, '7 Events aktualisiert').getByText('1 E-Mail wird versendet.', { exact: true }),
  ).toBeVisible();

  const after = await rest<Occurrence[]>(
    `events?title=eq.${encodeURIComponent(title)}&select=id,start_date,start_time,location&order=start_date`,
  );
  expect(after.map((event) => [event.start_date, event.start_time, event.location])).toEqual(
    created.map((event, index) =>
      index < 5
        ? [event.start_date, '19:00:00', 'Restaurant Bären, Suhr']
        : [event.start_date, '19:30:00', 'Café Sonne, Aarau'],
    ),
  );
  const notices = await rest<{ recipient: string }[]>(
    `mail_outbox?kind=eq.event_changed&recipient=in.(${before.email},${booked.email})&select=recipient`,
  );
  expect(notices).toEqual([{ recipient: booked.email }]);
});

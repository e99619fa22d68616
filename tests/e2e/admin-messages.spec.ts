import { createHash, randomUUID } from 'node:crypto';
import { insertRows, signIn } from '../support/e2e-admin';
import { deliveredMails, toasts } from '../support/e2e-env';
import { expect, test, unique } from '../support/e2e-fixtures';

// The admin writes to everybody of one event (issue 16): one mail per person in /__mail, the
// same address twice gets one, the waiting list only when asked. And a save that moves a booked
// event offers the change notice (issue 14).

const address = (name: string) => `${unique(name).replace(/\s+/g, '-').toLowerCase()}@example.ch`;

test('a message to an event’s participants and its waiting list lands once per person in /__mail', async ({
  page,
  request,
  events,
  participants,
}) => {
  const event = await events.create({ title: unique('Pasta-Abend'), max_participants: 10, location: 'Suhr' });
  const mia = address('mia');
  const ben = address('ben');
  const wanda = address('wanda');
  await participants.create(event, { name: 'Mia Muster', email: mia });
  // The same person booked again under her address in capitals: still one mail.
  await participants.create(event, { name: 'Mia Muster', email: mia.toUpperCase() });
  await participants.create(event, { name: 'Ben Beispiel', email: ben });
  await insertRows(request, 'waitlist_entries', [
    {
      event_id: event.id,
      name: 'Wanda Warte',
      email: wanda,
      phone: '+41 79 000 00 00',
      persons: 1,
      leave_token_hash: createHash('sha256').update(randomUUID()).digest('hex'),
    },
  ]);

  await signIn(page);
  await page.goto(`/admin/participants?event=${event.id}`);
  await page.getByRole('button', { name: 'E-Mail', exact: true }).click();
  const composer = page.getByRole('heading', { name: 'Nachricht an Teilnehmende' }).locator('xpath=../..');
  await expect(composer.getByText(/An 2 Personen aus der gefilterten Liste,/)).toBeVisible();
  await composer.getByLabel('Auch an die Warteliste (1 Person)').check();
  const subject = unique('Infos zu {event}');
  await composer.getByLabel('Betreff *').fill(subject);
  await composer.getByLabel('Nachricht *').fill('Hallo {name}, wir sehen uns in {ort}.');
  await composer.getByRole('button', { name: 'Senden' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('geht an 3 Personen');
  await confirm.getByRole('button', { name: 'Senden' }).click();
  await expect(toasts(page).getByText('3 E-Mails sind im Postausgang.')).toBeVisible();

  const mails = await deliveredMails(
    request,
    (mail) => mail.subject === subject.replace('{event}', event.title),
    3,
  );
  // One mail per person: Mia once, at one of her two spellings.
  expect(mails.map((mail) => mail.to.join().toLowerCase()).sort()).toEqual([ben, mia, wanda].sort());
  const text = (to: string) => mails.find((mail) => mail.to.join().toLowerCase() === to)?.text ?? '';
  expect(text(ben)).toContain('Hallo Ben Beispiel, wir sehen uns in Suhr.');
  expect(text(wanda)).toContain('Hallo Wanda Warte, wir sehen uns in Suhr.');
  // The log under the composer says what went out to this event.
  await page.getByRole('button', { name: 'E-Mail', exact: true }).click();
  await expect(page.getByRole('region', { name: 'Bisher gesendet' })).toContainText('an 3 Personen');
});

test('moving a booked event to another place offers the change notice, one mail per person', async ({
  page,
  request,
  events,
  participants,
}) => {
  const event = await events.create({
    title: unique('Fondue-Plausch'),
    max_participants: 10,
    location: 'Suhr',
  });
  const anna = address('anna');
  await participants.create(event, { name: 'Anna Anders', email: anna });

  await signIn(page);
  await page.goto(`/admin/events/${event.id}/edit`);
  await page.getByLabel('Ort *').fill('Hirschthal');
  await page.getByRole('button', { name: 'Änderungen speichern' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Teilnehmende über die Änderung informieren?' });
  await ask.getByLabel('Persönliche Nachricht (optional)').fill('Die Hütte ist umgezogen.');
  await ask.getByRole('button', { name: 'E-Mails senden' }).click();
  await expect(toasts(page).getByText('1 E-Mail wird versendet', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/events$/);

  const [notice] = await deliveredMails(request, (mail) => mail.subject === `Geändert: ${event.title}`);
  expect(notice!.to).toEqual([anna]);
  expect(notice!.text).toContain('Suhr');
  expect(notice!.text).toContain('Hirschthal');
  expect(notice!.text).toContain('Die Hütte ist umgezogen.');
});

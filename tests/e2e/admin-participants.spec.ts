import type { Page } from '@playwright/test';
import { expectNoHorizontalScroll, PHONE, signIn } from '../support/e2e-admin';
import { toasts } from '../support/e2e-env';
import { expect, select, test, unique } from '../support/e2e-fixtures';

// Participants on a phone: each registration is a card with its name, state, notes and labelled
// actions in the same places; a registration is moved to another event and both counts follow;
// its persons grow only while seats are free, or with the explicit overbooking override.

test.use({ viewport: PHONE });

function eventCard(page: Page, title: string) {
  return page.getByRole('listitem').filter({ has: page.getByRole('link', { name: title, exact: true }) });
}

test('a participant is moved to another event, both counts are right, and persons are edited', async ({
  page,
  events,
  participants,
}) => {
  const from = await events.create({ title: unique('Von Abend'), max_participants: 10 });
  const to = await events.create({ title: unique('Nach Abend'), max_participants: 4 });
  const moving = await participants.create(from, {
    name: 'Mara Wechsel',
    persons: 2,
    notes: 'Bringt einen Hund mit.',
  });
  await participants.create(from, { name: 'Bleibt Hier', paid: true });
  await participants.create(to, { name: 'Schon Dort' });

  await signIn(page);
  await page.goto(`/admin/participants?event=${from.id}`);
  const list = page.getByRole('list', { name: 'Anmeldungen' });
  const card = list.getByRole('listitem', { name: 'Mara Wechsel' });
  await expect(card).toContainText('Bringt einen Hund mit.');
  await expect(card).toContainText('2 Personen');
  // Labelled actions, in the same place on every card (an empty place where one does not apply).
  await expect(card.getByRole('button', { name: 'Zahlung erfassen für Mara Wechsel' })).toBeVisible();
  await expect(card).toContainText('offen CHF 100.00');
  const paid = list.getByRole('listitem', { name: 'Bleibt Hier' });
  await expect(paid).toContainText('bezahlt');
  await expect(paid.getByRole('button', { name: 'Bleibt Hier rückerstatten' })).toBeVisible();
  const boxes = await Promise.all([
    card.getByRole('button', { name: 'Mara Wechsel stornieren' }).boundingBox(),
    paid.getByRole('button', { name: 'Bleibt Hier stornieren' }).boundingBox(),
  ]);
  expect(boxes[0]!.x).toBe(boxes[1]!.x);
  await expectNoHorizontalScroll(page);

  await card.getByRole('link', { name: 'Mara Wechsel' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mara Wechsel' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await page.getByRole('combobox', { name: 'Neues Event' }).click();
  await page.getByRole('option', { name: new RegExp(to.title) }).click();
  await page.getByRole('button', { name: 'Verschieben' }).click();
  await page
    .getByRole('dialog', { name: 'Buchung verschieben' })
    .getByRole('button', { name: 'Verschieben' })
    .click();
  await expect(toasts(page).getByText('Buchung verschoben', { exact: true })).toBeVisible();

  const counts = async () =>
    Object.fromEntries(
      (await select('events', `id=in.(${from.id},${to.id})`)).map((row) => [
        row.id,
        row.current_participants,
      ]),
    );
  expect(await counts()).toEqual({ [from.id]: 1, [to.id]: 3 });
  await page.goto('/admin/events');
  await expect(eventCard(page, from.title)).toContainText('1/10 Teilnehmer');
  await expect(eventCard(page, to.title)).toContainText('3/4 Teilnehmer');

  // One more person fits (4 of 4), two more do not, unless the admin overbooks on purpose.
  await page.goto(`/admin/participants/${moving.id}`);
  await page.getByLabel('Personen', { exact: true }).fill('4');
  await page.getByRole('button', { name: 'Personen ändern' }).click();
  const dialog = page.getByRole('dialog', { name: 'Personen ändern' });
  await expect(dialog).toContainText('2 Personen → 4 Personen');
  await dialog.getByRole('button', { name: 'Personen ändern' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Es ist nur noch 1 Platz frei.');
  await dialog.getByRole('button', { name: 'Abbrechen' }).click();
  expect(await counts()).toEqual({ [from.id]: 1, [to.id]: 3 });
  await page.getByLabel('Personen', { exact: true }).fill('3');
  await page.getByRole('button', { name: 'Personen ändern' }).click();
  await page
    .getByRole('dialog', { name: 'Personen ändern' })
    .getByRole('button', { name: 'Personen ändern' })
    .click();
  await expect(toasts(page).getByText('Personen geändert', { exact: true })).toBeVisible();
  expect(await counts()).toEqual({ [from.id]: 1, [to.id]: 4 });
});

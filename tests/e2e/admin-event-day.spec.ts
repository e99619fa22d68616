import type { Page } from '@playwright/test';
import { expectNoHorizontalScroll, PHONE, signIn } from '../support/e2e-admin';
import { toasts } from '../support/e2e-env';
import { expect, select, test, unique } from '../support/e2e-fixtures';

// The event's day on a phone: the events list shows each event as a card with its state and
// labelled actions; at the door the check-in list marks people present (counting persons), an
// open amount is recorded as received (a payment row), and a mark is undone. The event's state card closes bookings
// and cancels the event, and the list shows both.

test.use({ viewport: PHONE });

function eventCard(page: Page, title: string) {
  return page.getByRole('listitem').filter({ has: page.getByRole('link', { name: title, exact: true }) });
}

test('check-in at phone width marks two people present, one paid, and undoes a mark', async ({
  page,
  events,
  participants,
}) => {
  const event = await events.create({ title: unique('Check-in Abend'), max_participants: 12 });
  // The event costs CHF 50 per person.
  const petra = await participants.create(event, { name: 'Petra Müller', persons: 2, paid: true });
  const jonas = await participants.create(event, {
    name: 'Jonas Keller',
    notes: 'Kommt etwas später, bitte Platz freihalten.',
  });
  await participants.create(event, { name: 'Anna Frei', persons: 3 });
  await participants.create(event, { name: 'Storniert Niemand', status: 'cancelled' });

  await signIn(page);
  await page.goto('/admin/events');
  const card = eventCard(page, event.title);
  await expect(card).toContainText('6/12 Teilnehmer');
  await expectNoHorizontalScroll(page);
  await card.getByRole('link', { name: `Check-in für ${event.title}` }).click();

  await expect(page.getByRole('heading', { level: 1, name: `Check-in: ${event.title}` })).toBeVisible();
  const status = page.getByRole('status').filter({ hasText: 'Personen anwesend' });
  await expect(status).toHaveText('0 von 6 Personen anwesend');
  const list = page.getByRole('list', { name: 'Anmeldungen' });
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await expect(list).not.toContainText('Storniert Niemand');
  // Notes are readable without hovering.
  await expect(list.getByRole('listitem', { name: 'Jonas Keller' })).toContainText(
    'Kommt etwas später, bitte Platz freihalten.',
  );
  await expectNoHorizontalScroll(page);

  // Search by name (without the umlaut), then check in: a booking for two counts two.
  await page.getByLabel('Name suchen').fill('muller');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await list.getByRole('button', { name: 'Petra Müller einchecken' }).click();
  await expect(status).toHaveText('2 von 6 Personen anwesend');
  await page.getByLabel('Name suchen').fill('');

  const jonasRow = list.getByRole('listitem', { name: 'Jonas Keller' });
  await expect(jonasRow).toContainText('Offen CHF 50.00');
  await jonasRow.getByRole('button', { name: 'CHF 50.00 erhalten von Jonas Keller' }).click();
  await expect(toasts(page).getByText('Zahlung erfasst', { exact: true })).toBeVisible();
  await expect(jonasRow).toContainText('Bestätigt');
  await expect(jonasRow).not.toContainText('Offen');
  await jonasRow.getByRole('button', { name: 'Jonas Keller einchecken' }).click();
  await expect(status).toHaveText('3 von 6 Personen anwesend');
  await expect(jonasRow).toContainText('Anwesend seit');

  // Undo a mistaken tap on the third booking.
  const annaRow = list.getByRole('listitem', { name: 'Anna Frei' });
  await annaRow.getByRole('button', { name: 'Anna Frei einchecken' }).click();
  await expect(status).toHaveText('6 von 6 Personen anwesend');
  await annaRow.getByRole('button', { name: 'Check-in von Anna Frei rückgängig machen' }).click();
  await expect(status).toHaveText('3 von 6 Personen anwesend');

  // Stored in the database, and still there after a reload.
  const rows = await select('participants', `event_id=eq.${event.id}`);
  const present = rows.filter((row) => row.checked_in_at !== null).map((row) => row.id);
  expect(present.sort()).toEqual([petra.id, jonas.id].sort());
  const paid = await select('payments', `participant_id=eq.${jonas.id}&select=*`);
  expect(paid.map((payment) => [payment.method, payment.amount_cents, payment.state])).toEqual([
    ['onsite', 5000, 'succeeded'],
  ]);
  await page.reload();
  await expect(status).toHaveText('3 von 6 Personen anwesend');
});

test('the status card closes bookings and cancels the event; the list shows both', async ({
  page,
  events,
  participants,
}) => {
  const event = await events.create({ title: unique('Status Abend') });
  const guest = await participants.create(event, { name: 'Gast Absage' });
  await signIn(page);
  await page.goto(`/admin/events/${event.id}/edit`);
  await expect(page.getByRole('heading', { name: 'Event bearbeiten' })).toBeVisible();
  await expectNoHorizontalScroll(page);

  await page.getByRole('checkbox', { name: 'Buchungen schliessen' }).click();
  await page.getByRole('button', { name: 'Änderungen speichern' }).click();
  await expect(toasts(page).getByText('Event aktualisiert', { exact: true })).toBeVisible();
  await page.goto('/admin/events');
  const card = eventCard(page, event.title);
  await expect(card).toContainText('Veröffentlicht');
  await expect(card).toContainText('Geschlossen');
  await expect(card).not.toContainText('Abgesagt');

  await card.getByRole('link', { name: `${event.title} bearbeiten` }).click();
  await page.getByRole('button', { name: 'Event absagen' }).click();
  const dialog = page.getByRole('dialog', { name: 'Event absagen' });
  await expect(dialog).toContainText(`«${event.title}» wird abgesagt`);
  await expect(dialog).toContainText('Alle Buchungen werden storniert.');
  // Cancelled without the notice first: the status card offers to send it later.
  await dialog.getByRole('checkbox', { name: /Kunden benachrichtigen/ }).click();
  await dialog.getByRole('button', { name: 'Event absagen' }).click();
  await expect(toasts(page).getByText('Event abgesagt', { exact: true })).toBeVisible();
  const [cancelled] = await select('participants', `id=eq.${guest.id}&select=*`);
  expect(cancelled!.status).toBe('cancelled');
  expect(await select('mail_outbox', `kind=eq.event_cancelled&recipient=eq.${guest.email}`)).toHaveLength(0);
  await page.getByRole('button', { name: 'Absage jetzt senden' }).click();
  const ask = page.getByRole('alertdialog', { name: 'Teilnehmende informieren?' });
  await ask.getByRole('button', { name: 'E-Mails senden' }).click();
  await expect(toasts(page).getByText('1 E-Mail wird versendet', { exact: true })).toBeVisible();
  const mails = await select('mail_outbox', `kind=eq.event_cancelled&recipient=eq.${guest.email}`);
  expect(mails).toHaveLength(1);
  await expect(page.getByRole('button', { name: 'Absage jetzt senden' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Absage aufheben' })).toBeVisible();

  await page.goto('/admin/events');
  await expect(card).toContainText('Abgesagt');
  await expect(card).toContainText('Veröffentlicht');
  await expectNoHorizontalScroll(page);
});

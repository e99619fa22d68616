import type { APIRequestContext, Page } from '@playwright/test';
import { deleteRows, expectNoHorizontalScroll, insertRows, PHONE, signIn } from '../support/e2e-admin';
import { mailboxMessages, runOutbox, toasts, type StoredMail } from '../support/e2e-env';
import { expect, select, test, unique } from '../support/e2e-fixtures';

// Issue 24, the staff's side of a booking in a real browser: every action goes through the
// database's transitions, which keep capacity, money and the customer informed, and write the
// booking's history.

const address = (name: string) => `${unique(name).replace(/\s+/g, '-').toLowerCase()}@example.ch`;

async function seats(eventId: string): Promise<number> {
  const [event] = await select('events', `id=eq.${eventId}&select=*`);
  return event!.current_participants;
}

async function statusOf(participantId: string): Promise<string> {
  const [row] = await select('participants', `id=eq.${participantId}&select=*`);
  return row!.status;
}

/**
 * The mails delivered to `to`, after running the outbox until one arrived and once more (a
 * second mail for the same action would show then).
 */
async function mailsTo(request: APIRequestContext, to: string): Promise<StoredMail[]> {
  const matches = (mail: StoredMail) => mail.to.join().toLowerCase() === to;
  await expect
    .poll(async () => {
      await runOutbox(request);
      return (await mailboxMessages(request)).filter(matches).length;
    })
    .toBeGreaterThanOrEqual(1);
  await runOutbox(request);
  return (await mailboxMessages(request)).filter(matches);
}

async function openBooking(page: Page, participantId: string, name: string) {
  await page.goto(`/admin/participants/${participantId}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
}

test('a cancelled booking on a full event is reactivated only with the explicit override, which the history shows', async ({
  page,
  events,
  participants,
}) => {
  const event = await events.create({ title: unique('Voller Abend'), max_participants: 2 });
  const carla = await participants.create(event, { name: 'Carla Storno', status: 'cancelled' });
  await participants.fill(event);
  expect(await seats(event.id)).toBe(2);

  await signIn(page);
  await openBooking(page, carla.id, 'Carla Storno');
  // Nothing to record on a cancelled booking: money comes in only for one that holds seats.
  await expect(page.getByRole('button', { name: /Zahlung erfassen für Carla Storno/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Carla Storno reaktivieren' }).click();
  const dialog = page.getByRole('dialog', { name: 'Buchung reaktivieren' });
  await dialog.getByRole('button', { name: 'Reaktivieren' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Es sind keine Plätze mehr frei.');
  // Refused: capacity and status as they were.
  expect(await seats(event.id)).toBe(2);
  expect(await statusOf(carla.id)).toBe('cancelled');

  await dialog.getByRole('button', { name: 'Trotzdem reaktivieren (Überbuchung)' }).click();
  await expect(toasts(page).getByText('Buchung reaktiviert', { exact: true })).toBeVisible();
  expect(await statusOf(carla.id)).toBe('confirmed');
  expect(await seats(event.id)).toBe(3);

  const history = page.getByRole('list', { name: 'Einträge im Verlauf' });
  const reactivated = history.getByRole('listitem').filter({ hasText: 'Reaktiviert' });
  await expect(reactivated).toContainText('Storniert → Bestätigt');
  await expect(reactivated).toContainText('Überbuchung bewusst zugelassen');
  await expect(page.getByText('Bestätigt', { exact: true })).toBeVisible();
});

test('an event with a paid booking cannot be deleted; the refusal offers to cancel it instead', async ({
  page,
  events,
  participants,
}) => {
  const event = await events.create({ title: unique('Bezahlter Abend') });
  const paid = await participants.create(event, { name: 'Paula Bezahlt', paid: true });

  await signIn(page);
  await page.goto(`/admin/events/${event.id}/edit`);
  await page.getByRole('button', { name: 'Event löschen' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Löschen' }).click();
  const refusal = page.getByRole('alertdialog', { name: 'Event kann nicht gelöscht werden' });
  await expect(refusal).toContainText('Sagen Sie das Event ab');
  expect(await select('events', `id=eq.${event.id}&select=id`)).toHaveLength(1);
  expect(await select('participants', `id=eq.${paid.id}&select=id`)).toHaveLength(1);
  expect(await select('payments', `participant_id=eq.${paid.id}&select=id`)).toHaveLength(1);

  await refusal.getByRole('button', { name: 'Event absagen' }).click();
  await expect(page.getByRole('dialog', { name: 'Event absagen' })).toContainText(
    'Alle Buchungen werden storniert.',
  );
});

test('staff cancel, refund and move each put one mail in /__mail', async ({
  page,
  request,
  events,
  participants,
}) => {
  const event = await events.create({ title: unique('Brunch'), price: 50 });
  const later = await events.create({
    title: unique('Brunch später'),
    price: 50,
    start_date: event.start_date,
  });
  const cancelTo = address('storno');
  const refundTo = address('rueckerstattung');
  const moveTo = address('verschoben');
  const cancel = await participants.create(event, { name: 'Sina Storno', email: cancelTo, paid: true });
  const refund = await participants.create(event, { name: 'Rolf Retour', email: refundTo, paid: true });
  const move = await participants.create(event, { name: 'Vera Verschoben', email: moveTo });

  await signIn(page);

  // Cancel: seats freed, the paid CHF 50 to give back by transfer, one mail.
  await openBooking(page, cancel.id, 'Sina Storno');
  await page.getByRole('button', { name: 'Sina Storno stornieren' }).click();
  const cancelDialog = page.getByRole('dialog', { name: 'Buchung stornieren' });
  await expect(cancelDialog).toContainText('die Plätze werden freigegeben');
  await expect(cancelDialog.getByLabel('Rückerstattung in CHF')).toHaveValue('50.00');
  await cancelDialog.getByRole('button', { name: 'Buchung stornieren' }).click();
  await expect(toasts(page).getByText('Buchung storniert', { exact: true })).toBeVisible();
  expect(await statusOf(cancel.id)).toBe('cancelled');
  expect(await mailsTo(request, cancelTo)).toHaveLength(1);

  // Refund CHF 20 by transfer: recorded as paid back, the customer is told once.
  await openBooking(page, refund.id, 'Rolf Retour');
  await page.getByRole('button', { name: 'Rolf Retour rückerstatten' }).click();
  const refundDialog = page.getByRole('dialog', { name: 'Betrag rückerstatten' });
  await refundDialog.getByLabel('Betrag in CHF *').fill('20');
  await refundDialog.getByLabel('Grund *').fill('Dessert ausgelassen');
  await refundDialog.getByRole('button', { name: 'Rückerstatten' }).click();
  await expect(toasts(page).getByText('Rückerstattung erfasst', { exact: true })).toBeVisible();
  await expect(page.getByText('teilweise zurückerstattet')).toBeVisible();
  expect(await statusOf(refund.id)).toBe('confirmed');
  expect(await mailsTo(request, refundTo)).toHaveLength(1);

  // Move: only upcoming, open events offered; the customer gets the new date.
  await openBooking(page, move.id, 'Vera Verschoben');
  await page.getByRole('combobox', { name: 'Neues Event' }).click();
  await page.getByRole('option', { name: new RegExp(later.title) }).click();
  await page.getByRole('button', { name: 'Verschieben' }).click();
  const moveDialog = page.getByRole('dialog', { name: 'Buchung verschieben' });
  await expect(moveDialog).toContainText('E-Mail mit dem neuen Datum');
  await moveDialog.getByRole('button', { name: 'Verschieben' }).click();
  await expect(toasts(page).getByText('Buchung verschoben', { exact: true })).toBeVisible();
  const [moved] = await select('participants', `id=eq.${move.id}&select=*`);
  expect(moved!.event_id).toBe(later.id);
  expect(await mailsTo(request, moveTo)).toHaveLength(1);

  // The history tells it in German.
  const history = page.getByRole('list', { name: 'Einträge im Verlauf' });
  await expect(history.getByRole('listitem').filter({ hasText: 'Verschoben' })).toContainText(later.title);
});

test.describe('at 390 px', () => {
  test.use({ viewport: PHONE });

  test('a 200-character unbroken name wraps in the list, the detail and the check-in; the nav badge stays on its line', async ({
    page,
    request,
    events,
    participants,
  }) => {
    const event = await events.create({ title: unique('Langer Name') });
    const name = `Z${'x'.repeat(199)}`;
    const long = await participants.create(event, { name });
    const [failed] = await insertRows(request, 'mail_outbox', [
      {
        kind: 'admin_invitation',
        recipient: address('badge'),
        payload: { email: 'badge@example.ch', invitedBy: 'admin@example.ch' },
        state: 'failed',
        attempts: 10,
        max_attempts: 10,
        last_error: 'Resend 500',
      },
    ]);
    try {
      await signIn(page);
      await page.goto(`/admin/participants?event=${event.id}`);
      await expect(page.getByRole('link', { name })).toBeVisible();
      await expectNoHorizontalScroll(page);

      // The failed mail's badge sits beside 'Posteingang', on the label's line.
      const inbox = page
        .getByRole('navigation', { name: 'Admin' })
        .getByRole('link', { name: /Posteingang/ });
      const badge = inbox.locator('span.rounded-full');
      await expect(badge).toBeVisible();
      const [link, dot] = await Promise.all([inbox.boundingBox(), badge.boundingBox()]);
      const label = await inbox.evaluate((element) => {
        const range = document.createRange();
        range.selectNodeContents(element.firstChild!);
        const box = range.getBoundingClientRect();
        return { top: box.top, bottom: box.bottom, lines: range.getClientRects().length };
      });
      expect(label.lines).toBe(1);
      expect(dot!.y + dot!.height / 2).toBeGreaterThan(label.top);
      expect(dot!.y + dot!.height / 2).toBeLessThan(label.bottom);
      expect(dot!.x + dot!.width).toBeLessThanOrEqual(link!.x + link!.width + 0.5);

      await openBooking(page, long.id, name);
      await expectNoHorizontalScroll(page);

      await page.goto(`/admin/events/${event.id}/checkin`);
      await expect(page.getByRole('listitem', { name })).toBeVisible();
      await expectNoHorizontalScroll(page);
    } finally {
      await deleteRows(request, 'mail_outbox', `id=eq.${failed!.id}`);
    }
  });
});

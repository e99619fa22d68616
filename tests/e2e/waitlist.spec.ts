import { gotoHydrated, mailTo } from '../support/e2e-env';
import { expect, test, unique } from '../support/e2e-fixtures';

// The waiting list end to end at phone width: a full event offers 'Auf die Warteliste'; a
// cancellation sends the offer mail (through the outbox, into the local mailbox); its link books
// the seat.

const PHONE = { width: 390, height: 844 };
test.use({ viewport: PHONE });

test('fill an event, join the waiting list, a cancellation sends the offer, claim it: booked', async ({
  page,
  request,
  events,
  participants,
}) => {
  test.slow();
  const event = await events.create({ title: unique('Pasta Abend'), max_participants: 1, price: 40 });
  const booked = await participants.create(event);
  const email = `${unique('warte').replace(/\s+/g, '-')}@example.ch`;

  await gotoHydrated(page, `/events/${event.slug}/buchen`);
  await expect(page.getByText('Event ausgebucht')).toBeVisible();
  const form = page.getByRole('form', { name: 'Warteliste' });
  await form.getByLabel('Name *').fill('Wanda Warte');
  await form.getByLabel('E-Mail *').fill(email);
  await form.getByLabel('Telefon *').fill('+41 79 123 45 67');
  await form.getByRole('button', { name: 'Auf die Warteliste' }).click();
  await expect(page.getByText('Du stehst auf Platz 1 der Warteliste.')).toBeVisible();
  await mailTo(request, email, /^Warteliste: /);

  await participants.cancel(booked);
  const offer = await mailTo(request, email, /^Platz frei: /);
  const link = /https?:\/\/\S+\/warteliste\/angebot#[0-9a-f]{64}/.exec(offer.text ?? '')?.[0];
  expect(link, offer.text ?? '').toBeTruthy();

  await gotoHydrated(page, new URL(link!).pathname + new URL(link!).hash);
  await expect(page.getByRole('heading', { name: `Ein Platz für dich: ${event.title}` })).toBeVisible();
  await page.getByRole('radio', { name: /Vor-Ort-Zahlung/ }).check();
  await page.getByRole('button', { name: 'Platz verbindlich buchen' }).click();
  await expect(page.getByText('Platz gebucht')).toBeVisible();
  await mailTo(request, email, /^Anmeldebestätigung: /);

  // The event is full again, now with the claimant's booking.
  await gotoHydrated(page, `/events/${event.slug}/buchen`);
  await expect(page.getByText('Event ausgebucht')).toBeVisible();
});

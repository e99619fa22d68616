import { readFileSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  API,
  gotoHydrated,
  holdConfirmationMailStatus,
  mailboxMessages,
  mailTo,
  onDatabase,
  runOutbox,
  serviceHeaders,
} from '../support/e2e-env';
import { expect, inDays, test, unique } from '../support/e2e-fixtures';

// A visitor finds and books events in a real browser against the local stack. Each test creates
// the events it books or looks at (tests/support/e2e-fixtures.ts).

function card(page: Page, title: string) {
  return page.getByRole('article', { name: title });
}

/**
 * Fills in and sends the registration form, checks the success toast, the way back to /events
 * and the mail toast. The page's question whether the confirmation went out is held until the
 * registration toast has been seen (only one toast shows at a time, and the mail's replaces it);
 * meanwhile the outbox worker runs, as the stack's schedule would.
 */
async function registerAndConfirm(
  page: Page,
  request: APIRequestContext,
  paymentLabel: string,
): Promise<string> {
  const releaseMail = await holdConfirmationMailStatus(page);

  const email = `e2e-${Date.now()}@example.ch`;
  const form = page.getByRole('form', { name: 'Anmeldung' });
  await form.getByLabel('Name *').fill('Erika Muster');
  await form.getByLabel('E-Mail *').fill(email);
  await form.getByLabel('Telefon *').fill('+41 79 111 22 33');
  await form.getByLabel('Anmerkungen').fill('Ohne Nüsse, bitte.');
  if (paymentLabel === 'Kostenlos') {
    // A free event has nothing to choose: no payment choice, the total says 'Kostenlos'.
    await expect(form.getByRole('radio')).toHaveCount(0);
    await expect(form.getByText('Kostenlos', { exact: true })).toBeVisible();
  } else {
    await expect(form.getByRole('radio', { name: paymentLabel })).toBeChecked();
  }
  await form.getByRole('button', { name: 'Verbindlich anmelden' }).click();

  await expect(page.getByText('Anmeldung erfolgreich', { exact: true })).toBeVisible();
  await expect(
    page.getByText('Deine Anmeldung wurde erfolgreich gespeichert.', { exact: true }),
  ).toBeVisible();
  // The success toast, then the booking's confirmation page (reference in the path, secret in the fragment).
  await expect(page).toHaveURL(/\/buchung\/SW-[A-Z0-9]{4}#[0-9a-f]+$/);
  // The focus moved to the result (issue 26).
  await expect(page.getByRole('heading', { level: 1, name: 'Deine Buchung ist bestätigt' })).toBeFocused();
  await runOutbox(request);
  releaseMail();
  await expect(page.getByText('E-Mails versendet!', { exact: true })).toBeVisible();
  return email;
}

test('a visitor filters, opens an event, books it and sees one seat fewer', async ({
  page,
  request,
  events,
}) => {
  const { title } = await events.create({
    title: unique('Brotbackkurs'),
    description: 'Sauerteig ansetzen, kneten, formen und im Holzofen backen.',
    category: 'workshop',
    start_date: inDays(3),
    start_time: '09:00',
    end_time: '12:00',
    price: 85,
    max_participants: 8,
    payment_methods: ['onsite', 'stripe'],
  });
  // Another category, which the filter hides.
  const stammtisch = await events.create({ title: unique('Stammtisch'), category: 'stammtisch' });

  await gotoHydrated(page, '/events');
  await expect(page.getByRole('heading', { level: 1, name: 'Unsere Events' })).toBeVisible();
  await page.getByRole('group', { name: 'Kategorien' }).getByRole('button', { name: 'Workshops' }).click();
  await expect(card(page, title)).toBeVisible();
  await expect(card(page, stammtisch.title)).toHaveCount(0);
  await expect(card(page, title).getByText('Noch 8 Plätze frei')).toBeVisible();

  await card(page, title).getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText('Max. 8 Teilnehmer')).toBeVisible();
  await expect(page.getByText('CHF 85.00')).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Zum Kalender hinzufügen' }).click();
  const ics = readFileSync(await (await download).path(), 'utf8');
  expect(ics).toContain('BEGIN:VCALENDAR\r\n');
  expect(ics).toContain(`DTSTART:${inDays(3).replace(/-/g, '')}T`);

  await page.getByRole('link', { name: 'Jetzt buchen' }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Event-Buchung: / })).toBeVisible();

  const email = await registerAndConfirm(page, request, 'Vor-Ort-Zahlung (bar oder TWINT)');
  await gotoHydrated(page, '/events');
  await expect(card(page, title).getByText('Noch 7 Plätze frei')).toBeVisible();
  expect((await mailboxMessages(request)).some((mail) => mail.to.includes(email))).toBe(true);
});

test('a booking of 3 persons on site waits for the click in its mail, then is confirmed', async ({
  page,
  request,
  events,
}) => {
  // Issue 25: more than 2 persons without advance payment are held 60 minutes until confirmed.
  const event = await events.create({
    title: unique('Familienkochen'),
    price: 40,
    payment_methods: ['onsite'],
  });
  await gotoHydrated(page, `/events/${event.slug}/buchen`);
  const form = page.getByRole('form', { name: 'Anmeldung' });
  const email = `e2e-gruppe-${Date.now()}@example.ch`;
  await form.getByLabel('Anzahl Personen *').selectOption('3');
  await form.getByLabel('Name *').fill('Erika Muster');
  await form.getByLabel('E-Mail *').fill(email);
  await form.getByLabel('Telefon *').fill('+41 79 111 22 33');
  await form.getByRole('button', { name: 'Verbindlich anmelden' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Bitte bestätige deine Buchung' })).toBeVisible();
  await expect(page.getByText(/innerhalb von 60 Minuten über den Link «Buchung bestätigen»/)).toBeVisible();

  const mail = await mailTo(request, email, /Anmeldebestätigung/);
  const link = /https?:\/\/\S+\/buchung\/SW-[A-Z0-9]+\/bestaetigen#[0-9a-f]+/.exec(mail.text ?? '')?.[0];
  expect(link).toBeTruthy();
  expect(mail.text).toContain('Ohne Bestätigung geben wir die Plätze nach 60 Minuten wieder frei.');
  const url = new URL(link!);
  await page.goto(`${url.pathname}${url.hash}`);
  await expect(page.getByRole('heading', { name: 'Deine Buchung ist bestätigt' })).toBeVisible();
});

// Online payment ('Online-Zahlung (Karte)') continues at Stripe Checkout: tests/e2e/payments.spec.ts.
for (const { category, payment, columns } of [
  {
    category: 'Kids',
    payment: 'Kostenlos',
    columns: {
      title: unique('Feuerzauber für Kinder'),
      category: 'kids',
      price: 0,
      payment_methods: ['free'],
    },
  },
]) {
  test(`a visitor books a ${category} event with its only payment method (${payment})`, async ({
    page,
    request,
    events,
  }) => {
    const { title } = await events.create(columns);
    await gotoHydrated(page, '/events');
    await page.getByRole('group', { name: 'Kategorien' }).getByRole('button', { name: category }).click();
    await card(page, title).getByRole('link', { name: 'Jetzt buchen' }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Event-Buchung: ${title}` })).toBeVisible();
    await expect(page.getByRole('form', { name: 'Anmeldung' }).getByRole('radio')).toHaveCount(
      payment === 'Kostenlos' ? 0 : 1,
    );
    await registerAndConfirm(page, request, payment);
  });
}

test('a sold-out event shows its notice and the waiting list instead of the form', async ({
  page,
  events,
  participants,
}) => {
  const full = await events.create({ title: unique('Pasta von Hand'), max_participants: 6 });
  await participants.fill(full);
  await gotoHydrated(page, '/events');
  const soldOut = card(page, full.title);
  // Every seat taken: the card offers the waiting list (its badge says "Ausgebucht").
  await expect(soldOut.getByText('Ausgebucht')).toBeVisible();
  await expect(soldOut.getByRole('link', { name: 'Auf die Warteliste' })).toHaveAttribute(
    'href',
    /\/buchen$/,
  );
  await soldOut.getByRole('link', { name: full.title }).click();
  await expect(page.getByText('Ausgebucht (max. 6 Teilnehmer)')).toBeVisible();

  // A full event offers its waiting list instead of the registration (tests/e2e/waitlist.spec.ts).
  await gotoHydrated(page, `${new URL(page.url()).pathname}/buchen`);
  await expect(page.getByText('Event ausgebucht')).toBeVisible();
  const waitlist = page.getByRole('form', { name: 'Warteliste' });
  await expect(waitlist.getByRole('button', { name: 'Auf die Warteliste' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Anmeldung' })).toHaveCount(0);
});

test('a cancelled event shows its notice and no form', async ({ page, events }) => {
  const { title } = await events.create({ title: unique('Fermentieren für Einsteiger'), is_cancelled: true });
  await gotoHydrated(page, '/events');
  const cancelled = card(page, title);
  await expect(cancelled.getByRole('button', { name: 'Abgesagt' })).toBeDisabled();
  await cancelled.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

  await gotoHydrated(page, `${new URL(page.url()).pathname}/buchen`);
  await expect(page.getByText('Event abgesagt')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Zu allen Events' })).toHaveAttribute('href', '/events');
  await expect(page.getByText('Event ausgebucht')).toHaveCount(0);
  await expect(page.getByRole('form', { name: 'Anmeldung' })).toHaveCount(0);
});

test('a past event says it has taken place instead of offering booking', async ({ page, events }) => {
  const event = await events.create({ title: unique('Vergangen'), start_date: inDays(-2) });
  await gotoHydrated(page, `/events/${event.slug}`);
  const notice = page.getByRole('status').filter({ hasText: 'Dieses Event hat bereits stattgefunden.' });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('link', { name: 'Zu allen Events' })).toHaveAttribute('href', '/events');
  await expect(page.getByRole('link', { name: 'Jetzt buchen' })).toHaveCount(0);

  await gotoHydrated(page, `/events/${event.slug}/buchen`);
  await expect(page.getByText('Dieses Event hat bereits stattgefunden.')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Zu allen Events' })).toHaveAttribute(
    'href',
    '/events',
  );
  await expect(page.getByRole('form', { name: 'Anmeldung' })).toHaveCount(0);
});

test('a seat freed by a cancellation is bookable again at once', async ({
  page,
  request,
  events,
  participants,
}) => {
  const event = await events.create({
    title: unique('Ein Platz'),
    start_date: inDays(4),
    max_participants: 1,
    payment_methods: ['onsite'],
  });
  const participant = await participants.create(event, { name: 'Erste Person' });

  await gotoHydrated(page, `/events/${event.slug}/buchen`);
  await expect(page.getByText('Event ausgebucht')).toBeVisible();
  await expect(page.getByRole('form', { name: 'Anmeldung' })).toHaveCount(0);

  const cancelled = await request.patch(`${API}/rest/v1/participants?id=eq.${participant.id}`, {
    headers: serviceHeaders(),
    data: { status: 'cancelled' },
  });
  expect(cancelled.ok()).toBe(true);

  await page.reload();
  await expect(page.getByRole('form', { name: 'Anmeldung' })).toBeVisible();
  await expect(page.getByText('Noch 1 von 1 Plätzen frei')).toBeVisible();
});

test('on a phone, a visitor redeems a 10 % code and books 2 persons for CHF 81.00', async ({
  page,
  request,
  events,
}) => {
  // Issue 28: the code's discount shows in the form, on the confirmation page and in the mail.
  await page.setViewportSize({ width: 390, height: 844 });
  const event = await events.create({
    title: unique('Kochkurs mit Code'),
    price: 45,
    payment_methods: ['onsite'],
  });
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  await onDatabase((client) =>
    client.query('insert into public.discount_codes (code, percent) values ($1, 10)', [code]),
  );
  try {
    await gotoHydrated(page, `/events/${event.slug}/buchen`);
    const form = page.getByRole('form', { name: 'Anmeldung' });
    const email = `e2e-code-${Date.now()}@example.ch`;
    await form.getByLabel('Anzahl Personen *').selectOption('2');
    await form.getByLabel('Name *').fill('Erika Muster');
    await form.getByLabel('E-Mail *').fill(email);
    await form.getByLabel('Telefon *').fill('+41 79 111 22 33');
    await form.getByLabel('Rabattcode (optional)').fill(code.toLowerCase());
    await form.getByRole('button', { name: 'Rabattcode einlösen' }).click();
    await expect(form.getByText(`Rabatt (${code})`)).toBeVisible();
    await expect(form.getByText('− CHF 9.00')).toBeVisible();
    await expect(form.getByText('CHF 81.00')).toBeVisible();
    await form.getByRole('button', { name: 'Verbindlich anmelden' }).click();

    await expect(page.getByRole('heading', { level: 1, name: 'Deine Buchung ist bestätigt' })).toBeVisible();
    const summary = page.getByRole('definition');
    await expect(summary.filter({ hasText: '2 × CHF 45.00 = CHF 90.00' })).toBeVisible();
    await expect(summary.filter({ hasText: '− CHF 9.00' })).toBeVisible();
    await expect(summary.filter({ hasText: /^CHF 81\.00$/ })).toBeVisible();
    const mail = await mailTo(request, email, /Anmeldebestätigung/);
    expect(mail.text).toContain(`Rabatt (${code}): − CHF 9.00`);
    expect(mail.text).toContain('Total: CHF 81.00');
  } finally {
    await onDatabase((client) =>
      client.query(
        `delete from public.participants where discount_code_id = (select id from public.discount_codes where code = $1)`,
        [code],
      ),
    );
    await onDatabase((client) => client.query('delete from public.discount_codes where code = $1', [code]));
  }
});

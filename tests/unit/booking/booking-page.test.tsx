import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  STATUS_POLL_ATTEMPTS,
  STATUS_POLL_INTERVAL_MS,
} from '@/features/booking/api/get-confirmation-mail-status';
import { site } from '@/lib/site';
import {
  deferred,
  installFakeBackend,
  json,
  networkFailure,
  type FakeBackend,
} from '../../support/fake-backend';
import { eventsTable, uniqueRow, type StoredEventRow } from '../events/fixtures';
import { renderEventRoutes } from '../events/render-events';
import { STUB_ALTCHA_PAYLOAD } from '../../support/proof-of-work-stub';

vi.mock('@/components/proof-of-work', async (original) =>
  (await import('../../support/proof-of-work-stub')).solvedProofOfWork(original),
);

afterEach(() => vi.unstubAllGlobals());

/** register-for-event's answer when the database refuses (its code passed on). */
function refusal(code: string, detail: string | null = null): Response {
  return json({ success: false, error: code, code, detail }, 400);
}

const RPC = '/functions/v1/register-for-event';
const BOOKING = '/rest/v1/rpc/booking_by_token';
const CONFIRMATION_PATH = /^\/buchung\/SW-7K3M#manage-1$/;
const MAIL = '/rest/v1/rpc/confirmation_mail_status';
const OPTIONS = 'POST /functions/v1/payment-options';
/** Online payment and invoice set up, as on the local stack. */
const allSetUp = () => json({ success: true, stripe: true, invoice: true });
const receipt = {
  participant_id: 'p-1',
  reference: 'SW-7K3M',
  manage_token: 'manage-1',
  confirmation_token: 'tok-1',
  payment_status: 'pending',
  persons: 1,
  current_participants: 4,
};

/** What the confirmation page reads after the booking (booking_by_token). */
function bookingView(row: StoredEventRow) {
  return {
    status: 'valid',
    reference: 'SW-7K3M',
    name: 'Anna Muster',
    email: 'anna@example.ch',
    persons: 1,
    payment_method: 'onsite',
    booking_status: 'confirmed',
    payment_status: 'pending',
    answers: [],
    state: 'pending',
    amount_cents: 4500,
    event: {
      title: row.title,
      slug: row.slug,
      description: row.description,
      start_date: row.start_date,
      end_date: row.end_date,
      start_time: row.start_time,
      end_time: row.end_time,
      location: row.location,
      price: row.price,
      bring_along: row.bring_along,
      is_cancelled: false,
      cancellation_deadline_hours: 48,
    },
    deadline: '2026-03-03T17:30:00+00:00',
    can_change: true,
  };
}

function bookingOf(row: StoredEventRow): { backend: FakeBackend; rows: StoredEventRow[] } {
  const rows = [row];
  const backend = installFakeBackend();
  backend.on(
    '/rest/v1/events',
    eventsTable(() => rows),
  );
  backend.on(OPTIONS, allSetUp);
  renderEventRoutes(`/events/${row.slug}/buchen`);
  return { backend, rows };
}

async function form() {
  return within(await screen.findByRole('form', { name: 'Anmeldung' }));
}

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  const fields = await form();
  await user.type(fields.getByLabelText('Name *'), 'Anna Muster');
  await user.type(fields.getByLabelText('E-Mail *'), 'anna@example.ch');
  await user.type(fields.getByLabelText('Telefon *'), '+41 79 555 66 77');
  await user.type(fields.getByLabelText('Anmerkungen'), 'Vegetarisch');
  return fields;
}

describe('booking page', () => {
  it('says it is loading, then shows the event and the form', async () => {
    const backend = installFakeBackend();
    const answer = deferred();
    backend.on('/rest/v1/events', () => answer.promise);
    backend.on(OPTIONS, allSetUp);
    const row = uniqueRow({ title: 'Waldbaden' });
    renderEventRoutes(`/events/${row.slug}/buchen`);
    expect(screen.getByRole('heading', { level: 1, name: 'Event-Buchung' })).toBeInTheDocument();
    expect(screen.getByText('Event wird geladen…')).toBeInTheDocument();
    answer.resolve(json([row]));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Event-Buchung: Waldbaden' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('form', { name: 'Anmeldung' })).toBeInTheDocument();
    // Required fields show ' *' (as the contact form does), kept out of their names: the field says it is required.
    const booking = within(screen.getByRole('form', { name: 'Anmeldung' }));
    for (const name of ['Name', 'E-Mail', 'Telefon'])
      expect(booking.getByRole('textbox', { name })).toBeRequired();
    expect(booking.getByRole('combobox', { name: 'Anzahl Personen' })).toBeInTheDocument();
    expect(booking.getByText('Anzahl Personen').querySelector('[aria-hidden="true"]')).toHaveTextContent('*');
    // The h1 names the event; no second heading repeats its title.
    expect(screen.getAllByRole('heading').filter((h) => h.textContent?.includes('Waldbaden'))).toHaveLength(
      1,
    );
    expect(screen.getByRole('region', { name: 'Event-Details' })).toBeInTheDocument();
    // Heading order: the form's card title follows the h1 as an h2.
    expect(screen.getByRole('heading', { level: 2, name: 'Anmeldung' })).toBeInTheDocument();
    const levels = [...document.querySelectorAll('h1, h2, h3, h4')].map((h) => Number(h.tagName.slice(1)));
    levels.forEach((level, index) => expect(level - (levels[index - 1] ?? 0)).toBeLessThanOrEqual(1));
  });

  it('shows only the cancelled notice when cancelled, even if sold out', async () => {
    bookingOf(uniqueRow({ is_cancelled: true, is_sold_out: true }));
    expect(await screen.findByText('Event abgesagt')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zu allen Events' })).toHaveAttribute('href', '/events');
    expect(screen.queryByText('Event ausgebucht')).not.toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('shows only the past notice, with the way to /events, once the event has taken place', async () => {
    bookingOf(uniqueRow({ start_date: '2020-03-05', end_date: '2020-03-05' }));
    expect(await screen.findByText('Dieses Event hat bereits stattgefunden.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zu allen Events' })).toHaveAttribute('href', '/events');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Jetzt buchen' })).not.toBeInTheDocument();
  });

  it('offers the waiting list instead of the booking form when full', async () => {
    bookingOf(uniqueRow({ max_participants: 5, current_participants: 5 }));
    expect(await screen.findByText('Event ausgebucht')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Warteliste' })).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Anmeldung' })).not.toBeInTheDocument();
  });

  it('shows only the sold-out notice when the admin closed bookings', async () => {
    bookingOf(uniqueRow({ is_sold_out: true }));
    expect(await screen.findByText('Event ausgebucht')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zum Kontaktformular' })).toHaveAttribute('href', '/contact');
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('says when the event does not exist', async () => {
    installFakeBackend().on(
      '/rest/v1/events',
      eventsTable(() => []),
    );
    renderEventRoutes('/events/weg-01-01-2099/buchen');
    expect(
      await screen.findByText('Das angeforderte Event konnte nicht gefunden werden.'),
    ).toBeInTheDocument();
  });

  it('never offers booking for a sample event', async () => {
    installFakeBackend().on('/rest/v1/events', () => networkFailure());
    renderEventRoutes('/events');
    const card = await screen.findByRole('article', { name: 'Breathwork & Brunch' });
    // The card of a sample leads to its page, not to a booking form.
    expect(within(card).queryByRole('link', { name: 'Jetzt buchen' })).not.toBeInTheDocument();
    const samplePath = within(card).getByRole('link', { name: 'Beispiel ansehen' }).getAttribute('href');
    cleanup();
    // Opened directly (an old link, the history), its booking page still refuses.
    renderEventRoutes(`${samplePath}/buchen`);
    expect(await screen.findByText('Buchung nicht möglich')).toBeInTheDocument();
    expect(screen.getByText(/Beispiel-Event/)).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });
});

describe('registration form', () => {
  it('has the spec fields and offers only the allowed payment methods, onsite first', async () => {
    bookingOf(uniqueRow({ payment_methods: ['stripe', 'onsite'] }));
    const fields = await form();
    expect(fields.getByLabelText('E-Mail *')).toHaveAttribute('type', 'email');
    expect(fields.getByLabelText('Telefon *')).toHaveAttribute('type', 'tel');
    expect(fields.getByLabelText('Telefon *')).toHaveAttribute('placeholder', '+41 79 123 45 67');
    expect(fields.getByLabelText('Anmerkungen')).toHaveAttribute('rows', '3');
    const methods = fields.getAllByRole('radio');
    expect(methods.map((radio) => radio.closest('label')!.textContent)).toEqual([
      'Vor-Ort-Zahlung (bar oder TWINT)',
      'Online-Zahlung (Karte)',
    ]);
    expect(fields.getByRole('radio', { name: 'Vor-Ort-Zahlung (bar oder TWINT)' })).toBeChecked();
  });

  it('offers only the methods that are set up: no online payment without Stripe keys, no invoice without creditor', async () => {
    const rows = [uniqueRow({ payment_methods: ['stripe', 'onsite', 'invoice'] })];
    const backend = installFakeBackend();
    backend.on(
      '/rest/v1/events',
      eventsTable(() => rows),
    );
    backend.on(OPTIONS, () => json({ success: true, stripe: false, invoice: true }));
    renderEventRoutes(`/events/${rows[0]!.slug}/buchen`);
    const fields = await form();
    expect(fields.getAllByRole('radio').map((radio) => radio.closest('label')!.textContent)).toEqual([
      'Vor-Ort-Zahlung (bar oder TWINT)',
      'Rechnung (QR-Rechnung)',
    ]);
  });

  it('says booking is not possible when the only method is not set up, or its set-up cannot be asked', async () => {
    const rows = [uniqueRow({ payment_methods: ['stripe'] })];
    const backend = installFakeBackend();
    backend.on(
      '/rest/v1/events',
      eventsTable(() => rows),
    );
    backend.on(OPTIONS, () => json({ success: true, stripe: false, invoice: false }));
    renderEventRoutes(`/events/${rows[0]!.slug}/buchen`);
    expect(await screen.findByText('Anmeldung nicht möglich')).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    cleanup();
    backend.on(OPTIONS, () => networkFailure());
    renderEventRoutes(`/events/${rows[0]!.slug}/buchen`);
    expect(await screen.findByText('Anmeldung nicht möglich')).toBeInTheDocument();
  });

  it('shows no payment choice for a free event and books it as free', async () => {
    const user = userEvent.setup();
    const { backend } = bookingOf(uniqueRow({ payment_methods: ['free'], price: 0 }));
    backend.on(RPC, () => json(receipt));
    backend.on(MAIL, () => json('sent'));
    const fields = await fillIn(user);
    expect(fields.queryAllByRole('radio')).toHaveLength(0);
    expect(fields.queryByText('Zahlungsmethode')).not.toBeInTheDocument();
    expect(fields.getByText('Kostenlos')).toBeInTheDocument();
    await user.click(fields.getByRole('button', { name: 'Verbindlich anmelden' }));
    await waitFor(() => expect(backend.calls(RPC)).toHaveLength(1));
    expect(backend.calls(RPC)[0]!.body).toMatchObject({ paymentMethod: 'free', persons: 1 });
  });

  it('offers 1 up to the seats left (at most the per-booking limit) and shows the total', async () => {
    const user = userEvent.setup();
    bookingOf(uniqueRow({ price: 95, max_participants: 10, current_participants: 7 }));
    const fields = await form();
    const persons = fields.getByLabelText('Anzahl Personen *');
    expect(
      within(persons)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['1 Person', '2 Personen', '3 Personen']);
    expect(fields.getByText('CHF 95.00')).toBeInTheDocument();
    await user.selectOptions(persons, '2');
    expect(fields.getByText('2 × CHF 95.00 = CHF 190.00')).toBeInTheDocument();
    expect(fields.getByRole('link', { name: 'Datenschutzerklärung' })).toHaveAttribute(
      'href',
      '/datenschutz',
    );
  });

  it('redeems a discount code: the total shows the discount, persons ask again, a refusal stands at the field', async () => {
    const user = userEvent.setup();
    const row = uniqueRow({ price: 45, max_participants: 10, current_participants: 0 });
    const { backend } = bookingOf(row);
    const CHECK = '/rest/v1/rpc/check_discount_code';
    backend.on(CHECK, (request) => {
      const { p_code: code, p_persons: persons } = request.body as { p_code: string; p_persons: number };
      if (code === 'ANDERS')
        return json(
          { code: 'P0001', message: 'DISCOUNT_CODE_NOT_FOR_EVENT', details: null, hint: null },
          400,
        );
      return json({ code: 'HERBST10', discount_cents: 450 * persons, total_cents: 4050 * persons });
    });
    backend.on(RPC, () => json(receipt));
    // The confirmation has gone out: the page's question about it ends at once (a question still
    // polling would answer into the next test).
    backend.on(MAIL, () => json('sent'));
    const fields = await fillIn(user);
    await user.type(fields.getByLabelText('Rabattcode (optional)'), 'herbst10');
    expect(fields.getByLabelText('Rabattcode (optional)')).toHaveValue('HERBST10');
    await user.click(fields.getByRole('button', { name: 'Rabattcode einlösen' }));
    expect(await fields.findByText('Rabatt (HERBST10)')).toBeInTheDocument();
    expect(fields.getByText('− CHF 4.50')).toBeInTheDocument();
    expect(fields.getByText('CHF 40.50')).toBeInTheDocument();
    await user.selectOptions(fields.getByLabelText('Anzahl Personen *'), '3');
    expect(await fields.findByText('CHF 121.50')).toBeInTheDocument();
    expect(backend.calls(CHECK).at(-1)!.body).toEqual({
      p_event_id: row.id,
      p_code: 'HERBST10',
      p_persons: 3,
    });
    // Another code the database refuses: the text at the field, the total without discount.
    await user.clear(fields.getByLabelText('Rabattcode (optional)'));
    await user.type(fields.getByLabelText('Rabattcode (optional)'), 'anders{Enter}');
    expect(await fields.findByText('Code gilt nicht für dieses Event.')).toBeInTheDocument();
    expect(fields.getByText('3 × CHF 45.00 = CHF 135.00')).toBeInTheDocument();
    expect(fields.queryByText('Rabatt (HERBST10)')).not.toBeInTheDocument();
    // The booking sends the code as typed; the database checks it again.
    await user.clear(fields.getByLabelText('Rabattcode (optional)'));
    await user.type(fields.getByLabelText('Rabattcode (optional)'), 'HERBST10');
    await user.click(fields.getByRole('button', { name: 'Verbindlich anmelden' }));
    await waitFor(() => expect(backend.calls(RPC)).toHaveLength(1));
    expect(backend.calls(RPC)[0]!.body).toMatchObject({ persons: 3, discountCode: 'HERBST10' });
    expect(await screen.findByText('E-Mails versendet!')).toBeInTheDocument();
  });

  it('books tickets per type: counts instead of persons, their total, the code checked on them, the counts sent', async () => {
    const user = userEvent.setup();
    const row = uniqueRow({ price: 45, max_participants: 10, current_participants: 0 });
    const { backend } = bookingOf(row);
    backend.on('/rest/v1/rpc/event_ticket_choices', () =>
      json([
        { id: 'type-adult', name: 'Erwachsene', price: 45, note: '', seats_left: null },
        { id: 'type-child', name: 'Kinder (5–12)', price: 25, note: '5 bis 12 Jahre', seats_left: 1 },
      ]),
    );
    const CHECK = '/rest/v1/rpc/check_discount_code';
    backend.on(CHECK, () => json({ code: 'FAMILIE10', discount_cents: 1150, total_cents: 10350 }));
    backend.on(RPC, () => json({ ...receipt, persons: 3 }));
    backend.on(MAIL, () => json('sent'));
    const fields = await fillIn(user);
    // One adult to start with, as 'Anzahl Personen' starts at 1.
    const adults = await fields.findByLabelText(/Erwachsene/);
    expect(fields.queryByLabelText('Anzahl Personen *')).not.toBeInTheDocument();
    expect(adults).toHaveValue('1');
    expect(fields.getByText('CHF 45.00', { selector: '[aria-live]' })).toBeInTheDocument();
    await user.selectOptions(adults, '2');
    const children = fields.getByLabelText(/Kinder \(5–12\)/);
    // One child seat is left: 0 or 1.
    expect(
      within(children)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['0', '1']);
    await user.selectOptions(children, '1');
    expect(fields.getByText('CHF 115.00', { selector: '[aria-live]' })).toBeInTheDocument();
    await user.type(fields.getByLabelText('Rabattcode (optional)'), 'familie10{Enter}');
    expect(await fields.findByText('CHF 103.50', { selector: '[aria-live]' })).toBeInTheDocument();
    expect(backend.calls(CHECK).at(-1)!.body).toEqual({
      p_event_id: row.id,
      p_code: 'FAMILIE10',
      p_persons: 3,
      p_tickets: { 'type-adult': 2, 'type-child': 1 },
    });
    await user.click(fields.getByRole('button', { name: 'Verbindlich anmelden' }));
    await waitFor(() => expect(backend.calls(RPC)).toHaveLength(1));
    expect(backend.calls(RPC)[0]!.body).toMatchObject({
      persons: 3,
      tickets: { 'type-adult': 2, 'type-child': 1 },
    });
    expect(await screen.findByText('E-Mails versendet!')).toBeInTheDocument();
  });

  it('shows the booking refusing a discount code at its field, keeping the rest', async () => {
    const user = userEvent.setup();
    const { backend } = bookingOf(uniqueRow({ price: 45 }));
    backend.on(RPC, () => refusal('DISCOUNT_CODE_MIN_PERSONS', '4'));
    const fields = await fillIn(user);
    await user.type(fields.getByLabelText('Rabattcode (optional)'), 'GRUPPE');
    await user.click(fields.getByRole('button', { name: 'Verbindlich anmelden' }));
    expect(await fields.findByText('Dieser Code gilt ab 4 Personen.')).toBeInTheDocument();
    expect(fields.getByLabelText('Rabattcode (optional)')).toHaveFocus();
    expect(fields.getByLabelText('Name *')).toHaveValue('Anna Muster');
  });

  it('a code for other ticket types: the check names them at the field, the booking refuses it there too', async () => {
    const user = userEvent.setup();
    const { backend } = bookingOf(uniqueRow({ price: 45 }));
    backend.on('/rest/v1/rpc/event_ticket_choices', () =>
      json([
        { id: 'type-adult', name: 'Erwachsene', price: 45, note: '', seats_left: null },
        { id: 'type-child', name: 'Kinder (5–12)', price: 25, note: '', seats_left: null },
      ]),
    );
    backend.on('/rest/v1/rpc/check_discount_code', () =>
      json(
        { code: 'P0001', message: 'DISCOUNT_CODE_NOT_FOR_TICKET_TYPE', details: 'Kinder (5–12)', hint: null },
        400,
      ),
    );
    backend.on(RPC, () => refusal('DISCOUNT_CODE_NOT_FOR_TICKET_TYPE'));
    const fields = await fillIn(user);
    await fields.findByLabelText(/Erwachsene/);
    await user.type(fields.getByLabelText('Rabattcode (optional)'), 'kids50{Enter}');
    expect(
      await fields.findByText('Code gilt nicht für diese Ticketart, nur für: Kinder (5–12).'),
    ).toBeInTheDocument();
    expect(fields.getByText('CHF 45.00', { selector: '[aria-live]' })).toBeInTheDocument();
    await user.click(fields.getByRole('button', { name: 'Verbindlich anmelden' }));
    expect(await fields.findByText('Code gilt nicht für diese Ticketart.')).toBeInTheDocument();
    expect(fields.getByLabelText('Rabattcode (optional)')).toHaveFocus();
  });

  it('redeems a gift voucher: its part and what is left to pay, a refusal at its field, the code sent', async () => {
    const user = userEvent.setup();
    const { backend } = bookingOf(uniqueRow({ price: 45 }));
    const CHECK = '/functions/v1/check-gift-voucher';
    backend.on(CHECK, (request) => {
      const { code } = request.body as { code: string };
      if (code === 'GS-ALT') return refusal('GIFT_VOUCHER_EXPIRED', '2026-01-31');
      return json({
        success: true,
        voucher: {
          kind: 'value',
          title: '',
          value_cents: 15000,
          balance_cents: 5000,
          valid_until: '2029-11-29',
        },
      });
    });
    backend.on(RPC, () => json(receipt));
    backend.on(MAIL, () => json('sent'));
    const fields = await fillIn(user);
    await user.selectOptions(fields.getByLabelText('Anzahl Personen *'), '3');
    await user.type(fields.getByLabelText('Gutscheincode (optional)'), 'gs-alt{Enter}');
    expect(await fields.findByText('Dieser Gutschein war bis 31. Januar 2026 gültig.')).toBeInTheDocument();
    expect(fields.queryByText('Noch zu bezahlen')).not.toBeInTheDocument();

    await user.clear(fields.getByLabelText('Gutscheincode (optional)'));
    await user.type(fields.getByLabelText('Gutscheincode (optional)'), 'gs-7k3m');
    await user.click(fields.getByRole('button', { name: 'Gutschein einlösen' }));
    expect(await fields.findByText('Gutschein eingelöst: Guthaben CHF 50.00.')).toBeInTheDocument();
    expect(fields.getByText('3 × CHF 45.00 = CHF 135.00')).toBeInTheDocument();
    expect(fields.getByText('− CHF 50.00')).toBeInTheDocument();
    expect(fields.getByText('CHF 85.00')).toBeInTheDocument();
    expect(backend.calls(CHECK).at(-1)!.body).toEqual({ code: 'GS-7K3M' });

    await user.click(fields.getByRole('button', { name: 'Verbindlich anmelden' }));
    await waitFor(() => expect(backend.calls(RPC)).toHaveLength(1));
    expect(backend.calls(RPC)[0]!.body).toMatchObject({ persons: 3, voucherCode: 'GS-7K3M' });
    expect(await screen.findByText('E-Mails versendet!')).toBeInTheDocument();
  });

  it('shows the booking refusing a gift voucher at its field, keeping the rest', async () => {
    const user = userEvent.setup();
    const { backend } = bookingOf(uniqueRow({ price: 45 }));
    backend.on(RPC, () => refusal('GIFT_VOUCHER_EMPTY'));
    const fields = await fillIn(user);
    await user.type(fields.getByLabelText('Gutscheincode (optional)'), 'GS-LEER');
    await user.click(fields.getByRole('button', { name: 'Verbindlich anmelden' }));
    expect(await fields.findByText('Auf diesem Gutschein ist kein Guthaben mehr.')).toBeInTheDocument();
    expect(fields.getByLabelText('Gutscheincode (optional)')).toHaveFocus();
    expect(fields.getByLabelText('Name *')).toHaveValue('Anna Muster');
  });

  it('goes straight to the confirmation when a voucher pays an online booking in full', async () => {
    const user = userEvent.setup();
    const { backend } = bookingOf(uniqueRow({ price: 45, payment_methods: ['stripe'] }));
    backend.on(RPC, () => json({ ...receipt, payment_status: 'paid' }));
    backend.on(MAIL, () => json('sent'));
    backend.on(BOOKING, () => json({ ...bookingView(uniqueRow({ price: 45 })), payment_method: 'stripe' }));
    const fields = await fillIn(user);
    await user.type(fields.getByLabelText('Gutscheincode (optional)'), 'GS-VOLL');
    await user.click(fields.getByRole('button', { name: 'Verbindlich anmelden' }));
    await waitFor(() => expect(backend.calls(RPC)).toHaveLength(1));
    expect(await screen.findByText('E-Mails versendet!')).toBeInTheDocument();
    expect(backend.calls('/functions/v1/create-checkout')).toHaveLength(0);
  });

  it('keeps the choice and explains when fewer seats are left than persons chosen', async () => {
    const user = userEvent.setup();
    const { backend } = bookingOf(uniqueRow({ price: 95, max_participants: 10, current_participants: 4 }));
    backend.on(RPC, () => refusal('NOT_ENOUGH_SEATS', '1'));
    const fields = await fillIn(user);
    await user.selectOptions(fields.getByLabelText('Anzahl Personen *'), '4');
    await user.click(fields.getByRole('button', { name: 'Verbindlich anmelden' }));
    expect(
      await fields.findByText('Es ist inzwischen nur noch 1 Platz frei. Bitte wähle weniger Personen.'),
    ).toBeInTheDocument();
    expect(fields.getByLabelText('Anzahl Personen *')).toHaveValue('4');
    expect(fields.getByLabelText('Name *')).toHaveValue('Anna Muster');
  });

  it('offers the waiting list instead after NOT_ENOUGH_SEATS, keeping name, e-mail, phone and persons', async () => {
    const user = userEvent.setup();
    const { backend } = bookingOf(uniqueRow({ price: 95, max_participants: 10, current_participants: 8 }));
    backend.on(RPC, () => refusal('NOT_ENOUGH_SEATS', '1'));
    const fields = await fillIn(user);
    await user.selectOptions(fields.getByLabelText('Anzahl Personen *'), '2');
    await user.click(fields.getByRole('button', { name: 'Verbindlich anmelden' }));
    await user.click(await fields.findByRole('button', { name: 'Stattdessen auf die Warteliste' }));
    const waitlist = within(await screen.findByRole('form', { name: 'Warteliste' }));
    expect(
      screen.getByText('Für so viele Personen sind nicht mehr genug Plätze frei.', { exact: false }),
    ).toBeInTheDocument();
    expect(waitlist.getByLabelText('Name *')).toHaveValue('Anna Muster');
    expect(waitlist.getByLabelText('E-Mail *')).toHaveValue('anna@example.ch');
    expect(waitlist.getByLabelText('Telefon *')).toHaveValue('+41 79 555 66 77');
    expect(waitlist.getByLabelText('Anzahl Personen *')).toHaveValue('2');
  });

  it("offers the waiting list's persons up to the event's own per-booking limit", async () => {
    bookingOf(uniqueRow({ max_participants: 20, current_participants: 20, max_persons_per_booking: 3 }));
    const waitlist = within(await screen.findByRole('form', { name: 'Warteliste' }));
    const options = within(waitlist.getByLabelText('Anzahl Personen *')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['1 Person', '2 Personen', '3 Personen']);
  });

  it('refuses to submit without name, e-mail and phone', async () => {
    const user = userEvent.setup();
    const { backend } = bookingOf(uniqueRow());
    const fields = await form();
    await user.type(fields.getByLabelText('Name *'), 'Anna');
    await user.click(fields.getByRole('button', { name: 'Verbindlich anmelden' }));
    expect(await screen.findByText('Bitte alle Pflichtfelder ausfüllen')).toBeInTheDocument();
    expect(fields.getByText('Bitte gib deine E-Mail-Adresse ein.')).toBeInTheDocument();
    expect(fields.getByLabelText('Telefon *')).toHaveAttribute('aria-invalid', 'true');
    expect(backend.calls(RPC)).toHaveLength(0);
  });

  it('names the actual problem when every field is filled but the e-mail or phone is malformed', async () => {
    const user = userEvent.setup();
    const { backend } = bookingOf(uniqueRow());
    const fields = await form();
    await user.type(fields.getByLabelText('Name *'), 'Anna');
    await user.type(fields.getByLabelText('E-Mail *'), 'anna@beispiel');
    await user.type(fields.getByLabelText('Telefon *'), 'abc');
    await user.click(fields.getByRole('button', { name: 'Verbindlich anmelden' }));
    expect(await screen.findByText('Bitte Eingaben prüfen')).toBeInTheDocument();
    expect(screen.queryByText('Bitte alle Pflichtfelder ausfüllen')).not.toBeInTheDocument();
    expect(fields.getByText('Bitte gib eine gültige E-Mail-Adresse ein.')).toBeInTheDocument();
    expect(fields.getByText(/Bitte gib eine gültige Telefonnummer ein/)).toBeInTheDocument();
    expect(fields.getByLabelText('E-Mail *')).toHaveAttribute('aria-invalid', 'true');
    expect(fields.getByLabelText('Telefon *')).toHaveAttribute('aria-invalid', 'true');
    expect(backend.calls(RPC)).toHaveLength(0);
  });

  it('registers once, confirms, goes to the confirmation page and reports the sent e-mails', async () => {
    const user = userEvent.setup();
    const row = uniqueRow({ max_participants: 10, current_participants: 3 });
    const { backend, rows } = bookingOf(row);
    const registration = deferred();
    const mail = deferred();
    backend.on(RPC, () => registration.promise);
    backend.on(MAIL, () => mail.promise);
    backend.on(BOOKING, () => json(bookingView(row)));
    const fields = await fillIn(user);
    const submit = fields.getByRole('button', { name: 'Verbindlich anmelden' });
    await user.dblClick(submit);
    expect(await fields.findByRole('button', { name: 'Wird verarbeitet…' })).toBeDisabled();

    rows[0] = { ...row, current_participants: 4 };
    registration.resolve(json(receipt));
    expect(await screen.findByText('Anmeldung erfolgreich')).toBeInTheDocument();
    expect(screen.getByText('Deine Anmeldung wurde erfolgreich gespeichert.')).toBeInTheDocument();
    // The spec's toast stays; instead of /events the visitor lands on the confirmation page.
    await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent(CONFIRMATION_PATH));
    expect(await screen.findByRole('heading', { name: 'Deine Buchung ist bestätigt' })).toBeInTheDocument();
    // The focus moves to the result (screen readers announce it; issue 26).
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Deine Buchung ist bestätigt' })).toHaveFocus(),
    );
    expect(screen.getByText('SW-7K3M')).toBeInTheDocument();
    expect(backend.calls(BOOKING)[0]!.body).toEqual({ p_reference: 'SW-7K3M', p_token: 'manage-1' });

    const calls = backend.calls(RPC);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({
      eventId: row.id,
      name: 'Anna Muster',
      email: 'anna@example.ch',
      phone: '+41795556677',
      paymentMethod: 'onsite',
      notes: 'Vegetarisch',
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      persons: 1,
      answers: {},
      altcha: STUB_ALTCHA_PAYLOAD,
    });

    mail.resolve(json('sent'));
    expect(await screen.findByText('E-Mails versendet!')).toBeInTheDocument();
    expect(
      screen.getByText(`Bestätigungs-E-Mail wurde an dich und ${site.name} gesendet.`),
    ).toBeInTheDocument();
    expect(backend.calls(MAIL)[0]!.body).toEqual({ p_participant_id: 'p-1', p_token: 'tok-1' });
  });

  it('keeps every input on failure, clears the message on edit and retries with the same request id', async () => {
    const user = userEvent.setup();
    const { backend } = bookingOf(uniqueRow());
    backend.on(RPC, () =>
      json(
        {
          success: false,
          error: 'Ein unerwarteter Fehler ist aufgetreten. Bitte versuche es später erneut.',
        },
        500,
      ),
    );
    const fields = await fillIn(user);
    await user.click(fields.getByRole('radio', { name: 'Online-Zahlung (Karte)' }));
    await user.click(fields.getByRole('button', { name: 'Verbindlich anmelden' }));

    const inline = 'Es gab ein Problem bei der Anmeldung. Bitte versuche es später erneut.';
    expect(await fields.findByText(inline)).toBeInTheDocument();
    expect(screen.getByText('Fehler bei der Anmeldung')).toBeInTheDocument();
    expect(
      screen.getByText('Es gab ein Problem bei der Verarbeitung. Bitte versuche es später erneut.'),
    ).toBeInTheDocument();
    expect(fields.getByLabelText('Name *')).toHaveValue('Anna Muster');
    expect(fields.getByLabelText('E-Mail *')).toHaveValue('anna@example.ch');
    expect(fields.getByLabelText('Telefon *')).toHaveValue('+41 79 555 66 77');
    expect(fields.getByLabelText('Anmerkungen')).toHaveValue('Vegetarisch');
    expect(fields.getByRole('radio', { name: 'Online-Zahlung (Karte)' })).toBeChecked();

    await user.type(fields.getByLabelText('Anmerkungen'), '!');
    expect(fields.queryByText(inline)).not.toBeInTheDocument();

    backend.on(RPC, () => json(receipt));
    backend.on(MAIL, () => json('sent'));
    // Stored; the online payment cannot start (no create-checkout here), so the confirmation
    // page takes over and offers to try again.
    await user.click(fields.getByRole('button', { name: 'Verbindlich anmelden' }));
    await waitFor(() =>
      expect(screen.getByTestId('current-path')).toHaveTextContent(/^\/buchung\/SW-7K3M#manage-1$/),
    );
    expect(screen.getByText('Zahlung nicht gestartet')).toBeInTheDocument();
    const [first, second] = backend.calls(RPC).map((call) => (call.body as { requestId: string }).requestId);
    expect(second).toBe(first);
  });

  it('a repeat answered without a token (the confirmation already went out) says sent without asking', async () => {
    const user = userEvent.setup();
    const { backend } = bookingOf(uniqueRow());
    backend.on(RPC, () => json({ ...receipt, confirmation_token: null }));
    const fields = await fillIn(user);
    await user.click(fields.getByRole('button', { name: 'Verbindlich anmelden' }));
    expect(await screen.findByText('E-Mails versendet!')).toBeInTheDocument();
    expect(backend.calls(MAIL)).toHaveLength(0);
  });

  it('treats an answer that breaks the contract as a failure, keeping the input', async () => {
    const user = userEvent.setup();
    const { backend } = bookingOf(uniqueRow());
    backend.on(RPC, () => json({ participant_id: 'p-1' }));
    const fields = await fillIn(user);
    await user.click(fields.getByRole('button', { name: 'Verbindlich anmelden' }));
    expect(
      await fields.findByText('Es gab ein Problem bei der Anmeldung. Bitte versuche es später erneut.'),
    ).toBeInTheDocument();
    expect(fields.getByLabelText('Name *')).toHaveValue('Anna Muster');
  });

  it('explains a sold-out answer and switches to the waiting list with what was typed', async () => {
    const user = userEvent.setup();
    const row = uniqueRow({ max_participants: 5, current_participants: 4 });
    const { backend, rows } = bookingOf(row);
    backend.on(RPC, () => {
      rows[0] = { ...row, current_participants: 5 };
      return refusal('EVENT_SOLD_OUT');
    });
    const fields = await fillIn(user);
    await user.click(fields.getByRole('button', { name: 'Verbindlich anmelden' }));
    expect(await screen.findByText('Dieses Event ist inzwischen leider ausgebucht.')).toBeInTheDocument();
    expect(screen.getByText('Fehler bei der Anmeldung')).toBeInTheDocument();
    expect(await screen.findByText('Event ausgebucht')).toBeInTheDocument();
    const waitlist = within(await screen.findByRole('form', { name: 'Warteliste' }));
    expect(waitlist.getByLabelText('Name *')).toHaveValue('Anna Muster');
    expect(waitlist.getByLabelText('E-Mail *')).toHaveValue('anna@example.ch');
  });

  it('explains a cancellation in the meantime', async () => {
    const user = userEvent.setup();
    const row = uniqueRow();
    const { backend, rows } = bookingOf(row);
    backend.on(RPC, () => {
      rows[0] = { ...row, is_cancelled: true };
      return refusal('EVENT_CANCELLED');
    });
    await user.click((await fillIn(user)).getByRole('button', { name: 'Verbindlich anmelden' }));
    expect(await screen.findByText(/wurde inzwischen abgesagt/)).toBeInTheDocument();
    expect(await screen.findByText('Event abgesagt')).toBeInTheDocument();
  });

  it('reports the confirmation as sent once the outbox has delivered it', async () => {
    const user = userEvent.setup();
    const { backend } = bookingOf(uniqueRow());
    backend.on(RPC, () => json(receipt));
    const answers = ['queued', 'queued', 'sent'];
    backend.on(MAIL, () => json(answers.shift() ?? 'sent'));
    await user.click((await fillIn(user)).getByRole('button', { name: 'Verbindlich anmelden' }));
    expect(await screen.findByText('E-Mails versendet!', undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(backend.calls(MAIL)).toHaveLength(3);
  });

  it('reports a confirmation that was given up', async () => {
    const user = userEvent.setup();
    const { backend } = bookingOf(uniqueRow());
    backend.on(RPC, () => json(receipt));
    backend.on(MAIL, () => json('failed'));
    await user.click((await fillIn(user)).getByRole('button', { name: 'Verbindlich anmelden' }));
    expect(await screen.findByText('E-Mail Problem')).toBeInTheDocument();
    expect(screen.getByText(/Falls du keine Bestätigungs-E-Mail erhältst/)).toBeInTheDocument();
    expect(screen.queryByText('E-Mails versendet!')).not.toBeInTheDocument();
  });

  it('points to the booking already made when the e-mail address is registered for the event', async () => {
    const user = userEvent.setup();
    const { backend } = bookingOf(uniqueRow());
    backend.on(RPC, () => refusal('ALREADY_REGISTERED'));
    const fields = await fillIn(user);
    await user.click(fields.getByRole('button', { name: 'Verbindlich anmelden' }));
    // At the e-mail field (the address is what the refusal is about), with the pointer to the
    // confirmation mail; what was typed stays.
    const atField = await fields.findByText(
      /Mit dieser E-Mail-Adresse bist du für dieses Event bereits angemeldet\. Die Bestätigung haben wir dir per E-Mail geschickt/,
    );
    const email = fields.getByLabelText('E-Mail *');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email.getAttribute('aria-describedby')).toContain(atField.id);
    expect(email).toHaveFocus();
    expect(fields.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('Fehler bei der Anmeldung')).toBeInTheDocument();
    expect(email).toHaveValue('anna@example.ch');
    expect(fields.getByLabelText('Name *')).toHaveValue('Anna Muster');
    expect(screen.getByTestId('current-path')).toHaveTextContent(/\/buchen$/);
  });

  it.each([
    ['the function', 'phone', 'Telefon *', /Bitte gib eine gültige Telefonnummer ein/],
    ['the database', 'email', 'E-Mail *', /Bitte gib eine gültige E-Mail-Adresse ein/],
    ['the database', 'payment_method', null, /Bitte wähle eine Zahlungsmethode/],
  ])(
    'shows a field refused by %s (%s) at that field, keeping the input',
    async (_, detail, label, message) => {
      const user = userEvent.setup();
      const { backend } = bookingOf(uniqueRow());
      backend.on(RPC, () => refusal('INVALID_INPUT', detail));
      const fields = await fillIn(user);
      await user.click(fields.getByRole('button', { name: 'Verbindlich anmelden' }));
      const atField = await fields.findByText(message);
      expect(screen.getByText('Bitte Eingaben prüfen')).toBeInTheDocument();
      if (label) {
        const input = fields.getByLabelText(label);
        expect(input).toHaveAttribute('aria-invalid', 'true');
        expect(input.getAttribute('aria-describedby')).toContain(atField.id);
        expect(input).toHaveFocus();
      }
      expect(fields.queryByRole('alert')).not.toBeInTheDocument();
      expect(fields.getByLabelText('Name *')).toHaveValue('Anna Muster');
      expect(fields.getByLabelText('Telefon *')).toHaveValue('+41 79 555 66 77');
    },
  );

  it('shows the limit message of the function as it is and keeps the input', async () => {
    const user = userEvent.setup();
    const { backend } = bookingOf(uniqueRow());
    const limit =
      'Von deiner Internetverbindung sind in der letzten Stunde schon mehrere Anmeldungen eingegangen. Bitte versuche es in einer Stunde erneut oder melde dich direkt bei uns.';
    backend.on(RPC, () => json({ success: false, error: limit }, 429));
    const fields = await fillIn(user);
    await user.click(fields.getByRole('button', { name: 'Verbindlich anmelden' }));
    expect(await fields.findByText(limit)).toBeInTheDocument();
    expect(fields.getByLabelText('Name *')).toHaveValue('Anna Muster');
    expect(fields.getByLabelText('Anmerkungen')).toHaveValue('Vegetarisch');
  });

  it.each([
    ['still queued', () => json('queued')],
    ['not reachable', () => networkFailure()],
  ])(
    'keeps the registration and says the confirmation will follow when the mail is %s',
    async (_, answer) => {
      vi.useFakeTimers({ shouldAdvanceTime: true });
      try {
        const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
        const { backend } = bookingOf(uniqueRow());
        backend.on(RPC, () => json(receipt));
        backend.on(MAIL, answer);
        await user.click((await fillIn(user)).getByRole('button', { name: 'Verbindlich anmelden' }));
        await waitFor(() => expect(screen.getByTestId('current-path')).toHaveTextContent(CONFIRMATION_PATH));
        await vi.advanceTimersByTimeAsync(STATUS_POLL_INTERVAL_MS * STATUS_POLL_ATTEMPTS);
        expect(await screen.findByText('Bestätigung folgt')).toBeInTheDocument();
        expect(screen.getByText(/Die Bestätigungs-E-Mail ist unterwegs/)).toBeInTheDocument();
        expect(screen.queryByText('E-Mails versendet!')).not.toBeInTheDocument();
        expect(backend.calls(MAIL)).toHaveLength(STATUS_POLL_ATTEMPTS);
      } finally {
        vi.useRealTimers();
      }
    },
  );
});

describe("the event's questions", () => {
  const CHILD = '11111111-1111-4111-8111-111111111111';
  const MENU = '22222222-2222-4222-8222-222222222222';
  const PHOTOS = '33333333-3333-4333-8333-333333333333';
  const questions = [
    { id: CHILD, kind: 'text', label: 'Name und Alter des Kindes', required: true, options: [] },
    { id: MENU, kind: 'choice', label: 'Menü', required: true, options: ['vegetarisch', 'vegan'] },
    { id: PHOTOS, kind: 'yes_no', label: 'Fotos erlaubt?', required: false, options: [] },
  ];

  it('asks them with labelled controls, marks the required ones and refuses to send without them', async () => {
    const user = userEvent.setup();
    const { backend } = bookingOf(uniqueRow({ questions }));
    const fields = await fillIn(user);
    expect(fields.getByLabelText('Name und Alter des Kindes *')).toBeRequired();
    expect(
      within(fields.getByLabelText('Menü *'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Bitte wählen', 'vegetarisch', 'vegan']);
    const photos = fields.getByRole('radiogroup', { name: 'Fotos erlaubt?' });
    expect(
      within(photos)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['Ja', 'Nein']);

    await user.click(fields.getByRole('button', { name: 'Verbindlich anmelden' }));
    const child = fields.getByLabelText('Name und Alter des Kindes *');
    await waitFor(() => expect(child).toHaveAttribute('aria-invalid', 'true'));
    expect(child).toHaveAccessibleDescription('Bitte beantworte diese Frage.');
    expect(fields.getByLabelText('Menü *')).toHaveAccessibleDescription('Bitte beantworte diese Frage.');
    expect(await screen.findByText('Bitte beantworte die markierten Fragen.')).toBeInTheDocument();
    expect(backend.calls(RPC)).toHaveLength(0);
  });

  it('sends the answers by question id, chosen with the keyboard', async () => {
    const user = userEvent.setup();
    const { backend } = bookingOf(uniqueRow({ questions }));
    backend.on(RPC, () => json(receipt));
    backend.on(MAIL, () => json('sent'));
    backend.on(BOOKING, () => json(null));
    const fields = await fillIn(user);
    await user.type(fields.getByLabelText('Name und Alter des Kindes *'), 'Mia, 7');
    await user.selectOptions(fields.getByLabelText('Menü *'), 'vegan');
    fields.getByRole('radio', { name: 'Ja' }).focus();
    await user.keyboard(' ');
    await user.click(fields.getByRole('button', { name: 'Verbindlich anmelden' }));
    await waitFor(() => expect(backend.calls(RPC)).toHaveLength(1));
    expect(backend.calls(RPC)[0]!.body).toMatchObject({
      answers: { [CHILD]: 'Mia, 7', [MENU]: 'vegan', [PHOTOS]: 'Ja' },
    });
  });

  it("shows the database's refusal at the question it names, keeping everything typed", async () => {
    const user = userEvent.setup();
    const { backend } = bookingOf(uniqueRow({ questions }));
    backend.on(RPC, () => refusal('ANSWER_INVALID', MENU));
    const fields = await fillIn(user);
    await user.type(fields.getByLabelText('Name und Alter des Kindes *'), 'Mia, 7');
    await user.selectOptions(fields.getByLabelText('Menü *'), 'vegan');
    await user.click(fields.getByRole('button', { name: 'Verbindlich anmelden' }));
    const menu = fields.getByLabelText('Menü *');
    await waitFor(() => expect(menu).toHaveAccessibleDescription('Bitte wähle eine der Antworten.'));
    expect(menu).toHaveFocus();
    expect(fields.getByLabelText('Name und Alter des Kindes *')).toHaveValue('Mia, 7');
    expect(fields.getByLabelText('Name *')).toHaveValue('Anna Muster');
  });

  it('asks them on the waiting list too, with what was typed before the event filled up', async () => {
    const user = userEvent.setup();
    const row = uniqueRow({ questions, max_participants: 5, current_participants: 4 });
    const { backend, rows } = bookingOf(row);
    backend.on(RPC, () => {
      rows[0] = { ...row, current_participants: 5 };
      return refusal('EVENT_SOLD_OUT');
    });
    const fields = await fillIn(user);
    await user.type(fields.getByLabelText('Name und Alter des Kindes *'), 'Mia, 7');
    await user.selectOptions(fields.getByLabelText('Menü *'), 'vegan');
    await user.click(fields.getByRole('button', { name: 'Verbindlich anmelden' }));
    const waitlist = within(await screen.findByRole('form', { name: 'Warteliste' }));
    expect(waitlist.getByLabelText('Name und Alter des Kindes *')).toHaveValue('Mia, 7');
    expect(waitlist.getByLabelText('Menü *')).toHaveValue('vegan');
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute } from '../../support/render';
import { installFakeBackend, json, type FakeBackend } from '../../support/fake-backend';
import { findToast } from './find-toast';
import { stubPointerApis } from './pointer-apis';
import { adminAuth, eventRow, participantRow } from './fixtures';

const LAZY = { timeout: 15_000 };
vi.setConfig({ testTimeout: 30_000 });

const BOOKINGS = 'GET /rest/v1/admin_bookings';
const EVENT = 'e-1';

// Paid CHF 130 by TWINT for one person, confirmed.
const anna = participantRow({
  id: 'p-1',
  notes: 'Vegetarisch',
  phone: '+41791112233',
  payment_method: 'stripe',
  paid_method: 'twint',
  paid_cents: 13000,
  open_cents: 0,
});

const events = [
  eventRow({ id: EVENT, title: 'Breathwork & Brunch' }),
  eventRow({ id: 'e-2', title: 'Fondue', start_date: '2099-05-02', price: 95 }),
  eventRow({ id: 'e-3', title: 'Vorbei', start_date: '2020-01-01' }),
  eventRow({ id: 'e-4', title: 'Abgesagt', is_cancelled: true }),
  eventRow({ id: 'e-5', title: 'Archiviert', status: 'archived' }),
];

function history(overrides: Record<string, unknown>) {
  return {
    id: 1,
    created_at: '2026-11-20T09:30:00Z',
    actor: 'visitor',
    actor_name: '',
    action: 'booked',
    status_before: null,
    status_after: 'held',
    persons_before: null,
    persons_after: 1,
    event_before: null,
    event_after: null,
    amount_cents: null,
    note: '',
    override: false,
    ...overrides,
  };
}

let api: FakeBackend;

beforeEach(() => {
  api = installFakeBackend();
  stubPointerApis();
  api.on(BOOKINGS, () => json([anna]));
  api.on('GET /rest/v1/events', () => json(events));
  api.on('GET /rest/v1/booking_history', () => json([]));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function openDetail(booking = anna) {
  api.on(BOOKINGS, () => json([booking]));
  const rendered = renderRoute(`/admin/participants/${booking.id}`, { auth: adminAuth });
  await screen.findByRole('heading', { level: 1, name: booking.name! }, LAZY);
  return rendered;
}

describe('participant detail', () => {
  it('shows the booking: reference, status apart from money, TWINT, amounts', async () => {
    await openDetail();
    expect(api.calls(BOOKINGS)[0]?.url.searchParams.get('id')).toBe('eq.p-1');
    expect(screen.getByRole('link', { name: 'anna@example.ch' })).toHaveAttribute(
      'href',
      'mailto:anna@example.ch',
    );
    // Stored in E.164, shown in the usual Swiss groups, dialled as stored.
    expect(screen.getByRole('link', { name: '+41 79 111 22 33' })).toHaveAttribute(
      'href',
      'tel:+41791112233',
    );
    expect(screen.getByText('SW-7K3M')).toBeInTheDocument();
    expect(screen.getByText('Breathwork & Brunch (15.03.2099)')).toBeInTheDocument();
    expect(screen.getByText('Vegetarisch', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText('Bestätigt')).toBeInTheDocument();
    expect(screen.getByText('bezahlt')).toBeInTheDocument();
    expect(screen.getByText('Online (TWINT)')).toBeInTheDocument();
    // A booking holding seats cannot be removed, only cancelled.
    expect(screen.queryByRole('button', { name: 'Anna Muster entfernen' })).toBeNull();
  });

  it('names the discount code a booking was made with and what it takes off (issue 28)', async () => {
    await openDetail(participantRow({ ...anna, discount_code: 'HERBST10', code_discount_cents: 1350 }));
    expect(screen.getByText('Rabattcode', { selector: 'dt' })).toBeInTheDocument();
    expect(screen.getByText('HERBST10 (− CHF 13.50)', { selector: 'dd' })).toBeInTheDocument();
  });

  it('removes a cancelled booking without money and leaves for the list', async () => {
    api.on('POST /rest/v1/rpc/admin_delete_participant', () => new Response(null, { status: 204 }));
    const { router } = await openDetail(
      participantRow({ id: 'p-9', status: 'expired', owed_cents: 0, open_cents: 0 }),
    );
    expect(screen.getByText('Abgelaufen')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Anna Muster entfernen' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Entfernen' }),
    );
    await findToast('Buchung entfernt');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/participants'), LAZY);
  });

  it('saves contact data through admin_update_participant (persons have their own transition)', async () => {
    api.on('POST /rest/v1/rpc/admin_update_participant', () => json({}));
    await openDetail();
    const form = screen.getByRole('form', { name: 'Kontaktdaten bearbeiten' });
    const user = userEvent.setup();
    const name = within(form).getByLabelText('Name *');
    await user.clear(name);
    await user.type(name, 'Anna Beispiel');
    await user.click(within(form).getByRole('button', { name: 'Änderungen speichern' }));
    await findToast('Änderungen gespeichert');
    expect(api.calls('POST /rest/v1/rpc/admin_update_participant')[0]?.body).toEqual({
      p_participant_id: 'p-1',
      p_name: 'Anna Beispiel',
      p_email: 'anna@example.ch',
      p_phone: '+41791112233',
      p_notes: 'Vegetarisch',
    });
  });

  it('changes the persons after saying the new amount open; a full event needs the explicit override', async () => {
    const answers = [
      json({ code: 'P0001', message: 'NOT_ENOUGH_SEATS', details: '2', hint: null }, 400),
      json({ ...anna, persons: 4 }),
    ];
    api.on('POST /rest/v1/rpc/admin_change_persons', () => answers.shift()!);
    await openDetail();
    const user = userEvent.setup();
    const persons = screen.getByLabelText('Personen');
    await user.clear(persons);
    await user.type(persons, '4');
    await user.click(screen.getByRole('button', { name: 'Personen ändern' }));
    const dialog = await screen.findByRole('dialog', { name: 'Personen ändern' });
    expect(dialog).toHaveTextContent('1 Person → 4 Personen');
    // 4 × CHF 130 = CHF 520, CHF 130 paid.
    expect(dialog).toHaveTextContent('Danach offen: CHF 390.00 (Betrag neu CHF 520.00).');
    expect(dialog).toHaveTextContent('Anna Muster erhält eine E-Mail');
    await user.click(within(dialog).getByRole('button', { name: 'Personen ändern' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Es sind nur noch 2 Plätze frei.');
    await user.click(within(dialog).getByRole('button', { name: 'Trotzdem ändern (Überbuchung)' }));
    await findToast('Personen geändert');
    expect(api.calls('POST /rest/v1/rpc/admin_change_persons').map((call) => call.body)).toEqual([
      { p_participant_id: 'p-1', p_persons: 4, p_override: false },
      { p_participant_id: 'p-1', p_persons: 4, p_override: true },
    ]);
  });

  it('changes a booking with ticket types per type: booked prices kept, the counts sent (issue 28)', async () => {
    const family = participantRow({
      ...anna,
      persons: 3,
      owed_cents: 11500,
      paid_cents: 11500,
      open_cents: 0,
      tickets: [
        { name: 'Erwachsene', persons: 2, price_cents: 4500 },
        { name: 'Kinder (5–12)', persons: 1, price_cents: 2500 },
      ],
    });
    api.on('GET /rest/v1/event_ticket_types', () =>
      json([
        { id: 't-a', event_id: 'e-1', name: 'Erwachsene', price: 50, capacity: null, note: '', position: 0 },
        { id: 't-k', event_id: 'e-1', name: 'Kinder (5–12)', price: 25, capacity: 4, note: '', position: 1 },
      ]),
    );
    api.on('POST /rest/v1/rpc/admin_change_persons', () => json({ ...family, persons: 4 }));
    await openDetail(family);
    const user = userEvent.setup();
    expect(screen.queryByLabelText('Personen')).not.toBeInTheDocument();
    const children = await screen.findByLabelText('Kinder (5–12)');
    expect(screen.getByLabelText('Erwachsene')).toHaveValue(2);
    await user.clear(children);
    await user.type(children, '2');
    await user.click(screen.getByRole('button', { name: 'Tickets ändern' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tickets ändern' });
    // The adults keep their booked CHF 45.00: 2 × 45 + 2 × 25 = CHF 140.00, CHF 115 paid.
    expect(dialog).toHaveTextContent('Danach offen: CHF 25.00 (Betrag neu CHF 140.00).');
    await user.click(within(dialog).getByRole('button', { name: 'Tickets ändern' }));
    await findToast('Tickets geändert');
    expect(api.calls('POST /rest/v1/rpc/admin_change_persons')[0]!.body).toEqual({
      p_participant_id: 'p-1',
      p_persons: 4,
      p_override: false,
      p_tickets: { 't-a': 2, 't-k': 2 },
    });
  });

  it('moves only to upcoming, open events and says the customer gets the new date', async () => {
    api.on('POST /rest/v1/rpc/admin_move_booking', () => json({ ...anna, event_id: 'e-2' }));
    await openDetail();
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Neues Event' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Fondue (02.05.2099)',
    ]);
    await user.click(screen.getByRole('option', { name: 'Fondue (02.05.2099)' }));
    await user.click(screen.getByRole('button', { name: 'Verschieben' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buchung verschieben' });
    expect(dialog).toHaveTextContent('auf «Fondue» am');
    expect(dialog).toHaveTextContent('CHF 35.00 zu viel bezahlt');
    expect(dialog).toHaveTextContent('E-Mail mit dem neuen Datum');
    expect(api.calls('POST /rest/v1/rpc/admin_move_booking')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Verschieben' }));
    await findToast('Buchung verschoben');
    expect(api.calls('POST /rest/v1/rpc/admin_move_booking')[0]?.body).toEqual({
      p_participant_id: 'p-1',
      p_event_id: 'e-2',
      p_override: false,
    });
  });

  it('lists the history in German: when, who, what, before → after, persons, amount, note, override', async () => {
    api.on('GET /rest/v1/booking_history', () =>
      json([
        history({ id: 1 }),
        history({
          id: 2,
          created_at: '2026-11-20T09:35:00Z',
          actor: 'stripe',
          action: 'payment_confirmed',
          status_before: 'held',
          status_after: 'confirmed',
          persons_before: 1,
          amount_cents: 13000,
        }),
        history({
          id: 3,
          created_at: '2026-11-21T10:00:00Z',
          actor: 'admin',
          actor_name: 'Maria Admin',
          action: 'moved',
          status_before: 'confirmed',
          status_after: 'confirmed',
          persons_before: 1,
          event_before: 'e-2',
          event_after: EVENT,
          note: 'Wunsch der Kundin',
          override: true,
        }),
        history({ id: 4, created_at: '2026-11-22T10:00:00Z', actor: 'system', action: 'hold_expired' }),
      ]),
    );
    await openDetail();
    const list = await screen.findByRole('list', { name: 'Einträge im Verlauf' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    expect(items[0]).toHaveTextContent('20.11.2026 10:30Gebuchtvon Besucher/in');
    expect(items[0]).toHaveTextContent('neu → Reserviert · 1 Person');
    expect(items[1]).toHaveTextContent('Online-Zahlung bestätigtvon Stripe');
    expect(items[1]).toHaveTextContent('Reserviert → Bestätigt · 1 Person · CHF 130.00');
    expect(items[2]).toHaveTextContent('Verschobenvon Maria Admin');
    expect(items[2]).toHaveTextContent('Fondue (02.05.2099) → Breathwork & Brunch (15.03.2099)');
    expect(items[2]).toHaveTextContent('Notiz: Wunsch der Kundin');
    expect(within(items[2]!).getByText('Überbuchung bewusst zugelassen')).toBeInTheDocument();
    expect(items[3]).toHaveTextContent('Reservation abgelaufenvon System');
    expect(api.calls('GET /rest/v1/booking_history')[0]?.url.searchParams.get('participant_id')).toBe(
      'eq.p-1',
    );
  });

  it("'Zahlung prüfen': a payment that did not match is accepted (CHF) or sent back", async () => {
    const held = participantRow({
      id: 'p-5',
      name: 'Hans Halt',
      status: 'held',
      payment_method: 'stripe',
      needs_review: true,
    });
    api.on('GET /rest/v1/payments', () =>
      json([
        {
          id: 'pay-1',
          amount_cents: 100,
          currency: 'chf',
          method: 'twint',
          created_at: '2026-11-20T10:00:00Z',
        },
        {
          id: 'pay-2',
          amount_cents: 4500,
          currency: 'eur',
          method: 'card',
          created_at: '2026-11-20T10:05:00Z',
        },
      ]),
    );
    api.on('POST /rest/v1/rpc/admin_resolve_payment', () => json({}));
    await openDetail(held);
    const card = await screen.findByRole('region', { name: 'Zahlung prüfen' });
    const items = within(card).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('CHF 1.00TWINT');
    expect(items[1]).toHaveTextContent('EUR 45.00Karte');
    // A foreign currency cannot count as paid: only 'Zurückweisen'.
    expect(within(items[1]!).queryByRole('button', { name: 'Annehmen' })).toBeNull();
    const user = userEvent.setup();
    await user.click(within(items[1]!).getByRole('button', { name: 'Zurückweisen' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('EUR 45.00 geht über Stripe an Hans Halt zurück.');
    await user.click(within(dialog).getByRole('button', { name: 'Zurückweisen' }));
    await findToast('Zahlung zurückgewiesen');
    expect(api.calls('POST /rest/v1/rpc/admin_resolve_payment')[0]?.body).toEqual({
      p_payment_id: 'pay-2',
      p_accept: false,
      p_note: '',
    });
    expect(api.calls('GET /rest/v1/payments')[0]?.url.searchParams.get('state')).toBe('eq.mismatch');
  });

  it('says when there is no such registration', async () => {
    api.on(BOOKINGS, () => json([]));
    renderRoute('/admin/participants/unknown', { auth: adminAuth });
    expect(await screen.findByText('Keine Anmeldungen gefunden', {}, LAZY)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zurück' })).toHaveAttribute('href', '/admin/participants');
  });
});

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute } from '../../support/render';
import { installFakeBackend, json, type FakeBackend } from '../../support/fake-backend';
import { stubPointerApis } from './pointer-apis';
import { findToast } from './find-toast';
import { adminAuth, eventRow, participantRow } from './fixtures';
import { ADMIN_ERROR_MESSAGES } from '@common/error-codes.ts';

const LAZY = { timeout: 15_000 };
vi.setConfig({ testTimeout: 30_000 });

const brunch = eventRow({ id: 'e-1', title: 'Breathwork & Brunch', status: 'published' });
const draft = eventRow({
  id: 'e-2',
  title: 'Waldbaden Entwurf',
  status: 'draft',
  payment_methods: ['invoice'],
});
const kids = eventRow({ id: 'e-3', title: 'Feuerzauber', status: 'published', start_date: '2099-04-01' });
// Never offered for a booking: past, cancelled, archived.
const past = eventRow({ id: 'e-4', title: 'Vorbei', status: 'published', start_date: '2020-01-01' });
const called = eventRow({ id: 'e-5', title: 'Abgesagt', status: 'published', is_cancelled: true });
const archived = eventRow({ id: 'e-6', title: 'Archiviert', status: 'archived' });

// Confirmed, on site, CHF 130 open.
const anna = participantRow({ id: 'p-1', notes: 'Vegetarisch' });
// Paid online by card.
const annaAgain = participantRow({
  id: 'p-2',
  event_id: 'e-3',
  email: 'ANNA@example.ch',
  payment_method: 'stripe',
  paid_method: 'card',
  paid_cents: 13000,
  open_cents: 0,
  event: { id: 'e-3', title: 'Feuerzauber', start_date: '2099-04-01', price: 130 },
});
// Cancelled, nothing paid.
const ben = participantRow({
  id: 'p-3',
  name: 'Ben Beispiel',
  email: 'ben@example.ch',
  status: 'cancelled',
  owed_cents: 0,
  open_cents: 0,
  event_id: 'e-gone',
  event: null,
});

const BOOKINGS = 'GET /rest/v1/admin_bookings';

let api: FakeBackend;

beforeEach(() => {
  api = installFakeBackend();
  stubPointerApis();
  api.on(BOOKINGS, () => json([anna, annaAgain, ben]));
  api.on('GET /rest/v1/events', () => json([brunch, draft, kids, past, called, archived]));
  api.on('POST /rest/v1/rpc/admin_event_ticket_counts', () => json([]));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function openPage() {
  const rendered = renderRoute('/admin/participants', { auth: adminAuth });
  await screen.findByText('Ben Beispiel', {}, LAZY);
  return rendered;
}

function stat(label: string) {
  return screen.getByTestId(`stat-${label}`);
}

function row(name: string, email: string) {
  return screen
    .getAllByRole('row')
    .find((tr) => within(tr).queryByText(email) && within(tr).queryByText(name))!;
}

describe('participants page', () => {
  it('shows five skeleton rows while loading', async () => {
    api.on(BOOKINGS, () => new Promise<Response>(() => undefined));
    renderRoute('/admin/participants', { auth: adminAuth });
    await waitFor(() => expect(screen.getAllByTestId('participant-skeleton')).toHaveLength(5), LAZY);
  });

  it('lists registrations with event, date, status apart from money, and notes', async () => {
    await openPage();
    expect(screen.getByText('Anmeldungen (3)')).toBeInTheDocument();
    const annaRow = row('Anna Muster', 'anna@example.ch');
    expect(within(annaRow).getByText('Breathwork & Brunch')).toBeInTheDocument();
    expect(within(annaRow).getByText('15.03.2099')).toBeInTheDocument();
    expect(within(annaRow).getByText('Bestätigt')).toBeInTheDocument();
    expect(within(annaRow).getByText('offen CHF 130.00')).toBeInTheDocument();
    expect(within(row('Anna Muster', 'ANNA@example.ch')).getByText('bezahlt')).toBeInTheDocument();
    expect(within(annaRow).getByText('Vegetarisch')).toBeInTheDocument();
    const benRow = row('Ben Beispiel', 'ben@example.ch');
    expect(within(benRow).getByText('Unknown Event')).toBeInTheDocument();
    expect(within(benRow).getByText('Datum unbekannt')).toBeInTheDocument();
    expect(within(benRow).getByText('Storniert')).toBeInTheDocument();
    expect(within(benRow).getByText('-')).toBeInTheDocument();
    // Recording a payment is offered while money is open on a booking that holds seats.
    expect(
      within(row('Anna Muster', 'ANNA@example.ch')).queryByRole('button', { name: /Zahlung erfassen für/ }),
    ).toBeNull();
    expect(within(benRow).queryByRole('button', { name: /Zahlung erfassen für/ })).toBeNull();
    expect(
      within(annaRow).getByRole('button', { name: 'Zahlung erfassen für Anna Muster' }),
    ).toBeInTheDocument();
  });

  it('shows the reference of an invoice for matching bank statements, and records its payment like any other', async () => {
    const clara = participantRow({
      id: 'p-4',
      name: 'Clara Rechnung',
      email: 'clara@example.ch',
      payment_method: 'invoice',
      invoice_reference: '000000000000000000001234565',
    });
    api.on(BOOKINGS, () => json([anna, annaAgain, ben, clara]));
    await openPage();
    const claraRow = row('Clara Rechnung', 'clara@example.ch');
    expect(within(claraRow).getByText('Referenz 00 00000 00000 00000 00012 34565')).toBeInTheDocument();
    expect(within(row('Anna Muster', 'anna@example.ch')).queryByText(/^Referenz/)).toBeNull();
    expect(
      within(claraRow).getByRole('button', { name: 'Zahlung erfassen für Clara Rechnung' }),
    ).toBeInTheDocument();
  });

  it("a cancelled invoice booking's refund waits for the admin: badge, filter, 'Rückerstattung erfasst' after asking", async () => {
    const dora = participantRow({
      id: 'p-5',
      name: 'Dora Storno',
      email: 'dora@example.ch',
      payment_method: 'invoice',
      status: 'cancelled',
      owed_cents: 0,
      paid_cents: 13000,
      refunded_cents: 13000,
      open_cents: 0,
      refund_open: true,
    });
    const paidInvoice = participantRow({
      id: 'p-6',
      name: 'Emil Bezahlt',
      email: 'emil@example.ch',
      payment_method: 'invoice',
      paid_method: 'invoice',
      paid_cents: 13000,
      open_cents: 0,
    });
    api.on(BOOKINGS, () => json([anna, annaAgain, ben, dora, paidInvoice]));
    api.on('POST /rest/v1/rpc/admin_record_manual_refund', () => json('refunded'));
    await openPage();
    const user = userEvent.setup();
    const doraRow = row('Dora Storno', 'dora@example.ch');
    expect(within(doraRow).getByText('Rückerstattung offen')).toBeInTheDocument();
    expect(within(doraRow).getByText('zurückerstattet')).toBeInTheDocument();
    // A paid booking can be refunded (by transfer for an invoice, through Stripe online).
    expect(
      within(row('Emil Bezahlt', 'emil@example.ch')).getByRole('button', {
        name: 'Emil Bezahlt rückerstatten',
      }),
    ).toBeInTheDocument();
    expect(within(row('Anna Muster', 'anna@example.ch')).queryByText('Rückerstattung offen')).toBeNull();

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Rückerstattung offen' }));
    expect(await screen.findByText('Anmeldungen (1)')).toBeInTheDocument();

    await user.click(within(doraRow).getByRole('button', { name: 'Rückerstattung erfasst für Dora Storno' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('per Überweisung zurückbezahlt');
    expect(api.calls('POST /rest/v1/rpc/admin_record_manual_refund')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Rückerstattung erfasst' }));
    await findToast('Rückerstattung erfasst');
    expect(api.calls('POST /rest/v1/rpc/admin_record_manual_refund')[0]?.body).toEqual({
      p_participant_id: 'p-5',
    });
  });

  it("flags a payment Stripe took that did not match ('Zahlung prüfen') and filters by it", async () => {
    const fritz = participantRow({
      id: 'p-7',
      name: 'Fritz Falsch',
      email: 'fritz@example.ch',
      status: 'held',
      payment_method: 'stripe',
      needs_review: true,
    });
    api.on(BOOKINGS, () => json([anna, ben, fritz]));
    await openPage();
    const user = userEvent.setup();
    const fritzRow = row('Fritz Falsch', 'fritz@example.ch');
    expect(within(fritzRow).getByText('Reserviert')).toBeInTheDocument();
    expect(within(fritzRow).getByText('Zahlung prüfen')).toBeInTheDocument();
    expect(within(row('Anna Muster', 'anna@example.ch')).queryByText('Zahlung prüfen')).toBeNull();
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Zahlung prüfen' }));
    expect(await screen.findByText('Anmeldungen (1)')).toBeInTheDocument();
  });

  it('Rückerstatten offers the balance (paid minus refunded), asks for a reason and calls admin_refund', async () => {
    // Paid CHF 1’350.00, CHF 900.00 went back already: CHF 450.00 is left.
    const gina = participantRow({
      id: 'p-8',
      name: 'Gina Geld',
      email: 'gina@example.ch',
      payment_method: 'stripe',
      paid_method: 'twint',
      persons: 1,
      owed_cents: 45000,
      paid_cents: 135000,
      refunded_cents: 90000,
      open_cents: 0,
    });
    api.on(BOOKINGS, () => json([anna, ben, gina]));
    let answer = json({ code: 'P0001', message: 'AMOUNT_TOO_HIGH', details: '45000' }, 400);
    api.on('POST /rest/v1/rpc/admin_refund', () => answer);
    await openPage();
    const user = userEvent.setup();
    const ginaRow = row('Gina Geld', 'gina@example.ch');
    expect(within(ginaRow).getByText('teilweise zurückerstattet')).toBeInTheDocument();
    await user.click(within(ginaRow).getByRole('button', { name: 'Gina Geld rückerstatten' }));
    const dialog = await screen.findByRole('dialog', { name: 'Betrag rückerstatten' });
    expect(dialog).toHaveTextContent('Bezahlt sind CHF 450.00');
    expect(dialog).toHaveTextContent('über Stripe');
    expect(dialog).toHaveTextContent('erhält eine E-Mail');
    expect(within(dialog).getByLabelText('Betrag in CHF *')).toHaveValue('450.00');
    const confirm = within(dialog).getByRole('button', { name: 'Rückerstatten' });
    // No reason, no refund.
    expect(confirm).toBeDisabled();
    await user.clear(within(dialog).getByLabelText('Betrag in CHF *'));
    await user.type(within(dialog).getByLabelText('Betrag in CHF *'), '50');
    await user.type(within(dialog).getByLabelText('Grund *'), 'Getränke nicht bezogen');
    await user.click(confirm);
    // The database's refusal in the admin's words, the dialog stays.
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      `${ADMIN_ERROR_MESSAGES.AMOUNT_TOO_HIGH} Höchstens CHF 450.00.`,
    );
    answer = json(5000);
    await user.click(confirm);
    await findToast('Rückerstattung ausgelöst');
    expect(api.calls('POST /rest/v1/rpc/admin_refund')[1]?.body).toEqual({
      p_participant_id: 'p-8',
      p_amount_cents: 5000,
      p_reason: 'Getränke nicht bezogen',
    });
  });

  it("one event's list shows its booked persons per ticket type", async () => {
    api.on('POST /rest/v1/rpc/admin_event_ticket_counts', (request) =>
      json(
        (request.body as { p_event_ids: string[] }).p_event_ids[0] === 'e-3'
          ? [
              { event_id: 'e-3', name: 'Erwachsene', persons: 12 },
              { event_id: 'e-3', name: 'Kinder', persons: 5 },
            ]
          : [],
      ),
    );
    renderRoute('/admin/participants?event=e-3', { auth: adminAuth });
    expect(
      await screen.findByText('Gebucht nach Ticketart: Erwachsene 12 · Kinder 5', {}, LAZY),
    ).toBeInTheDocument();
    expect(api.calls('POST /rest/v1/rpc/admin_event_ticket_counts')[0]!.body).toEqual({
      p_event_ids: ['e-3'],
    });
  });

  it('shows no split per ticket type for an event without types', async () => {
    renderRoute('/admin/participants?event=e-1', { auth: adminAuth });
    await screen.findByRole('heading', { level: 1, name: 'Teilnehmer' }, LAZY);
    await waitFor(() => expect(api.calls('POST /rest/v1/rpc/admin_event_ticket_counts')).toHaveLength(1));
    expect(screen.queryByText(/Gebucht nach Ticketart/)).not.toBeInTheDocument();
  });

  it('computes the four stat cards on the filtered list', async () => {
    await openPage();
    expect(stat('Teilnehmer')).toHaveTextContent('2');
    expect(stat('Bezahlt')).toHaveTextContent('1');
    expect(stat('Offen')).toHaveTextContent('1');
    expect(stat('Anmeldungen')).toHaveTextContent('3');

    await userEvent.type(screen.getByLabelText('Suche nach Name oder E-Mail'), 'anna');
    expect(screen.getByText('Anmeldungen (2)')).toBeInTheDocument();
    expect(screen.queryByText('Ben Beispiel')).not.toBeInTheDocument();
    expect(stat('Teilnehmer')).toHaveTextContent('1');
    expect(stat('Anmeldungen')).toHaveTextContent('2');
  });

  it('filters by status and shows the empty text', async () => {
    await openPage();
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Abgelaufen' }));
    expect(await screen.findByText('Keine Anmeldungen gefunden')).toBeInTheDocument();
    expect(screen.getByText('Anmeldungen (0)')).toBeInTheDocument();
  });

  it('switches between compact and extended rows', async () => {
    await openPage();
    expect(screen.queryByText(/angemeldet am/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Erweitert' }));
    expect(screen.getAllByText(/angemeldet am 20\.11\.2026/)).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Kompakt' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('records a payment: the open amount by default, through admin_record_payment', async () => {
    api.on('POST /rest/v1/rpc/admin_record_payment', () => json({ ...anna, status: 'confirmed' }));
    await openPage();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Zahlung erfassen für Anna Muster' }));
    const dialog = await screen.findByRole('dialog', { name: 'Zahlung erfassen' });
    expect(dialog).toHaveTextContent('Offen sind CHF 130.00');
    expect(within(dialog).getByLabelText('Betrag in CHF *')).toHaveValue('130.00');
    await user.click(within(dialog).getByRole('button', { name: 'Zahlung erfassen' }));
    await findToast('Zahlung erfasst');
    expect(api.calls('POST /rest/v1/rpc/admin_record_payment')[0]?.body).toEqual({
      p_participant_id: 'p-1',
      p_amount_cents: 13000,
      p_method: 'onsite',
      p_note: '',
    });
  });

  it('names an icon-only action in a tooltip that keyboard focus opens too', async () => {
    await openPage();
    const record = screen.getByRole('button', { name: 'Zahlung erfassen für Anna Muster' });
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    act(() => record.focus());
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Zahlung erfassen');
  });

  it('reports a list that cannot be loaded', async () => {
    api.on(BOOKINGS, () => json({ code: 'XX000', message: 'boom' }, 500));
    renderRoute('/admin/participants', { auth: adminAuth });
    await findToast('Fehler beim Laden der Teilnehmer', 15_000);
    expect(await screen.findByText('Keine Anmeldungen gefunden')).toBeInTheDocument();
  });

  it('shows why a payment cannot be recorded, in the dialog', async () => {
    api.on('POST /rest/v1/rpc/admin_record_payment', () =>
      json({ code: 'P0001', message: 'PAYMENT_NOT_ALLOWED' }, 400),
    );
    await openPage();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Zahlung erfassen für Anna Muster' }));
    const dialog = await screen.findByRole('dialog', { name: 'Zahlung erfassen' });
    await user.click(within(dialog).getByRole('button', { name: 'Zahlung erfassen' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      ADMIN_ERROR_MESSAGES.PAYMENT_NOT_ALLOWED,
    );
  });

  it('cancels after saying what happens: seats freed, the paid amount back (editable), a mail', async () => {
    api.on('POST /rest/v1/rpc/admin_cancel_booking', () => json({ ...annaAgain, status: 'cancelled' }));
    await openPage();
    const user = userEvent.setup();
    expect(
      within(row('Ben Beispiel', 'ben@example.ch')).queryByRole('button', { name: /stornieren/ }),
    ).toBeNull();
    await user.click(
      within(row('Anna Muster', 'ANNA@example.ch')).getByRole('button', { name: 'Anna Muster stornieren' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Buchung stornieren' });
    expect(dialog).toHaveTextContent('die Plätze werden freigegeben');
    expect(dialog).toHaveTextContent('Bezahlt sind CHF 130.00');
    expect(dialog).toHaveTextContent('Anna Muster erhält eine E-Mail');
    expect(api.calls('POST /rest/v1/rpc/admin_cancel_booking')).toHaveLength(0);
    const refund = within(dialog).getByLabelText('Rückerstattung in CHF');
    expect(refund).toHaveValue('130.00');
    await user.clear(refund);
    await user.type(refund, '200');
    expect(within(dialog).getByRole('button', { name: 'Buchung stornieren' })).toBeDisabled();
    await user.clear(refund);
    await user.type(refund, '100');
    await user.click(within(dialog).getByRole('button', { name: 'Buchung stornieren' }));
    await findToast('Buchung storniert');
    expect(api.calls('POST /rest/v1/rpc/admin_cancel_booking')[0]?.body).toEqual({
      p_participant_id: 'p-2',
      p_refund_cents: 10000,
      p_note: '',
    });
  });

  it('offers no reactivation for a cancelled booking whose person was erased', async () => {
    api.on(BOOKINGS, () => json([anna, { ...ben, anonymised_at: '2026-11-27T10:00:00Z' }]));
    await openPage();
    expect(screen.queryByRole('button', { name: 'Ben Beispiel reaktivieren' })).toBeNull();
  });

  it('reactivates a cancelled booking only with free seats, or with the explicit overbooking override', async () => {
    const answers = [
      json({ code: 'P0001', message: 'NOT_ENOUGH_SEATS', details: '0' }, 400),
      json({ ...ben, status: 'confirmed' }),
    ];
    api.on('POST /rest/v1/rpc/admin_reactivate_booking', () => answers.shift()!);
    await openPage();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Ben Beispiel reaktivieren' }));
    const dialog = await screen.findByRole('dialog', { name: 'Buchung reaktivieren' });
    expect(within(dialog).queryByRole('button', { name: /Überbuchung/ })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Reaktivieren' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Es sind keine Plätze mehr frei.');
    expect(api.calls('POST /rest/v1/rpc/admin_reactivate_booking')[0]?.body).toEqual({
      p_participant_id: 'p-3',
      p_override: false,
    });
    await user.click(within(dialog).getByRole('button', { name: 'Trotzdem reaktivieren (Überbuchung)' }));
    await findToast('Buchung reaktiviert');
    expect(api.calls('POST /rest/v1/rpc/admin_reactivate_booking')[1]?.body).toEqual({
      p_participant_id: 'p-3',
      p_override: true,
    });
  });

  it('removes after confirmation and reloads the list', async () => {
    api.on('POST /rest/v1/rpc/admin_delete_participant', () => new Response(null, { status: 204 }));
    await openPage();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Ben Beispiel entfernen' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Entfernen' }),
    );
    await findToast('Buchung entfernt');
    await waitFor(() => expect(api.calls(BOOKINGS).length).toBeGreaterThan(1));
  });

  it('removes only after confirmation and reports a failure', async () => {
    api.on('POST /rest/v1/rpc/admin_delete_participant', () =>
      json({ code: '42501', message: 'permission denied' }, 403),
    );
    await openPage();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Ben Beispiel entfernen' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(api.calls('POST /rest/v1/rpc/admin_delete_participant')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Entfernen' }));
    await findToast('Die Buchung konnte nicht entfernt werden');
    expect(api.calls('POST /rest/v1/rpc/admin_delete_participant')[0]?.body).toEqual({
      p_participant_id: 'p-3',
    });
  });

  it('exports the filtered list as a CSV download', async () => {
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:csv';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toMatch(/^teilnehmer-\d{4}-\d{2}-\d{2}\.csv$/);
      expect(this.href).toBe('blob:csv');
    });
    await openPage();
    await userEvent.type(screen.getByLabelText('Suche nach Name oder E-Mail'), 'ben');
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    expect(click).toHaveBeenCalledTimes(1);
    const text = await blobs[0]!.text();
    const lines = text
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('"Ben Beispiel";"ben@example.ch"');
    expect(blobs[0]!.type).toBe('text/csv;charset=utf-8');
    await findToast('Export erstellt');
  });

  it('keeps the filters in the URL', async () => {
    const { router } = await openPage();
    await userEvent.type(screen.getByLabelText('Suche nach Name oder E-Mail'), 'ben');
    await waitFor(() => expect(router.state.location.search).toBe('?suche=ben'));
  });

  it('writes a message to the filtered people: one per e-mail address, previewed by the database', async () => {
    api.on('POST /rest/v1/rpc/admin_preview_message', () =>
      json({ subject: 'Infos zu Breathwork & Brunch', body: 'Hallo Anna Muster' }),
    );
    api.on('POST /rest/v1/rpc/admin_send_message', () => json(2));
    await openPage();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'E-Mail' }));
    const composer = (await screen.findByRole('heading', { name: 'Nachricht an Teilnehmende' })).closest(
      'div',
    )!.parentElement!;
    // Anna twice (same address) and Ben: two people.
    expect(within(composer).getByText(/An 2 Personen/)).toBeInTheDocument();
    await user.type(within(composer).getByLabelText('Betreff *'), 'Infos zu {{event}');
    await user.type(within(composer).getByLabelText('Nachricht *'), 'Hallo {{name}');
    await user.click(within(composer).getByRole('button', { name: 'Vorschau' }));
    expect(await within(composer).findByText('Hallo Anna Muster')).toBeInTheDocument();
    await user.click(within(composer).getByRole('button', { name: 'Senden' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Senden' }));
    await findToast('Nachricht wird versendet');
    expect(api.calls('POST /rest/v1/rpc/admin_send_message')[0]?.body).toEqual({
      p_participant_ids: ['p-1', 'p-3'],
      p_subject: 'Infos zu {event}',
      p_body: 'Hallo {name}',
    });
  });
});

describe('a message to one event', () => {
  const waiting = (email: string, status = 'waiting') => ({
    id: `w-${email}`,
    list_position: 1,
    name: email,
    email,
    phone: '+41 79 000 00 00',
    persons: 1,
    status,
    offered_at: null,
    offer_expires_at: null,
    created_at: '2099-01-01T10:00:00Z',
    ended_at: null,
  });

  it('also reaches its waiting list when asked: each waiting address that did not book, once', async () => {
    api.on('POST /rest/v1/rpc/admin_waitlist', () =>
      json([
        waiting('wanda@example.ch'),
        waiting('olga@example.ch', 'offered'),
        waiting('lea@example.ch', 'left'),
        // Booked already: the booking's mail is enough.
        waiting('Anna@Example.ch'),
      ]),
    );
    api.on('POST /rest/v1/rpc/admin_send_message', () => json(3));
    renderRoute('/admin/participants?event=e-3', { auth: adminAuth });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'E-Mail' }, LAZY));
    const composer = (await screen.findByRole('heading', { name: 'Nachricht an Teilnehmende' })).closest(
      'div',
    )!.parentElement!;
    expect(within(composer).getByText(/An 1 Person aus der gefilterten Liste,/)).toBeInTheDocument();
    await user.click(await within(composer).findByLabelText('Auch an die Warteliste (2 Personen)'));
    expect(
      within(composer).getByText(/An 1 Person aus der gefilterten Liste und 2 Personen von der Warteliste/),
    ).toBeInTheDocument();
    await user.type(within(composer).getByLabelText('Betreff *'), 'Neue Zeit');
    await user.type(within(composer).getByLabelText('Nachricht *'), 'Hallo {{name}');
    await user.click(within(composer).getByRole('button', { name: 'Senden' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('Die Nachricht «Neue Zeit» geht an 3 Personen.');
    await user.click(within(confirm).getByRole('button', { name: 'Senden' }));
    await findToast('Nachricht wird versendet');
    expect(api.calls('POST /rest/v1/rpc/admin_send_message')[0]?.body).toEqual({
      p_participant_ids: ['p-2'],
      p_subject: 'Neue Zeit',
      p_body: 'Hallo {name}',
      p_waitlist_event_id: 'e-3',
    });
  });
});

describe('adding a participant', () => {
  async function openForm() {
    await openPage();
    await userEvent.click(screen.getByRole('button', { name: 'Hinzufügen' }));
    return screen.findByRole('heading', { name: 'Teilnehmer hinzufügen' });
  }

  it('offers upcoming, open events only (drafts too), with persons and the ways of paying the event offers', async () => {
    await openForm();
    const user = userEvent.setup();
    const eventSelect = screen.getByRole('combobox', { name: 'Event *' });
    expect(eventSelect).toHaveTextContent('Breathwork & Brunch');
    await user.click(eventSelect);
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual([
      'Breathwork & Brunch (15.03.2099)',
      'Waldbaden Entwurf (15.03.2099)',
      'Feuerzauber (01.04.2099)',
    ]);
    await user.keyboard('{Escape}');
    expect(screen.getByLabelText('Personen *')).toHaveValue(1);
    expect(screen.getByRole('checkbox', { name: 'Bestätigungs-E-Mail senden' })).toBeChecked();
    // On site by default, never a pending card booking without a hold.
    const method = screen.getByRole('combobox', { name: 'Zahlungsart *' });
    expect(method).toHaveTextContent('Vor-Ort-Zahlung');
    expect(screen.getByText(/bezahlt wird vor Ort/)).toBeInTheDocument();
    await user.click(method);
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Online (Karte oder TWINT, Reservation mit Zahlungslink)',
      'Vor-Ort-Zahlung (bar oder TWINT)',
    ]);
    await user.click(screen.getByRole('option', { name: /^Online/ }));
    expect(screen.getByText(/Link zum Online-Bezahlen/)).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Bestätigungs-E-Mail senden' })).toBeNull();

    // An event that takes invoices only: the method follows.
    await user.click(eventSelect);
    await user.click(await screen.findByRole('option', { name: 'Waldbaden Entwurf (15.03.2099)' }));
    await waitFor(() => expect(method).toHaveTextContent('Rechnung (QR-Rechnung)'));
    expect(screen.getByText(/mit der QR-Rechnung/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Teilnehmer hinzufügen' }));
    expect(await screen.findAllByText('Bitte füllen Sie alle Felder aus.')).toHaveLength(3);
    expect(api.calls('POST /rest/v1/rpc/admin_add_booking')).toHaveLength(0);
  });

  it('refuses a phone that is not a number at its field, in "Sie"', async () => {
    await openForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Name *'), 'Clara Neu');
    await user.type(screen.getByLabelText('E-Mail *'), 'clara@example.ch');
    await user.type(screen.getByLabelText('Telefon *'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Teilnehmer hinzufügen' }));
    expect(await screen.findByText(/Bitte geben Sie eine gültige Telefonnummer ein/)).toBeInTheDocument();
    expect(screen.getByLabelText('Telefon *')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('POST /rest/v1/rpc/admin_add_booking')).toHaveLength(0);
  });

  async function fillAndSubmit(persons = '1') {
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Name *'), 'Clara Neu');
    await user.type(screen.getByLabelText('E-Mail *'), 'clara@example.ch');
    await user.type(screen.getByLabelText('Telefon *'), '+41 79 999 88 77');
    fireEvent.change(screen.getByLabelText('Personen *'), { target: { value: persons } });
    fireEvent.change(screen.getByLabelText('Kommentar'), { target: { value: 'Kommt später' } });
    await user.click(screen.getByRole('button', { name: 'Teilnehmer hinzufügen' }));
  }

  it('books through admin_add_booking, which also queues the confirmation e-mail', async () => {
    api.on('POST /rest/v1/rpc/admin_add_booking', () => json({ ...anna, id: 'p-new' }));
    await openForm();
    await fillAndSubmit('3');
    expect(await findToast('Teilnehmer hinzugefügt')).toHaveTextContent('bezahlt wird vor Ort');
    expect(api.calls('POST /rest/v1/rpc/admin_add_booking')[0]?.body).toEqual({
      p_event_id: 'e-1',
      p_name: 'Clara Neu',
      p_email: 'clara@example.ch',
      p_phone: '+41799998877',
      p_persons: 3,
      p_payment_method: 'onsite',
      p_notes: 'Kommt später',
      p_send_mail: true,
      p_override: false,
    });
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Teilnehmer hinzufügen' })).not.toBeInTheDocument(),
    );
  });

  it('asks for no e-mail when unticked, and says so', async () => {
    api.on('POST /rest/v1/rpc/admin_add_booking', () => json({ ...anna, id: 'p-new' }));
    await openForm();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Bestätigungs-E-Mail senden' }));
    expect(screen.getByText('Der Kunde erhält keine E-Mail.')).toBeInTheDocument();
    await fillAndSubmit();
    expect(await findToast('Teilnehmer hinzugefügt')).not.toHaveTextContent('Bestätigung');
    expect(api.calls('POST /rest/v1/rpc/admin_add_booking')[0]?.body).toMatchObject({
      p_send_mail: false,
    });
  });

  it('a full event is refused in words, and booked only with the explicit overbooking override', async () => {
    const answers = [
      json({ code: 'P0001', message: 'NOT_ENOUGH_SEATS', details: '1' }, 400),
      json({ ...anna, id: 'p-new' }),
    ];
    api.on('POST /rest/v1/rpc/admin_add_booking', () => answers.shift()!);
    await openForm();
    await fillAndSubmit('2');
    expect(await screen.findByRole('alert')).toHaveTextContent('Es ist nur noch 1 Platz frei.');
    await userEvent.click(screen.getByRole('button', { name: 'Trotzdem hinzufügen (Überbuchung)' }));
    await findToast('Teilnehmer hinzugefügt');
    expect(api.calls('POST /rest/v1/rpc/admin_add_booking')[1]?.body).toMatchObject({
      p_persons: 2,
      p_override: true,
    });
  });

  it('reports a failed add and keeps the form', async () => {
    api.on('POST /rest/v1/rpc/admin_add_booking', () => json({ code: 'P0001', message: 'EVENT_PAST' }, 400));
    await openForm();
    await fillAndSubmit();
    expect(await findToast('Der Teilnehmer konnte nicht hinzugefügt werden')).toHaveTextContent(
      ADMIN_ERROR_MESSAGES.EVENT_PAST,
    );
    expect(screen.getByRole('heading', { name: 'Teilnehmer hinzufügen' })).toBeInTheDocument();
  });
});

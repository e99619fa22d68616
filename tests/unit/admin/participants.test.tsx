import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute } from '../../support/render';
import { installFakeBackend, json, type FakeBackend } from '../../support/fake-backend';
import { stubPointerApis } from './pointer-apis';
import { findToast } from './find-toast';
import { adminAuth, eventRow, PAID, participantRow } from './fixtures';

const LAZY = { timeout: 15_000 };
vi.setConfig({ testTimeout: 30_000 });

const brunch = eventRow({ id: 'e-1', title: 'Breathwork & Brunch', status: 'published' });
const draft = eventRow({ id: 'e-2', title: 'Waldbaden Entwurf', status: 'draft' });
const kids = eventRow({ id: 'e-3', title: 'Feuerzauber', status: 'published', start_date: '2099-04-01' });

const anna = participantRow({ id: 'p-1', notes: 'Vegetarisch' });
const annaAgain = participantRow({
  id: 'p-2',
  event_id: 'e-3',
  email: 'ANNA@example.ch',
  ...PAID,
  event: { id: 'e-3', title: 'Feuerzauber', start_date: '2099-04-01', price: 50 },
});
const ben = participantRow({
  id: 'p-3',
  name: 'Ben Beispiel',
  email: 'ben@example.ch',
  status: 'cancelled',
  event: null,
});

let api: FakeBackend;

beforeEach(() => {
  api = installFakeBackend();
  stubPointerApis();
  api.on('GET /rest/v1/participants', () => json([anna, annaAgain, ben]));
  api.on('GET /rest/v1/events', () => json([brunch, draft, kids]));
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
    api.on('GET /rest/v1/participants', () => new Promise<Response>(() => undefined));
    renderRoute('/admin/participants', { auth: adminAuth });
    await waitFor(() => expect(screen.getAllByTestId('participant-skeleton')).toHaveLength(5), LAZY);
  });

  it('lists registrations with event, date, status labels and notes', async () => {
    await openPage();
    expect(screen.getByText('Anmeldungen (3)')).toBeInTheDocument();
    const annaRow = row('Anna Muster', 'anna@example.ch');
    expect(within(annaRow).getByText('Breathwork & Brunch')).toBeInTheDocument();
    expect(within(annaRow).getByText('15.03.2099')).toBeInTheDocument();
    expect(within(annaRow).getByText('Ausstehend')).toBeInTheDocument();
    expect(within(annaRow).getByText('Vegetarisch')).toBeInTheDocument();
    const benRow = row('Ben Beispiel', 'ben@example.ch');
    expect(within(benRow).getByText('Unknown Event')).toBeInTheDocument();
    expect(within(benRow).getByText('Datum unbekannt')).toBeInTheDocument();
    expect(within(benRow).getByText('Storniert')).toBeInTheDocument();
    expect(within(benRow).getByText('-')).toBeInTheDocument();
    // Mark as paid is offered unless already paid.
    expect(
      within(row('Anna Muster', 'ANNA@example.ch')).queryByRole('button', { name: /als bezahlt markieren/ }),
    ).toBeNull();
    expect(
      within(annaRow).getByRole('button', { name: 'Anna Muster als bezahlt markieren' }),
    ).toBeInTheDocument();
  });

  it('shows the reference of an invoice for matching bank statements, and marks it paid like any other', async () => {
    const clara = participantRow({
      id: 'p-4',
      name: 'Clara Rechnung',
      email: 'clara@example.ch',
      payment_method: 'invoice',
      invoice_reference: '000000000000000000001234565',
    });
    api.on('GET /rest/v1/participants', () => json([anna, annaAgain, ben, clara]));
    await openPage();
    const claraRow = row('Clara Rechnung', 'clara@example.ch');
    expect(within(claraRow).getByText('Referenz 00 00000 00000 00000 00012 34565')).toBeInTheDocument();
    expect(within(row('Anna Muster', 'anna@example.ch')).queryByText(/^Referenz/)).toBeNull();
    expect(
      within(claraRow).getByRole('button', { name: 'Clara Rechnung als bezahlt markieren' }),
    ).toBeInTheDocument();
  });

  it("a cancelled invoice booking's refund waits for the admin: badge, filter, 'Rückerstattung erfasst' after asking", async () => {
    const dora = participantRow({
      id: 'p-5',
      name: 'Dora Storno',
      email: 'dora@example.ch',
      payment_method: 'invoice',
      status: 'cancelled',
      refund_requests: [{ kind: 'manual_refund', state: 'queued', amount_cents: 5000 }],
    });
    const paidInvoice = participantRow({
      id: 'p-6',
      name: 'Emil Bezahlt',
      email: 'emil@example.ch',
      payment_method: 'invoice',
      ...PAID,
    });
    api.on('GET /rest/v1/participants', () => json([anna, annaAgain, ben, dora, paidInvoice]));
    api.on('POST /rest/v1/rpc/admin_record_manual_refund', () => json('refunded'));
    await openPage();
    const user = userEvent.setup();
    const doraRow = row('Dora Storno', 'dora@example.ch');
    expect(within(doraRow).getByText('Rückerstattung offen')).toBeInTheDocument();
    // A paid invoice can be given back by transfer too; an online one only through Stripe.
    expect(
      within(row('Emil Bezahlt', 'emil@example.ch')).getByRole('button', {
        name: 'Rückerstattung an Emil Bezahlt erfasst',
      }),
    ).toBeInTheDocument();
    expect(within(row('Anna Muster', 'anna@example.ch')).queryByText('Rückerstattung offen')).toBeNull();

    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Rückerstattung offen' }));
    expect(await screen.findByText('Anmeldungen (1)')).toBeInTheDocument();

    await user.click(within(doraRow).getByRole('button', { name: 'Rückerstattung an Dora Storno erfasst' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('per Überweisung zurückbezahlt');
    expect(api.calls('POST /rest/v1/rpc/admin_record_manual_refund')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Rückerstattung erfasst' }));
    await findToast('Rückerstattung erfasst');
    expect(api.calls('POST /rest/v1/rpc/admin_record_manual_refund')[0]?.body).toEqual({
      p_participant_id: 'p-5',
    });
  });

  it('a cancelled online booking whose automatic refund failed offers the Stripe refund again', async () => {
    const fritz = participantRow({
      id: 'p-7',
      name: 'Fritz Fehler',
      email: 'fritz@example.ch',
      payment_method: 'stripe',
      status: 'cancelled',
      refund_requests: [{ kind: 'stripe_refund', state: 'failed', amount_cents: 5000 }],
    });
    api.on('GET /rest/v1/participants', () => json([anna, ben, fritz]));
    await openPage();
    const fritzRow = row('Fritz Fehler', 'fritz@example.ch');
    expect(within(fritzRow).getByText('Rückerstattung offen')).toBeInTheDocument();
    expect(within(fritzRow).getByRole('button', { name: 'Fritz Fehler rückerstatten' })).toBeInTheDocument();
    expect(within(fritzRow).queryByRole('button', { name: /als bezahlt markieren/ })).toBeNull();
  });

  it('Rückerstatten names the amount refunded now: what is left after an earlier partial refund', async () => {
    const gina = participantRow({
      id: 'p-8',
      name: 'Gina Geld',
      email: 'gina@example.ch',
      payment_method: 'stripe',
      ...PAID,
    });
    api.on('GET /rest/v1/participants', () => json([anna, ben, gina]));
    // Paid CHF 1’350.00 for three, reduced to one: CHF 900.00 went back, CHF 450.00 is left.
    api.on('POST /rest/v1/rpc/admin_refund_details', () =>
      json({ payment_intent_id: 'pi_1', amount_cents: 45000 }),
    );
    await openPage();
    const user = userEvent.setup();
    await user.click(
      within(row('Gina Geld', 'gina@example.ch')).getByRole('button', { name: 'Gina Geld rückerstatten' }),
    );
    const dialog = await screen.findByRole('alertdialog');
    await waitFor(() =>
      expect(dialog).toHaveTextContent(
        'Gina Geld erhält über Stripe CHF 450.00 zurück, alles, was von der Online-Zahlung noch nicht erstattet ist.',
      ),
    );
    expect(dialog).not.toHaveTextContent('vollständig');
    expect(api.calls('POST /rest/v1/rpc/admin_refund_details')[0]?.body).toEqual({ p_participant_id: 'p-8' });

    // Thousands in the de-CH form (the apostrophe is the ICU's: ’ in browsers and Deno, ' in this Node).
    api.on('POST /rest/v1/rpc/admin_refund_details', () =>
      json({ payment_intent_id: 'pi_1', amount_cents: 125000 }),
    );
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await user.click(
      within(row('Gina Geld', 'gina@example.ch')).getByRole('button', { name: 'Gina Geld rückerstatten' }),
    );
    const again = await screen.findByRole('alertdialog');
    await waitFor(() => expect(again).toHaveTextContent(/CHF 1['’]250\.00 zurück/));
  });

  it('computes the four stat cards on the filtered list', async () => {
    await openPage();
    expect(stat('Teilnehmer')).toHaveTextContent('2');
    expect(stat('Bezahlt')).toHaveTextContent('1');
    expect(stat('Ausstehend')).toHaveTextContent('1');
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
    await user.click(await screen.findByRole('option', { name: 'Erstattet' }));
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

  it('marks a registration as paid through the database function', async () => {
    api.on('GET /rest/v1/admin_bookings', () => json({ open_cents: 5000, payment_method: 'onsite' }));
    api.on('POST /rest/v1/rpc/admin_record_payment', () => json({ ...anna, ...PAID }));
    await openPage();
    await userEvent.click(screen.getByRole('button', { name: 'Anna Muster als bezahlt markieren' }));
    await findToast('Zahlung bestätigt');
    expect(api.calls('POST /rest/v1/rpc/admin_record_payment')[0]?.body).toEqual({
      p_participant_id: 'p-1',
      p_amount_cents: 5000,
      p_method: 'onsite',
    });
  });

  it('names an icon-only action in a tooltip that keyboard focus opens too', async () => {
    await openPage();
    const markPaid = screen.getByRole('button', { name: 'Anna Muster als bezahlt markieren' });
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    act(() => markPaid.focus());
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Als bezahlt markieren');
  });

  it('reports a list that cannot be loaded', async () => {
    api.on('GET /rest/v1/participants', () => json({ code: 'XX000', message: 'boom' }, 500));
    renderRoute('/admin/participants', { auth: adminAuth });
    await findToast('Fehler beim Laden der Teilnehmer', 15_000);
    expect(await screen.findByText('Keine Anmeldungen gefunden')).toBeInTheDocument();
  });

  it('reports a failed payment confirmation', async () => {
    api.on('GET /rest/v1/admin_bookings', () => json({ open_cents: 5000, payment_method: 'onsite' }));
    api.on('POST /rest/v1/rpc/admin_record_payment', () => json({ code: '42501', message: 'denied' }, 403));
    await openPage();
    await userEvent.click(screen.getByRole('button', { name: 'Anna Muster als bezahlt markieren' }));
    await findToast('Fehler bei der Zahlungsbestätigung');
  });

  it('cancels a registration', async () => {
    api.on('POST /rest/v1/rpc/admin_cancel_booking', () => json({ ...anna, status: 'cancelled' }));
    await openPage();
    expect(
      within(row('Ben Beispiel', 'ben@example.ch')).queryByRole('button', { name: /stornieren/ }),
    ).toBeNull();
    await userEvent.click(
      within(row('Anna Muster', 'anna@example.ch')).getByRole('button', { name: 'Anna Muster stornieren' }),
    );
    await findToast('Anmeldung storniert');
    expect(api.calls('POST /rest/v1/rpc/admin_cancel_booking')[0]?.body).toEqual({
      p_participant_id: 'p-1',
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
    await findToast('Teilnehmer entfernt');
    await waitFor(() => expect(api.calls('GET /rest/v1/participants').length).toBeGreaterThan(1));
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
    await findToast('Fehler beim Entfernen des Teilnehmers');
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

  it('offers published events only, preselects the first and needs every field', async () => {
    await openForm();
    const user = userEvent.setup();
    const eventSelect = screen.getByRole('combobox', { name: 'Event *' });
    expect(eventSelect).toHaveTextContent('Breathwork & Brunch');
    await user.click(eventSelect);
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['Breathwork & Brunch (15.03.2099)', 'Feuerzauber (01.04.2099)']);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('checkbox', { name: 'Bestätigungs-E-Mail senden' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Zahlungsstatus' })).toHaveTextContent('Ausstehend');
    expect(screen.getByRole('combobox', { name: 'Zahlungsart' })).toHaveTextContent('Online (Karte)');

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

  async function fillAndSubmit() {
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Name *'), 'Clara Neu');
    await user.type(screen.getByLabelText('E-Mail *'), 'clara@example.ch');
    await user.type(screen.getByLabelText('Telefon *'), '+41 79 999 88 77');
    fireEvent.change(screen.getByLabelText('Kommentar'), { target: { value: 'Kommt später' } });
    await user.click(screen.getByRole('button', { name: 'Teilnehmer hinzufügen' }));
  }

  it('adds through the database function, which also queues the confirmation e-mail', async () => {
    api.on('POST /rest/v1/rpc/admin_add_booking', () => json({ ...anna, id: 'p-new' }));
    await openForm();
    await fillAndSubmit();
    expect(await findToast('Teilnehmer hinzugefügt')).toHaveTextContent(
      'Die Bestätigungs-E-Mail wird versendet.',
    );
    expect(api.calls('POST /rest/v1/rpc/admin_add_booking')[0]?.body).toEqual({
      p_event_id: 'e-1',
      p_name: 'Clara Neu',
      p_email: 'clara@example.ch',
      p_phone: '+41799998877',
      p_persons: 1,
      p_payment_method: 'stripe',
      p_notes: 'Kommt später',
      p_send_mail: true,
    });
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Teilnehmer hinzufügen' })).not.toBeInTheDocument(),
    );
  });

  it('asks for no e-mail when unticked', async () => {
    api.on('POST /rest/v1/rpc/admin_add_booking', () => json({ ...anna, id: 'p-new' }));
    await openForm();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Bestätigungs-E-Mail senden' }));
    await fillAndSubmit();
    expect(await findToast('Teilnehmer hinzugefügt')).not.toHaveTextContent('Bestätigungs-E-Mail');
    expect(api.calls('POST /rest/v1/rpc/admin_add_booking')[0]?.body).toMatchObject({
      p_send_mail: false,
    });
  });

  it('reports a failed add and keeps the form', async () => {
    api.on('POST /rest/v1/rpc/admin_add_booking', () =>
      json({ code: 'P0001', message: 'EVENT_NOT_FOUND' }, 400),
    );
    await openForm();
    await fillAndSubmit();
    expect(await findToast('Fehler')).toHaveTextContent(
      'Es gab ein Problem beim Hinzufügen des Teilnehmers.',
    );
    expect(screen.getByRole('heading', { name: 'Teilnehmer hinzufügen' })).toBeInTheDocument();
  });
});

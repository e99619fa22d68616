import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_ERROR_MESSAGES } from '@common/error-codes.ts';
import { renderRoute } from '../../support/render';
import { installFakeBackend, json, type FakeBackend } from '../../support/fake-backend';
import { stubPointerApis } from './pointer-apis';
import { findToast } from './find-toast';
import { adminAuth, eventRow } from './fixtures';

const LAZY = { timeout: 15_000 };
vi.setConfig({ testTimeout: 30_000 });

let api: FakeBackend;

beforeEach(() => {
  api = installFakeBackend();
  stubPointerApis();
  vi.stubGlobal('scrollTo', vi.fn());
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
  api.on('GET /rest/v1/events', () => json([]));
  api.on('POST /functions/v1/payment-options', () => json({ success: true, stripe: true, invoice: true }));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const png = (size = 100, name = 'Foto 1.png') =>
  new File([new Uint8Array(size)], name, { type: 'image/png' });

async function openNewForm() {
  const view = renderRoute('/admin/events/new', { auth: adminAuth });
  await screen.findByRole('heading', { name: 'Neues Event' }, LAZY);
  return view;
}

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Titel *'), 'Vollmond-Atmen');
  await user.type(screen.getByLabelText('Beschreibung *'), 'Atmen unter dem Vollmond');
  fireEvent.change(screen.getByLabelText('Startdatum *'), { target: { value: '2099-08-01' } });
  await user.type(screen.getByLabelText('Ort *'), 'Suhr');
  await user.clear(screen.getByLabelText('Preis (CHF) *'));
  await user.type(screen.getByLabelText('Preis (CHF) *'), '45.5');
}

describe('event form', () => {
  it('says why online payment or invoice cannot be offered when they are not set up', async () => {
    api.on('POST /functions/v1/payment-options', () =>
      json({ success: true, stripe: false, invoice: false }),
    );
    await openNewForm();
    const online = await screen.findByRole('checkbox', { name: 'Online-Zahlung (Karte)' });
    await waitFor(() => expect(online).toBeDisabled());
    expect(online).toHaveAccessibleDescription(/Nicht eingerichtet: Es fehlen die Stripe-Schlüssel/);
    const invoice = screen.getByRole('checkbox', { name: 'Rechnung (QR-Rechnung)' });
    expect(invoice).toBeDisabled();
    expect(invoice).toHaveAccessibleDescription(/Angaben des Zahlungsempfängers für die QR-Rechnung/);
    expect(screen.getByRole('checkbox', { name: 'Vor-Ort-Zahlung (bar oder TWINT)' })).toBeEnabled();
  });

  it('shows the cards and the defaults of a new event', async () => {
    await openNewForm();
    for (const title of ['Event-Details', 'Status', 'Termin & Ort', 'Preis & Kapazität', 'Bild']) {
      expect(screen.getByText(title)).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Maximale Teilnehmer *')).toHaveValue(15);
    expect(screen.getByLabelText('Preis (CHF) *')).toHaveValue(0);
    // On site works without any set-up; online payment and invoice are added by choice.
    expect(screen.getByRole('checkbox', { name: 'Online-Zahlung (Karte)' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Vor-Ort-Zahlung (bar oder TWINT)' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Kostenlos' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Rechnung (QR-Rechnung)' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Datum erforderlich' })).toBeChecked();
    expect(screen.queryByRole('button', { name: 'Event löschen' })).not.toBeInTheDocument();
    // A new event is closed or cancelled once it exists.
    expect(screen.getByRole('checkbox', { name: 'Buchungen schliessen' })).not.toBeChecked();
    expect(screen.queryByRole('button', { name: 'Event absagen' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Abbrechen' })).toHaveAttribute('href', '/admin/events');
  });

  it('blocks saving with the rule messages and requires a payment method', async () => {
    await openNewForm();
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Vor-Ort-Zahlung (bar oder TWINT)' }));
    await user.click(screen.getByRole('button', { name: 'Event erstellen' }));
    expect(await screen.findByText('Bitte geben Sie einen Titel ein.')).toBeInTheDocument();
    expect(screen.getByText('Bitte geben Sie eine Beschreibung ein.')).toBeInTheDocument();
    expect(screen.getByText('Bitte geben Sie einen Ort ein.')).toBeInTheDocument();
    expect(screen.getByText('Bitte geben Sie ein Startdatum ein.')).toBeInTheDocument();
    expect(screen.getByText('Bitte wählen Sie mindestens eine Zahlungsart.')).toBeInTheDocument();
    expect(api.calls('POST /rest/v1/events')).toHaveLength(0);
  });

  it('refuses «Kostenlos» on a priced event', async () => {
    await openNewForm();
    const user = userEvent.setup();
    await fillRequired(user);
    await user.click(screen.getByRole('checkbox', { name: 'Kostenlos' }));
    await user.click(screen.getByRole('button', { name: 'Event erstellen' }));
    expect(
      await screen.findByText('«Kostenlos» ist nur bei einem Preis von CHF 0 möglich.'),
    ).toBeInTheDocument();
    expect(api.calls('POST /rest/v1/events')).toHaveLength(0);
  });

  it('checks the ages (0 to 18, «Alter bis» not below «Alter von») and saves them as numbers', async () => {
    api.on('POST /rest/v1/events', (request) => json({ ...eventRow(), ...(request.body as object) }, 201));
    await openNewForm();
    const user = userEvent.setup();
    await fillRequired(user);
    await user.type(screen.getByLabelText('Alter von'), '10');
    await user.type(screen.getByLabelText('Alter bis'), '5');
    await user.click(screen.getByRole('button', { name: 'Event erstellen' }));
    const reversed = await screen.findByText('«Alter bis» liegt unter «Alter von».');
    expect(screen.getByLabelText('Alter bis')).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() =>
      expect(screen.getByLabelText('Alter bis').getAttribute('aria-describedby') ?? '').toContain(
        reversed.id,
      ),
    );
    await user.clear(screen.getByLabelText('Alter bis'));
    await user.type(screen.getByLabelText('Alter bis'), '19');
    await user.click(screen.getByRole('button', { name: 'Event erstellen' }));
    expect(await screen.findByText(/Bitte geben Sie ein Alter von 0 bis 18 Jahren ein/)).toBeInTheDocument();
    expect(api.calls('POST /rest/v1/events')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Alter von'));
    await user.type(screen.getByLabelText('Alter von'), '5');
    await user.clear(screen.getByLabelText('Alter bis'));
    await user.type(screen.getByLabelText('Alter bis'), '10');
    await user.click(screen.getByRole('button', { name: 'Event erstellen' }));
    await waitFor(() => expect(api.calls('POST /rest/v1/events')).toHaveLength(1), LAZY);
    expect(api.calls('POST /rest/v1/events')[0]?.body).toMatchObject({ min_age: 5, max_age: 10 });
  });

  it('saves empty ages as none', async () => {
    api.on('POST /rest/v1/events', (request) => json({ ...eventRow(), ...(request.body as object) }, 201));
    await openNewForm();
    const user = userEvent.setup();
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Event erstellen' }));
    await waitFor(() => expect(api.calls('POST /rest/v1/events')).toHaveLength(1), LAZY);
    expect(api.calls('POST /rest/v1/events')[0]?.body).toMatchObject({ min_age: null, max_age: null });
  });

  it('counts bring-along characters up to 80', async () => {
    await openNewForm();
    await userEvent.type(screen.getByLabelText('Mitbringen'), 'Decke');
    expect(screen.getByText('5/80 Zeichen')).toBeInTheDocument();
    expect(screen.getByLabelText('Mitbringen')).toHaveAttribute('maxLength', '80');
  });

  it('warns when the description names weekdays the dates do not have (issue 26)', async () => {
    await openNewForm();
    fireEvent.change(screen.getByLabelText('Beschreibung *'), {
      target: { value: 'Samstag 10:00 bis Sonntag 16:00 im Wald.' },
    });
    fireEvent.change(screen.getByLabelText('Startdatum *'), { target: { value: '2027-01-11' } });
    fireEvent.change(screen.getByLabelText('Enddatum'), { target: { value: '2027-01-12' } });
    expect(
      await screen.findByText(
        'Die Beschreibung nennt Samstag und Sonntag, das Event findet aber am Montag und Dienstag statt. Bitte prüfen Sie den Text oder die Daten.',
      ),
    ).toBeInTheDocument();
    // Dates that fit the text: the warning goes.
    fireEvent.change(screen.getByLabelText('Startdatum *'), { target: { value: '2027-01-16' } });
    fireEvent.change(screen.getByLabelText('Enddatum'), { target: { value: '2027-01-17' } });
    await waitFor(() => expect(screen.queryByText(/Die Beschreibung nennt/)).not.toBeInTheDocument());
  });

  it('hides and clears the dates and times when "Datum erforderlich" is unchecked', async () => {
    await openNewForm();
    const user = userEvent.setup();
    fireEvent.change(screen.getByLabelText('Startdatum *'), { target: { value: '2099-08-01' } });
    fireEvent.change(screen.getByLabelText('Startzeit'), { target: { value: '18:30' } });
    expect(screen.getByLabelText('Startzeit')).toHaveAttribute('type', 'time');
    expect(screen.getByLabelText('Endzeit')).toHaveAttribute('type', 'time');
    await user.click(screen.getByRole('checkbox', { name: 'Datum erforderlich' }));
    expect(screen.queryByLabelText('Startdatum *')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Startzeit')).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Datum erforderlich' }));
    expect(screen.getByLabelText('Startdatum *')).toHaveValue('');
    expect(screen.getByLabelText('Startzeit')).toHaveValue('');
  });

  it('says in German when the end time is not after the start time', async () => {
    await openNewForm();
    const user = userEvent.setup();
    fireEvent.change(screen.getByLabelText('Startdatum *'), { target: { value: '2099-08-01' } });
    fireEvent.change(screen.getByLabelText('Startzeit'), { target: { value: '18:30' } });
    fireEvent.change(screen.getByLabelText('Endzeit'), { target: { value: '17:00' } });
    await user.click(screen.getByRole('button', { name: 'Event erstellen' }));
    expect(await screen.findByText('Endzeit muss nach der Startzeit liegen.')).toBeInTheDocument();
  });

  it('checks picked and dropped images and previews a valid one', async () => {
    await openNewForm();
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(
      screen.getByLabelText('Bild auswählen'),
      new File(['gif'], 'a.gif', { type: 'image/gif' }),
    );
    expect(await findToast('Dateityp nicht unterstützt')).toHaveTextContent(
      'Bitte laden Sie nur PNG, JPG oder WebP Dateien hoch.',
    );
    fireEvent.drop(screen.getByTestId('image-dropzone'), {
      dataTransfer: { files: [png(4 * 1024 * 1024 + 1)] },
    });
    expect(await findToast('Datei zu gross')).toHaveTextContent('Die Datei darf maximal 4MB gross sein.');
    expect(screen.queryByRole('img', { name: 'Vorschau des Event-Bildes' })).not.toBeInTheDocument();

    fireEvent.drop(screen.getByTestId('image-dropzone'), { dataTransfer: { files: [png()] } });
    expect(await findToast('Bild ausgewählt')).toHaveTextContent('Das Bild wird beim Speichern hochgeladen.');
    expect(await screen.findByRole('img', { name: 'Vorschau des Event-Bildes' })).toHaveAttribute(
      'src',
      'blob:preview',
    );
    expect(api.calls('POST /storage/v1/object/event-images/*')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Bild entfernen' }));
    expect(screen.queryByRole('img', { name: 'Vorschau des Event-Bildes' })).not.toBeInTheDocument();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview');
  });

  it('uploads the image on save, stores its public URL and returns to the list', async () => {
    api.on('POST /storage/v1/object/event-images/*', (request) =>
      json({ Key: `event-images${request.url.pathname.split('/event-images')[1]}`, Id: 'obj-1' }),
    );
    api.on('POST /rest/v1/events', (request) =>
      json({ ...eventRow(), ...(request.body as object), id: 'new-1' }, 201),
    );
    const { router } = await openNewForm();
    const user = userEvent.setup();
    await fillRequired(user);
    await user.upload(screen.getByLabelText('Bild auswählen'), png(100, 'Mein Bild.png'));
    await user.click(screen.getByRole('button', { name: 'Event erstellen' }));

    await findToast('Event erstellt');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/events'), LAZY);
    const [upload] = api.calls('POST /storage/v1/object/event-images/*');
    expect(upload?.url.pathname).toMatch(/\/event-images\/\d+-[0-9a-f-]{36}-Mein_Bild\.png$/);
    expect(upload?.headers.get('x-upsert')).toBe('false');
    const [insert] = api.calls('POST /rest/v1/events');
    expect(insert?.body).toMatchObject({
      title: 'Vollmond-Atmen',
      start_date: '2099-08-01',
      price: 45.5,
      max_participants: 15,
      status: 'draft',
      payment_methods: ['onsite'],
      image_url: expect.stringMatching(/\/storage\/v1\/object\/public\/event-images\/\d+-.*-Mein_Bild\.png$/),
    });
  });

  it('announces the upload and saves without the new image when the upload fails', async () => {
    let releaseUpload!: () => void;
    const uploadHeld = new Promise<void>((resolve) => (releaseUpload = resolve));
    api.on('POST /storage/v1/object/event-images/*', async () => {
      await uploadHeld;
      return json(
        { statusCode: '403', error: 'Unauthorized', message: 'new row violates row-level security policy' },
        400,
      );
    });
    // The insert is held too, so the failure notice can be seen before the success replaces it.
    let answerInsert!: (response: Response) => void;
    api.on('POST /rest/v1/events', () => new Promise<Response>((resolve) => (answerInsert = resolve)));
    const { router } = await openNewForm();
    const user = userEvent.setup();
    await fillRequired(user);
    await user.upload(screen.getByLabelText('Bild auswählen'), png());
    await user.click(screen.getByRole('button', { name: 'Event erstellen' }));
    await findToast('Bild wird hochgeladen');
    expect(screen.getByRole('button', { name: 'Wird gespeichert…' })).toBeDisabled();
    releaseUpload();
    expect(await findToast('Bild-Upload fehlgeschlagen')).toHaveTextContent(
      'Das Event wird ohne neues Bild gespeichert.',
    );
    await waitFor(() => expect(api.calls('POST /rest/v1/events')).toHaveLength(1));
    expect(api.calls('POST /rest/v1/events')[0]?.body).toMatchObject({ image_url: null });
    answerInsert(json({ ...eventRow(), id: 'new-2' }, 201));
    await findToast('Event erstellt');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/events'), LAZY);
  });

  it('announces an image that cannot be prepared for preview', async () => {
    URL.createObjectURL = vi.fn(() => {
      throw new Error('no object URLs');
    });
    await openNewForm();
    await userEvent.upload(screen.getByLabelText('Bild auswählen'), png());
    expect(await findToast('Fehler beim Vorbereiten')).toHaveTextContent(
      'Das Bild konnte nicht vorbereitet werden.',
    );
    expect(screen.queryByRole('img', { name: 'Vorschau des Event-Bildes' })).not.toBeInTheDocument();
  });

  it('keeps the form and announces a failed save', async () => {
    api.on('POST /rest/v1/events', () => json({ code: '42501', message: 'denied' }, 403));
    const { router } = await openNewForm();
    const user = userEvent.setup();
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'Event erstellen' }));
    expect(await findToast('Fehler beim Speichern')).toHaveTextContent(
      'Das Event konnte nicht gespeichert werden.',
    );
    expect(router.state.location.pathname).toBe('/admin/events/new');
  });
});

describe('editing an event', () => {
  const existing = eventRow({
    id: 'e-1',
    title: 'Breathwork & Brunch',
    image_url: 'https://cdn.example.ch/alt.png',
  });

  it('loads the event, updates it and keeps its image', async () => {
    api.on('GET /rest/v1/events', () => json([existing]));
    api.on('PATCH /rest/v1/events', (request) => json({ ...existing, ...(request.body as object) }));
    const { router } = renderRoute('/admin/events/e-1/edit', { auth: adminAuth });
    expect(await screen.findByRole('heading', { name: 'Event bearbeiten' }, LAZY)).toBeInTheDocument();
    expect(screen.getByLabelText('Titel *')).toHaveValue('Breathwork & Brunch');
    expect(screen.getByRole('img', { name: 'Vorschau des Event-Bildes' })).toHaveAttribute(
      'src',
      'https://cdn.example.ch/alt.png',
    );
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Titel *'));
    await user.type(screen.getByLabelText('Titel *'), 'Brunch neu');
    await user.click(screen.getByRole('button', { name: 'Änderungen speichern' }));
    await findToast('Event aktualisiert');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/events'), LAZY);
    const [patch] = api.calls('PATCH /rest/v1/events');
    expect(patch?.url.searchParams.get('id')).toBe('eq.e-1');
    expect(patch?.body).toMatchObject({ title: 'Brunch neu', image_url: 'https://cdn.example.ch/alt.png' });
  });

  it('cancels the event with admin_cancel_event after saying what happens; the notice can be sent later', async () => {
    api.on('GET /rest/v1/events', () => json([existing]));
    api.on('PATCH /rest/v1/events', (request) => json([{ ...existing, ...(request.body as object) }]));
    api.on('POST /rest/v1/rpc/admin_cancel_event', () =>
      json({ cancelled: 2, refunded_cents: 0, notified: 0 }),
    );
    api.on('POST /rest/v1/rpc/admin_event_notice_state', () =>
      json({ is_cancelled: true, recipients: 3, without_notice: 3, notice_sent: false }),
    );
    api.on('POST /rest/v1/rpc/admin_notify_event_cancelled', () => json(3));
    renderRoute('/admin/events/e-1/edit', { auth: adminAuth });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Event absagen' }, LAZY));
    const dialog = await screen.findByRole('dialog', { name: 'Event absagen' });
    expect(dialog).toHaveTextContent('«Breathwork & Brunch» wird abgesagt');
    expect(dialog).toHaveTextContent('3 Personen haben gebucht.');
    expect(dialog).toHaveTextContent(
      'Alle Buchungen werden storniert. Was bezahlt wurde, wird zurückerstattet',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    expect(api.calls('POST /rest/v1/rpc/admin_cancel_event')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Event absagen' }));
    const again = await screen.findByRole('dialog', { name: 'Event absagen' });
    // This time without telling anybody.
    await user.click(within(again).getByRole('checkbox', { name: /Kunden benachrichtigen/ }));
    await user.click(within(again).getByRole('button', { name: 'Event absagen' }));
    await findToast('Event abgesagt');
    expect(api.calls('POST /rest/v1/rpc/admin_cancel_event')[0]?.body).toEqual({
      p_event_id: 'e-1',
      p_message: '',
      p_notify: false,
    });
    expect(api.calls('PATCH /rest/v1/events')).toHaveLength(0);
    expect(await screen.findByRole('button', { name: 'Absage aufheben' })).toBeInTheDocument();

    // The status card offers the skipped notice.
    expect(await screen.findByText('3 Personen haben die Absage noch nicht erhalten.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Absage jetzt senden' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Teilnehmende informieren?' });
    await user.click(within(ask).getByRole('button', { name: 'E-Mails senden' }));
    await findToast('3 E-Mails werden versendet');
    expect(api.calls('POST /rest/v1/rpc/admin_notify_event_cancelled')[0]?.body).toEqual({
      p_event_id: 'e-1',
      p_message: '',
    });

    await user.click(screen.getByRole('button', { name: 'Änderungen speichern' }));
    await findToast('Event aktualisiert');
    expect(api.calls('PATCH /rest/v1/events')[0]?.body).toMatchObject({ is_cancelled: true });
  });

  it("tells the customers with the admin's words when asked to", async () => {
    api.on('GET /rest/v1/events', () => json([existing]));
    api.on('POST /rest/v1/rpc/admin_cancel_event', () =>
      json({ cancelled: 2, refunded_cents: 0, notified: 4 }),
    );
    api.on('POST /rest/v1/rpc/admin_event_notice_state', () =>
      json({ is_cancelled: true, recipients: 4, without_notice: 0, notice_sent: true }),
    );
    renderRoute('/admin/events/e-1/edit', { auth: adminAuth });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Event absagen' }, LAZY));
    const dialog = await screen.findByRole('dialog', { name: 'Event absagen' });
    expect(within(dialog).getByRole('checkbox', { name: /Kunden benachrichtigen/ })).toBeChecked();
    await user.type(
      within(dialog).getByLabelText('Persönliche Nachricht (optional)'),
      'Die Köchin ist krank.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Event absagen' }));
    expect(await findToast('Event abgesagt')).toHaveTextContent('die Kunden erhalten eine E-Mail');
    expect(api.calls('POST /rest/v1/rpc/admin_cancel_event')[0]?.body).toEqual({
      p_event_id: 'e-1',
      p_message: 'Die Köchin ist krank.',
      p_notify: true,
    });
    await waitFor(() => expect(api.calls('POST /rest/v1/rpc/admin_event_notice_state')).not.toHaveLength(0));
    expect(screen.queryByRole('button', { name: 'Absage jetzt senden' })).toBeNull();
  });

  describe('a save that moves a booked event', () => {
    async function moveTo(location: string) {
      api.on('GET /rest/v1/events', () => json([existing]));
      api.on('PATCH /rest/v1/events', (request) => json({ ...existing, ...(request.body as object) }));
      const view = renderRoute('/admin/events/e-1/edit', { auth: adminAuth });
      const user = userEvent.setup();
      const place = await screen.findByLabelText('Ort *', {}, LAZY);
      await user.clear(place);
      await user.type(place, location);
      await user.click(screen.getByRole('button', { name: 'Änderungen speichern' }));
      await findToast('Event aktualisiert');
      const ask = await screen.findByRole('alertdialog', {
        name: 'Teilnehmende über die Änderung informieren?',
      });
      return { ...view, user, ask };
    }

    it('asks whether to tell everybody and sends the notice with the values from before', async () => {
      api.on('POST /rest/v1/rpc/admin_notify_event_changed', () => json(3));
      const { router, user, ask } = await moveTo('Hirschthal');
      await user.type(within(ask).getByLabelText('Persönliche Nachricht (optional)'), 'Neuer Ort!');
      await user.click(within(ask).getByRole('button', { name: 'E-Mails senden' }));
      await findToast('3 E-Mails werden versendet');
      await waitFor(() => expect(router.state.location.pathname).toBe('/admin/events'), LAZY);
      // No end date before: left out, which the database reads as "no date".
      expect(api.calls('POST /rest/v1/rpc/admin_notify_event_changed')[0]?.body).toEqual({
        p_event_id: 'e-1',
        p_old_start_date: '2099-03-15',
        p_old_start_time: '10:00',
        p_old_end_time: '13:00',
        p_old_location: 'Suhr',
        p_message: 'Neuer Ort!',
      });
    });

    it('returns to the list without mails when the admin does not want to inform', async () => {
      const { router, user, ask } = await moveTo('Hirschthal');
      await user.click(within(ask).getByRole('button', { name: 'Nicht informieren' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/admin/events'), LAZY);
      expect(api.calls('POST /rest/v1/rpc/admin_notify_event_changed')).toHaveLength(0);
    });

    it('keeps the question open when the mails cannot be queued', async () => {
      api.on('POST /rest/v1/rpc/admin_notify_event_changed', () => json({ message: 'boom' }, 500));
      const { router, user, ask } = await moveTo('Hirschthal');
      await user.click(within(ask).getByRole('button', { name: 'E-Mails senden' }));
      expect(await findToast('Die E-Mails konnten nicht versendet werden')).toHaveTextContent(
        'Die Änderungen sind gespeichert. Bitte versuchen Sie es noch einmal.',
      );
      expect(within(ask).getByRole('button', { name: 'E-Mails senden' })).toBeEnabled();
      expect(router.state.location.pathname).toBe('/admin/events/e-1/edit');
    });

    it('asks nobody when nobody has booked', async () => {
      const empty = { ...existing, current_participants: 0 };
      api.on('GET /rest/v1/events', () => json([empty]));
      api.on('PATCH /rest/v1/events', (request) => json({ ...empty, ...(request.body as object) }));
      const { router } = renderRoute('/admin/events/e-1/edit', { auth: adminAuth });
      const user = userEvent.setup();
      const place = await screen.findByLabelText('Ort *', {}, LAZY);
      await user.clear(place);
      await user.type(place, 'Hirschthal');
      await user.click(screen.getByRole('button', { name: 'Änderungen speichern' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/admin/events'), LAZY);
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    });
  });

  it('keeps the event as it was when the cancellation fails, and says so in the dialog', async () => {
    api.on('GET /rest/v1/events', () => json([existing]));
    api.on('POST /rest/v1/rpc/admin_cancel_event', () => json({ message: 'boom' }, 500));
    renderRoute('/admin/events/e-1/edit', { auth: adminAuth });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Event absagen' }, LAZY));
    const dialog = await screen.findByRole('dialog', { name: 'Event absagen' });
    await user.click(within(dialog).getByRole('button', { name: 'Event absagen' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Das Event konnte nicht abgesagt werden.',
    );
    expect(screen.queryByRole('button', { name: 'Absage aufheben' })).toBeNull();
  });

  it('deletes an event without bookings only after confirmation', async () => {
    api.on('GET /rest/v1/events', () => json([existing]));
    api.on('POST /rest/v1/rpc/admin_delete_event', () => new Response(null, { status: 204 }));
    const { router } = renderRoute('/admin/events/e-1', { auth: adminAuth });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Event löschen' }, LAZY));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Sind Sie sicher, dass Sie dieses Event löschen möchten?');
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    expect(api.calls('POST /rest/v1/rpc/admin_delete_event')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Event löschen' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Löschen' }));
    await findToast('Event gelöscht');
    expect(api.calls('POST /rest/v1/rpc/admin_delete_event')[0]?.body).toEqual({ p_event_id: 'e-1' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/events'), LAZY);
  });

  it('refuses to delete an event with bookings and offers to cancel it instead', async () => {
    api.on('GET /rest/v1/events', () => json([existing]));
    api.on('POST /rest/v1/rpc/admin_delete_event', () =>
      json({ code: 'P0001', message: 'EVENT_HAS_BOOKINGS' }, 400),
    );
    const { router } = renderRoute('/admin/events/e-1/edit', { auth: adminAuth });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Event löschen' }, LAZY));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Löschen' }));
    const refusal = await screen.findByRole('alertdialog', { name: 'Event kann nicht gelöscht werden' });
    expect(refusal).toHaveTextContent(ADMIN_ERROR_MESSAGES.EVENT_HAS_BOOKINGS);
    expect(refusal).toHaveTextContent('Sagen Sie das Event ab');
    await user.click(within(refusal).getByRole('button', { name: 'Event absagen' }));
    expect(await screen.findByRole('dialog', { name: 'Event absagen' })).toHaveTextContent(
      'Alle Buchungen werden storniert.',
    );
    expect(router.state.location.pathname).toBe('/admin/events/e-1/edit');
  });

  it('keeps the form when the delete fails', async () => {
    api.on('GET /rest/v1/events', () => json([existing]));
    api.on('POST /rest/v1/rpc/admin_delete_event', () =>
      json({ code: '42501', message: 'permission denied' }, 403),
    );
    const { router } = renderRoute('/admin/events/e-1/edit', { auth: adminAuth });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Event löschen' }, LAZY));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Löschen' }));
    expect(await findToast('Fehler beim Löschen')).toHaveTextContent(
      'Das Event konnte nicht gelöscht werden.',
    );
    expect(router.state.location.pathname).toBe('/admin/events/e-1/edit');
  });

  it('returns to the list when the event cannot be loaded', async () => {
    api.on('GET /rest/v1/events', () => json({ code: 'XX000', message: 'boom' }, 500));
    const { router } = renderRoute('/admin/events/e-1/edit', { auth: adminAuth });
    expect(await findToast('Fehler beim Laden', 15_000)).toHaveTextContent(
      'Das Event konnte nicht geladen werden.',
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/events'), LAZY);
  });

  it('returns to the list when the event does not exist', async () => {
    api.on('GET /rest/v1/events', () => json([]));
    const { router } = renderRoute('/admin/events/nope/edit', { auth: adminAuth });
    expect(await findToast('Event nicht gefunden', 15_000)).toHaveTextContent(
      'Das Event konnte nicht geladen werden.',
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/events'), LAZY);
  });
});

describe('questions per event', () => {
  it('adds, orders and removes questions and saves them with the event', async () => {
    api.on('POST /rest/v1/events', (request) =>
      json({ ...eventRow(), ...(request.body as object), id: 'new-1' }, 201),
    );
    await openNewForm();
    const user = userEvent.setup();
    await fillRequired(user);
    expect(screen.getByText('Keine Fragen: Es wird nur nach den Kontaktdaten gefragt.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Frage hinzufügen' }));
    expect(screen.getByLabelText('Frage 1 *')).toHaveFocus();
    await user.type(screen.getByLabelText('Frage 1 *'), 'Name und Alter des Kindes');
    await user.click(screen.getByLabelText('Frage 1 muss beantwortet werden'));
    await user.click(screen.getByRole('button', { name: 'Frage hinzufügen' }));
    await user.type(screen.getByLabelText('Frage 2 *'), 'Menü');
    await user.selectOptions(screen.getByLabelText('Art der Frage 2'), 'choice');
    await user.type(screen.getByLabelText('Antworten zu Frage 2 (eine pro Zeile) *'), 'vegetarisch');
    await user.click(screen.getByRole('button', { name: 'Frage hinzufügen' }));
    await user.type(screen.getByLabelText('Frage 3 *'), 'Weg damit');

    // A choice needs at least two answers.
    await user.click(screen.getByRole('button', { name: 'Event erstellen' }));
    expect(
      await screen.findByText('Bitte geben Sie mindestens 2 Antworten ein (eine pro Zeile).'),
    ).toBeInTheDocument();
    expect(api.calls('POST /rest/v1/events')).toHaveLength(0);
    await user.type(
      screen.getByLabelText('Antworten zu Frage 2 (eine pro Zeile) *'),
      '{Enter} vegan {Enter}',
    );

    await user.click(screen.getByRole('button', { name: 'Frage 3 entfernen' }));
    expect(screen.queryByLabelText('Frage 3 *')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Frage 2 nach oben' }));
    expect(screen.getByLabelText('Frage 1 *')).toHaveValue('Menü');

    await user.click(screen.getByRole('button', { name: 'Event erstellen' }));
    await findToast('Event erstellt');
    const [insert] = api.calls('POST /rest/v1/events');
    expect((insert?.body as { questions: unknown }).questions).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        kind: 'choice',
        label: 'Menü',
        required: false,
        options: ['vegetarisch', 'vegan'],
      },
      {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        kind: 'text',
        label: 'Name und Alter des Kindes',
        required: true,
        options: [],
      },
    ]);
  });

  it('loads the questions of an event and saves them with their ids unchanged', async () => {
    const questions = [
      {
        id: '22222222-2222-4222-8222-222222222222',
        kind: 'yes_no',
        label: 'Fotos erlaubt?',
        required: true,
        options: [],
      },
    ];
    const existing = eventRow({ id: 'e-1', questions });
    api.on('GET /rest/v1/events', () => json([existing]));
    api.on('PATCH /rest/v1/events', (request) => json({ ...existing, ...(request.body as object) }));
    renderRoute('/admin/events/e-1/edit', { auth: adminAuth });
    expect(await screen.findByLabelText('Frage 1 *', undefined, LAZY)).toHaveValue('Fotos erlaubt?');
    expect(screen.getByLabelText('Art der Frage 1')).toHaveValue('yes_no');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Änderungen speichern' }));
    await findToast('Event aktualisiert');
    expect((api.calls('PATCH /rest/v1/events')[0]?.body as { questions: unknown }).questions).toEqual(
      questions,
    );
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute } from '../../support/render';
import { installFakeBackend, json, type FakeBackend } from '../../support/fake-backend';
import { findToast } from './find-toast';
import { adminAuth } from './fixtures';

// The admin 'Einstellungen' page over public.settings: season dates and fondue prices.

const LAZY = { timeout: 15_000 };
vi.setConfig({ testTimeout: 30_000 });

let api: FakeBackend;

beforeEach(() => {
  api = installFakeBackend();
  api.on('GET /rest/v1/settings', () =>
    json([
      { key: 'fondue_season', value: { start: '2026-10-15', end: null } },
      { key: 'fondue_prices', value: { two: 90, three_to_four: 85, five_to_six: 80 } },
    ]),
  );
  api.on('GET /rest/v1/invoice_creditor', () => json([]));
  api.on('PATCH /rest/v1/settings', (request) =>
    json([{ key: request.url.searchParams.get('key')?.slice(3) }]),
  );
});

afterEach(() => vi.unstubAllGlobals());

async function openSettings() {
  renderRoute('/admin/settings', { auth: adminAuth });
  expect(await screen.findByRole('heading', { level: 1, name: 'Einstellungen' }, LAZY)).toBeInTheDocument();
  return userEvent.setup();
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('admin settings', () => {
  it('shows the current season and prices', async () => {
    await openSettings();
    expect(await screen.findByDisplayValue('2026-10-15')).toBe(field('Saisonstart *'));
    expect(field('Saisonende').value).toBe('');
    expect(field('Preis pro Person bei 2 Personen (CHF) *').value).toBe('90');
    expect(field('Preis pro Person bei 3–4 Personen (CHF) *').value).toBe('85');
    expect(field('Preis pro Person bei 5–6 Personen (CHF) *').value).toBe('80');
  });

  it('puts the fondue values in a section of their own, which loads and retries by itself', async () => {
    let failing = true;
    api.on('GET /rest/v1/settings', () =>
      failing
        ? json({ message: 'boom' }, 500)
        : json([
            { key: 'fondue_season', value: { start: '2026-10-15', end: null } },
            { key: 'fondue_prices', value: { two: 90, three_to_four: 85, five_to_six: 80 } },
          ]),
    );
    const user = await openSettings();
    const section = screen.getByRole('region', { name: 'Fonduehüsli' });
    const alert = await within(section).findByRole('alert', {}, LAZY);
    expect(alert).toHaveTextContent('Die Einstellungen «Fonduehüsli» konnten nicht geladen werden.');
    failing = false;
    await user.click(within(alert).getByRole('button', { name: 'Erneut versuchen' }));
    expect(await within(section).findByDisplayValue('2026-10-15')).toBe(field('Saisonstart *'));
    expect(within(section).getByRole('button', { name: 'Fonduehüsli speichern' })).toBeInTheDocument();
  });

  it('saves season and prices, each row by its key', async () => {
    const user = await openSettings();
    await screen.findByDisplayValue('2026-10-15');
    await user.type(field('Saisonende'), '2027-03-28');
    await user.clear(field('Preis pro Person bei 2 Personen (CHF) *'));
    await user.type(field('Preis pro Person bei 2 Personen (CHF) *'), '92,50');
    await user.click(screen.getByRole('button', { name: 'Fonduehüsli speichern' }));
    await findToast('Fonduehüsli gespeichert');
    const patches = api.calls('PATCH /rest/v1/settings');
    expect(patches.map((call) => [call.url.searchParams.get('key'), call.body])).toEqual([
      ['eq.fondue_season', { value: { start: '2026-10-15', end: '2027-03-28' } }],
      ['eq.fondue_prices', { value: { two: 92.5, three_to_four: 85, five_to_six: 80 } }],
    ]);
  });

  it('names what is wrong at the field and saves nothing', async () => {
    const user = await openSettings();
    await screen.findByDisplayValue('2026-10-15');
    await user.type(field('Saisonende'), '2026-10-01');
    await user.clear(field('Preis pro Person bei 3–4 Personen (CHF) *'));
    await user.type(field('Preis pro Person bei 3–4 Personen (CHF) *'), 'gratis');
    await user.clear(field('Preis pro Person bei 5–6 Personen (CHF) *'));
    await user.type(field('Preis pro Person bei 5–6 Personen (CHF) *'), '0');
    await user.click(screen.getByRole('button', { name: 'Fonduehüsli speichern' }));
    expect(
      await screen.findByText('Das Saisonende darf nicht vor dem Saisonstart liegen.'),
    ).toBeInTheDocument();
    expect(field('Saisonende')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Bitte geben Sie einen Betrag wie 90 oder 92.50 ein.')).toBeInTheDocument();
    expect(screen.getByText('Der Preis muss grösser als 0 sein.')).toBeInTheDocument();
    expect(api.calls('PATCH /rest/v1/settings')).toHaveLength(0);
  });

  it('says so when the database changed nothing (no longer an admin), keeping the input', async () => {
    api.on('PATCH /rest/v1/settings', () => json([]));
    const user = await openSettings();
    await screen.findByDisplayValue('2026-10-15');
    await user.type(field('Saisonende'), '2027-03-28');
    await user.click(screen.getByRole('button', { name: 'Fonduehüsli speichern' }));
    const toast = await findToast('Fehler beim Speichern');
    expect(toast).toHaveTextContent('Ihr Konto darf sie nicht ändern.');
    await waitFor(() => expect(field('Saisonende').value).toBe('2027-03-28'));
  });
});

describe("admin settings: the hut's evenings and cancellation rule (fondue_hut)", () => {
  const HUT = {
    weekdays: [4, 5, 6, 7],
    start_time: '18:30',
    end_time: '22:30',
    min_persons: 2,
    max_persons: 6,
    cancellation_hours: 48,
    late_cancellation_charge_percent: 50,
    payment_methods: ['stripe', 'invoice', 'onsite'],
    location: 'Fonduehüsli, Waldweg 3, 5042 Hirschthal',
    external_url: null,
  };

  beforeEach(() => {
    api.on('GET /rest/v1/settings', () =>
      json([
        { key: 'fondue_season', value: { start: '2026-10-15', end: null } },
        { key: 'fondue_prices', value: { two: 90, three_to_four: 85, five_to_six: 80 } },
        { key: 'fondue_hut', value: HUT },
      ]),
    );
  });

  it('shows the rules and saves them with the season and prices', async () => {
    const user = await openSettings();
    await screen.findByDisplayValue('2026-10-15');
    expect(screen.getByRole('checkbox', { name: 'Donnerstag' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Montag' })).not.toBeChecked();
    expect(field('Beginn *').value).toBe('18:30');
    expect(field('Danach verrechneter Anteil (%) *').value).toBe('50');
    await user.click(screen.getByRole('checkbox', { name: 'Donnerstag' }));
    await user.clear(field('Kostenlos stornierbar bis (Stunden vor Beginn) *'));
    await user.type(field('Kostenlos stornierbar bis (Stunden vor Beginn) *'), '72');
    await user.click(screen.getByRole('checkbox', { name: 'Rechnung' }));
    await user.type(field('Externer Reservationslink'), 'https://calendly.com/sinneswerk/fonduehuesli');
    await user.click(screen.getByRole('button', { name: 'Fonduehüsli speichern' }));
    await findToast('Fonduehüsli gespeichert');
    const hut = api
      .calls('PATCH /rest/v1/settings')
      .find((call) => call.url.searchParams.get('key') === 'eq.fondue_hut');
    expect(hut?.body).toEqual({
      value: {
        ...HUT,
        weekdays: [5, 6, 7],
        cancellation_hours: 72,
        payment_methods: ['stripe', 'onsite'],
        external_url: 'https://calendly.com/sinneswerk/fonduehuesli',
      },
    });
  });

  it('refuses a hut without weekdays or with the smallest group above the largest, saving nothing', async () => {
    const user = await openSettings();
    await screen.findByDisplayValue('2026-10-15');
    for (const day of ['Donnerstag', 'Freitag', 'Samstag', 'Sonntag']) {
      await user.click(screen.getByRole('checkbox', { name: day }));
    }
    await user.clear(field('Kleinste Gruppe (Personen) *'));
    await user.type(field('Kleinste Gruppe (Personen) *'), '8');
    await user.click(screen.getByRole('button', { name: 'Fonduehüsli speichern' }));
    expect(await screen.findByText('Bitte wählen Sie mindestens einen Wochentag.')).toBeInTheDocument();
    expect(
      screen.getByText('Die grösste Gruppe darf nicht kleiner sein als die kleinste.'),
    ).toBeInTheDocument();
    expect(api.calls('PATCH /rest/v1/settings')).toHaveLength(0);
  });
});

describe("admin settings: 'Rechnungssteller' (the invoice creditor)", () => {
  const CREDITOR = 'POST /rest/v1/invoice_creditor';
  const stored = {
    id: true,
    name: 'Sinneswerk',
    street: 'Tramstrasse',
    building_number: '12',
    postal_code: '5034',
    city: 'Suhr',
    country: 'CH',
    iban: 'CH4431999123000889012',
    payment_days: 10,
    updated_at: '2026-11-24T10:00:00Z',
  };

  async function creditorSection() {
    const user = await openSettings();
    const section = await screen.findByRole('region', { name: 'Rechnungssteller' }, LAZY);
    await within(section).findByRole('button', { name: 'Rechnungssteller speichern' }, LAZY);
    return { user, section };
  }

  it('without a creditor says invoices are not offered yet, and names every missing field at the field', async () => {
    const { user, section } = await creditorSection();
    expect(within(section).getByRole('status')).toHaveTextContent('Noch kein Rechnungssteller erfasst');
    expect(within(section).getByLabelText('Land *')).toHaveValue('CH');
    expect(within(section).getByLabelText('Zahlungsfrist (Tage) *')).toHaveValue('10');
    await user.click(within(section).getByRole('button', { name: 'Rechnungssteller speichern' }));
    expect(await within(section).findByText('Bitte geben Sie den Namen ein.')).toBeInTheDocument();
    expect(within(section).getByText('Bitte geben Sie die Strasse ein.')).toBeInTheDocument();
    expect(within(section).getByText('Bitte geben Sie die IBAN oder QR-IBAN ein.')).toBeInTheDocument();
    expect(within(section).getByLabelText('Name *')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls(CREDITOR)).toHaveLength(0);
  });

  it('saves name, address, IBAN and payment period as the one creditor row', async () => {
    api.on(CREDITOR, () => json([stored], 201));
    const { user, section } = await creditorSection();
    await user.type(within(section).getByLabelText('Name *'), 'Sinneswerk');
    await user.type(within(section).getByLabelText('Strasse *'), 'Tramstrasse');
    await user.type(within(section).getByLabelText('Hausnummer'), '12');
    await user.type(within(section).getByLabelText('PLZ *'), '5034');
    await user.type(within(section).getByLabelText('Ort *'), 'Suhr');
    await user.type(within(section).getByLabelText('IBAN oder QR-IBAN *'), 'CH44 3199 9123 0008 8901 2');
    await user.clear(within(section).getByLabelText('Zahlungsfrist (Tage) *'));
    await user.type(within(section).getByLabelText('Zahlungsfrist (Tage) *'), '14');
    await user.click(within(section).getByRole('button', { name: 'Rechnungssteller speichern' }));
    await findToast('Rechnungssteller gespeichert');
    expect(api.calls(CREDITOR)[0]!.body).toEqual({
      id: true,
      name: 'Sinneswerk',
      street: 'Tramstrasse',
      building_number: '12',
      postal_code: '5034',
      city: 'Suhr',
      country: 'CH',
      iban: 'CH44 3199 9123 0008 8901 2',
      payment_days: 14,
    });
    // The stored form (the database writes the IBAN without spaces).
    expect(await within(section).findByDisplayValue('CH4431999123000889012')).toBeInTheDocument();
  });

  it("shows the database's reason for a wrong IBAN at the field and keeps what was typed", async () => {
    api.on('GET /rest/v1/invoice_creditor', () => json([stored]));
    api.on(CREDITOR, () =>
      json(
        {
          code: '23514',
          message: 'INVALID_IBAN',
          details: 'IBAN «CH4431999123000889013» ist ungültig. Die Prüfziffern stimmen nicht.',
          hint: null,
        },
        400,
      ),
    );
    const { user, section } = await creditorSection();
    const iban = within(section).getByLabelText('IBAN oder QR-IBAN *');
    expect(iban).toHaveValue('CH4431999123000889012');
    expect(within(section).queryByRole('status')).not.toBeInTheDocument();
    await user.clear(iban);
    await user.type(iban, 'CH4431999123000889013');
    await user.click(within(section).getByRole('button', { name: 'Rechnungssteller speichern' }));
    expect(await within(section).findByText(/Die Prüfziffern stimmen nicht\./)).toBeInTheDocument();
    expect(iban).toHaveAttribute('aria-invalid', 'true');
    expect(iban).toHaveValue('CH4431999123000889013');
  });
});

describe('retention limits', () => {
  const rules = [
    {
      key: 'enquiry',
      label: 'Erledigte Anfragen',
      description: 'Kontakt- und Firmenanfragen werden diese Frist nach der Erledigung anonymisiert.',
      keep_days: 365,
      min_days: 30,
    },
    {
      key: 'mail_payload',
      label: 'Versendete E-Mails',
      description: 'Inhalt und Adresse werden nach dieser Frist gelöscht.',
      keep_days: 30,
      min_days: 7,
    },
    {
      key: 'newsletter_subscribed',
      label: 'Newsletter-Abonnements',
      description: 'Bis zur Abmeldung.',
      keep_days: null,
      min_days: null,
    },
  ];

  async function retentionSection() {
    api.on('GET /rest/v1/retention_rules', () => json(rules));
    api.on('PATCH /rest/v1/retention_rules', (request) =>
      json([{ key: request.url.searchParams.get('key')?.slice(3) }]),
    );
    const user = await openSettings();
    const section = screen.getByRole('region', { name: 'Aufbewahrungsfristen' });
    await within(section).findByDisplayValue('365', {}, LAZY);
    return { user, section };
  }

  it('lists the rules without a limit as text and saves only the limits that changed', async () => {
    const { user, section } = await retentionSection();
    expect(within(section).getByText('Newsletter-Abonnements')).toBeInTheDocument();
    expect(within(section).queryByLabelText('Newsletter-Abonnements (Tage)')).not.toBeInTheDocument();
    const enquiries = within(section).getByLabelText('Erledigte Anfragen (Tage)');
    await user.clear(enquiries);
    await user.type(enquiries, '730');
    expect(
      within(section).getByText(
        'Datenschutzerklärung: «Erledigte Anfragen anonymisieren wir 24 Monate nach der Erledigung.»',
      ),
    ).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Aufbewahrungsfristen speichern' }));
    await findToast('Aufbewahrungsfristen gespeichert');
    expect(
      api
        .calls('PATCH /rest/v1/retention_rules')
        .map((call) => [call.url.searchParams.get('key'), call.body]),
    ).toEqual([['eq.enquiry', { keep_days: 730 }]]);
  });

  it('refuses a limit below its floor at the field, keeps what was typed and saves nothing', async () => {
    const { user, section } = await retentionSection();
    const mails = within(section).getByLabelText('Versendete E-Mails (Tage)');
    await user.clear(mails);
    await user.type(mails, '3');
    await user.click(within(section).getByRole('button', { name: 'Aufbewahrungsfristen speichern' }));
    expect(
      await within(section).findByText(
        'Bitte geben Sie für «Versendete E-Mails» eine ganze Zahl von 7 bis 36500 Tagen ein.',
      ),
    ).toBeInTheDocument();
    expect(mails).toHaveAttribute('aria-invalid', 'true');
    expect(mails).toHaveValue('3');
    expect(api.calls('PATCH /rest/v1/retention_rules')).toEqual([]);
  });
});

describe("admin settings: 'Geschenkgutscheine' (gift_vouchers)", () => {
  const LEGAL = 'Einlösbar für alle Angebote, auch in Teilen. Keine Barauszahlung.';

  async function voucherSection() {
    api.on('GET /rest/v1/settings', (request) =>
      request.url.searchParams.get('key') === 'eq.gift_vouchers'
        ? json({ value: { validity_years: 3, legal_text: LEGAL } })
        : json([]),
    );
    const user = await openSettings();
    const section = screen.getByRole('region', { name: 'Geschenkgutscheine' });
    await within(section).findByDisplayValue('3', {}, LAZY);
    return { user, section };
  }

  it('shows the validity and the legal text and saves both as the one row', async () => {
    const { user, section } = await voucherSection();
    const years = within(section).getByLabelText('Gültigkeit neuer Gutscheine (Jahre)');
    const legal = within(section).getByLabelText('Hinweis auf dem Gutschein');
    expect(legal).toHaveValue(LEGAL);
    expect(within(section).getByText(`${LEGAL.length} von 1000 Zeichen`)).toBeInTheDocument();
    await user.clear(years);
    await user.type(years, '5');
    await user.clear(legal);
    await user.type(legal, '  Keine Barauszahlung.  ');
    await user.click(within(section).getByRole('button', { name: 'Geschenkgutscheine speichern' }));
    await findToast('Geschenkgutscheine gespeichert');
    expect(
      api.calls('PATCH /rest/v1/settings').map((call) => [call.url.searchParams.get('key'), call.body]),
    ).toEqual([['eq.gift_vouchers', { value: { validity_years: 5, legal_text: 'Keine Barauszahlung.' } }]]);
  });

  it('refuses a validity outside 1 to 10 years and an empty text at the fields, saving nothing', async () => {
    const { user, section } = await voucherSection();
    const years = within(section).getByLabelText('Gültigkeit neuer Gutscheine (Jahre)');
    const legal = within(section).getByLabelText('Hinweis auf dem Gutschein');
    await user.clear(years);
    await user.type(years, '11');
    await user.clear(legal);
    await user.type(legal, '   ');
    await user.click(within(section).getByRole('button', { name: 'Geschenkgutscheine speichern' }));
    expect(
      await within(section).findByText('Bitte geben Sie eine ganze Zahl von 1 bis 10 Jahren ein.'),
    ).toBeInTheDocument();
    expect(
      within(section).getByText('Bitte geben Sie den Hinweis ein, der auf jedem Gutschein steht.'),
    ).toBeInTheDocument();
    expect(years).toHaveAttribute('aria-invalid', 'true');
    expect(legal).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('PATCH /rest/v1/settings')).toEqual([]);
  });
});

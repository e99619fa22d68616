import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Tables } from '@common/database.ts';
import { renderRoute } from '../../support/render';
import { installFakeBackend, json, postgrestError, type FakeBackend } from '../../support/fake-backend';
import { findToast } from './find-toast';
import { adminAuth } from './fixtures';
import { stubPointerApis } from './pointer-apis';

// /admin/gutscheine?ansicht=angebote (issue 28): the offer vouchers sold on /gutscheine, in their
// order; added and edited in a dialog with the table's rules at the fields, (de)activated, moved;
// never deleted. The fake table answers as PostgREST would, so the list shows what was written.

const LAZY = { timeout: 15_000 };
vi.setConfig({ testTimeout: 30_000 });

type Offer = Tables<'gift_voucher_offers'>;
let api: FakeBackend;
let rows: Offer[];

function offer(overrides: Partial<Offer>): Offer {
  return {
    id: 'o-1',
    title: 'Fondue-Abend für 2 Personen',
    description: 'Ein Abend im Fonduehüsli, Fondue und Dessert.',
    price_cents: 9800,
    position: 0,
    active: true,
    created_at: '2026-11-20T09:00:00Z',
    updated_at: '2026-11-20T09:00:00Z',
    ...overrides,
  };
}

// PostgREST answers a write without `select` with no body.
const noContent = () => new Response(null, { status: 204 });
/** PATCH …?id=eq.<id>: the row takes the sent columns. */
function updateRow({ url, body }: { url: URL; body: unknown }): Response {
  rows = rows.map((row) => (row.id === idOf(url) ? { ...row, ...(body as Partial<Offer>) } : row));
  return noContent();
}

const byPosition = (a: Offer, b: Offer) => a.position - b.position || a.title.localeCompare(b.title);
const idOf = (url: URL) => url.searchParams.get('id')?.replace(/^eq\./, '');

beforeEach(() => {
  rows = [
    offer({}),
    offer({ id: 'o-2', title: 'Kochkurs Pasta', description: '', price_cents: 12050, position: 0 }),
    offer({
      id: 'o-3',
      title: 'Atem-Workshop',
      description: '',
      price_cents: 6000,
      position: 5,
      active: false,
    }),
  ];
  api = installFakeBackend();
  stubPointerApis();
  api.on('GET /rest/v1/rpc/admin_inbox_counts', () => json({ open_enquiries: 0, failed_mails: 0 }));
  api.on('GET /rest/v1/gift_vouchers', () => json([]));
  api.on('GET /rest/v1/gift_voucher_offers', () => json([...rows].sort(byPosition)));
  api.on('PATCH /rest/v1/gift_voucher_offers', updateRow);
  api.on('POST /rest/v1/gift_voucher_offers', ({ body }) => {
    rows = [...rows, offer({ ...(body as Partial<Offer>), id: 'o-new' })];
    return new Response(null, { status: 201 });
  });
});

afterEach(() => vi.unstubAllGlobals());

async function openOffers() {
  renderRoute('/admin/gutscheine?ansicht=angebote', { auth: adminAuth });
  expect(await screen.findByRole('tab', { name: 'Angebote', selected: true }, LAZY)).toBeInTheDocument();
  return userEvent.setup();
}

const items = async () =>
  within(await screen.findByRole('list', { name: 'Angebote' }, LAZY))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('Gutscheine: Angebote', () => {
  it('lists the offers in the order of /gutscheine with price in CHF and state, and says they are not deleted', async () => {
    await openOffers();
    expect(await items()).toEqual([
      expect.stringMatching(/^Fondue-Abend für 2 PersonenAktivCHF 98\.00Ein Abend im Fonduehüsli/),
      expect.stringMatching(/^Kochkurs PastaAktivCHF 120\.50/),
      expect.stringMatching(/^Atem-WorkshopDeaktiviertCHF 60\.00/),
    ]);
    expect(screen.getByText(/Angebote werden nicht gelöscht/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /löschen/i })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Nach oben: Fondue-Abend für 2 Personen' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Nach unten: Atem-Workshop' })).toBeDisabled();
  });

  it('adds an offer at the end, with the price rule at its field', async () => {
    const user = await openOffers();
    await user.click(await screen.findByRole('button', { name: 'Angebot hinzufügen' }, LAZY));
    const dialog = within(await screen.findByRole('dialog', { name: 'Angebot hinzufügen' }));
    await user.type(dialog.getByLabelText(/^Titel/), '  Kräuterwanderung ');
    await user.type(dialog.getByLabelText('Preis in CHF'), '0.50');
    await user.click(dialog.getByRole('button', { name: 'Speichern' }));
    expect(
      await dialog.findByText('Preis in CHF von 1 bis 100’000, z. B. 98 oder 49.50.'),
    ).toBeInTheDocument();
    expect(api.calls('POST /rest/v1/gift_voucher_offers')).toHaveLength(0);

    await user.clear(dialog.getByLabelText('Preis in CHF'));
    await user.type(dialog.getByLabelText('Preis in CHF'), '45,50');
    await user.click(dialog.getByRole('button', { name: 'Speichern' }));
    await findToast('Angebot hinzugefügt');
    expect(api.calls('POST /rest/v1/gift_voucher_offers')[0]!.body).toEqual({
      title: 'Kräuterwanderung',
      description: '',
      price_cents: 4550,
      active: true,
      position: 6,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect((await items()).at(-1)).toMatch(/^KräuterwanderungAktivCHF 45\.50/);
  });

  it('edits an offer as an update of that row, and keeps the dialog open with the reason on a refusal', async () => {
    const user = await openOffers();
    await user.click(await screen.findByRole('button', { name: 'Bearbeiten: Kochkurs Pasta' }, LAZY));
    const dialog = within(await screen.findByRole('dialog', { name: 'Angebot bearbeiten' }));
    expect(dialog.getByLabelText('Preis in CHF')).toHaveValue('120.50');
    await user.clear(dialog.getByLabelText('Preis in CHF'));
    await user.type(dialog.getByLabelText('Preis in CHF'), '130');

    api.on('PATCH /rest/v1/gift_voucher_offers', () => postgrestError('permission denied', 403, '42501'));
    await user.click(dialog.getByRole('button', { name: 'Speichern' }));
    await findToast('Nicht gespeichert');
    expect(screen.getByRole('dialog', { name: 'Angebot bearbeiten' })).toBeInTheDocument();

    api.on('PATCH /rest/v1/gift_voucher_offers', updateRow);
    await user.click(dialog.getByRole('button', { name: 'Speichern' }));
    await findToast('Angebot gespeichert');
    const patch = api.calls('PATCH /rest/v1/gift_voucher_offers').at(-1)!;
    expect(idOf(patch.url)).toBe('o-2');
    // Its place in the list stays: no position is sent.
    expect(patch.body).toEqual({
      title: 'Kochkurs Pasta',
      description: '',
      price_cents: 13000,
      active: true,
    });
    expect((await items())[1]).toMatch(/CHF 130\.00/);
  });

  it('deactivates and reactivates an offer', async () => {
    const user = await openOffers();
    await user.click(await screen.findByRole('button', { name: 'Deaktivieren: Kochkurs Pasta' }, LAZY));
    await findToast('Angebot deaktiviert');
    expect(api.calls('PATCH /rest/v1/gift_voucher_offers')[0]!.body).toEqual({ active: false });
    await user.click(await screen.findByRole('button', { name: 'Aktivieren: Atem-Workshop' }));
    await findToast('Angebot aktiviert');
    await waitFor(async () =>
      expect(await items()).toEqual([
        expect.stringMatching(/^Fondue-Abend für 2 PersonenAktiv/),
        expect.stringMatching(/^Kochkurs PastaDeaktiviert/),
        expect.stringMatching(/^Atem-WorkshopAktiv/),
      ]),
    );
  });

  it('moves an offer: the list is numbered in its order, only changed positions are written', async () => {
    const user = await openOffers();
    await user.click(
      await screen.findByRole('button', { name: 'Nach unten: Fondue-Abend für 2 Personen' }, LAZY),
    );
    await waitFor(async () =>
      expect((await items()).map((text) => text?.split(/Deaktiviert|Aktiv/)[0])).toEqual([
        'Kochkurs Pasta',
        'Fondue-Abend für 2 Personen',
        'Atem-Workshop',
      ]),
    );
    // Both shared position 0: Kochkurs becomes 0 (unchanged, not written), Fondue 1, Atem 2.
    await waitFor(() =>
      expect(
        api.calls('PATCH /rest/v1/gift_voucher_offers').map((call) => [idOf(call.url), call.body]),
      ).toEqual([
        ['o-1', { position: 1 }],
        ['o-3', { position: 2 }],
      ]),
    );
    expect(screen.getByRole('button', { name: 'Nach oben: Kochkurs Pasta' })).toBeDisabled();
  });
});

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

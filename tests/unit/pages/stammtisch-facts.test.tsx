import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import StammtischPage from '@/app/routes/stammtisch';
import { renderWithProviders, signedOut } from '../../support/render';
import { installFakeBackend, networkFailure } from '../../support/fake-backend';
import { eventsTable, uniqueRow, type StoredEventRow } from '../events/fixtures';
import { stubDesktopBrowser } from './browser-stubs';

// Issue 17 'Facts that agree': the page said CHF 150.00 in Suhr while its Stammtisch events said
// CHF 95.00 in Hirschthal. Price and place are facts of an evening: 'Auf einen Blick' shows the
// next Stammtisch's, read from the same list the page shows further down.

afterEach(() => vi.unstubAllGlobals());

function renderWith(rows: StoredEventRow[]) {
  stubDesktopBrowser();
  installFakeBackend().on(
    '/rest/v1/events',
    eventsTable(() => rows),
  );
  renderWithProviders(<StammtischPage />, { route: '/stammtisch', auth: signedOut });
}

const glance = () => screen.getByRole('region', { name: 'Auf einen Blick' });

/** The 'Auf einen Blick' card as label → value pairs. */
function facts(): Record<string, string> {
  const labels = within(glance()).getAllByRole('term');
  return Object.fromEntries(
    labels.map((term) => [term.textContent ?? '', term.nextElementSibling?.textContent ?? '']),
  );
}

const stammtisch = (overrides: Partial<StoredEventRow>) =>
  uniqueRow({ category: 'stammtisch', ...overrides });

describe('Stammtisch: Auf einen Blick', () => {
  it("shows the next Stammtisch's date, price and place, as its event says", async () => {
    renderWith([
      stammtisch({ start_date: '2099-02-12', end_date: '2099-02-12', price: 110, location: 'Suhr' }),
      stammtisch({ start_date: '2099-01-15', end_date: '2099-01-15', price: 95, location: 'Hirschthal' }),
      // Another category's event is no Stammtisch, even when it comes first.
      uniqueRow({ category: 'breathwork', start_date: '2099-01-01', price: 130, location: 'Aarau' }),
    ]);
    expect(await within(glance()).findByText('CHF 95.00')).toBeInTheDocument();
    expect(facts()).toMatchObject({
      'Nächster Stammtisch': '15. Januar 2099',
      Preis: 'CHF 95.00',
      Ort: 'Hirschthal',
      Gäste: '8 bis 12 Personen pro Abend',
    });
    expect(within(glance()).queryByText(/150/)).not.toBeInTheDocument();
    // The list below shows the same evening.
    const list = await screen.findByRole('region', { name: 'Kommende Stammtische' });
    expect(within(list).getAllByText('CHF 95.00').length).toBeGreaterThan(0);
  });

  it('skips a cancelled evening: it has no price or place to promise', async () => {
    renderWith([
      stammtisch({ start_date: '2099-01-15', price: 95, location: 'Hirschthal', is_cancelled: true }),
      stammtisch({ start_date: '2099-02-12', price: 110, location: 'Suhr' }),
    ]);
    expect(await within(glance()).findByText('CHF 110.00')).toBeInTheDocument();
    expect(facts()).toMatchObject({ Preis: 'CHF 110.00', Ort: 'Suhr' });
  });

  it('without a next Stammtisch says only what never changes', async () => {
    renderWith([]);
    expect(await within(glance()).findByText('stehen bei jedem Termin')).toBeInTheDocument();
    expect(Object.keys(facts())).toEqual(['Gäste', 'Dauer', 'Menü', 'Inbegriffen', 'Preis und Ort']);
    expect(within(glance()).queryByText(/CHF/)).not.toBeInTheDocument();
  });

  it('never takes facts from the samples shown while the database is unreachable', async () => {
    stubDesktopBrowser();
    installFakeBackend().on('/rest/v1/events', () => networkFailure());
    renderWithProviders(<StammtischPage />, { route: '/stammtisch', auth: signedOut });
    // The list falls back to the built-in samples (a Stammtisch at CHF 95.00) ...
    expect(
      await screen.findByRole('region', { name: 'Kommende Stammtische' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    // ... the facts do not.
    expect(within(glance()).getByText('stehen bei jedem Termin')).toBeInTheDocument();
    expect(within(glance()).queryByText(/CHF/)).not.toBeInTheDocument();
  });

  it('keeps one line per value while the list loads, so nothing moves when it arrives', () => {
    renderWith([stammtisch({ price: 95, location: 'Hirschthal' })]);
    expect(Object.keys(facts())).toEqual([
      'Gäste',
      'Dauer',
      'Menü',
      'Inbegriffen',
      'Nächster Stammtisch',
      'Preis',
      'Ort',
    ]);
    expect(facts()['Preis']).toBe('wird geladen');
  });
});

import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import KidsPage from '@/app/routes/kids';
import { renderWithProviders, signedOut } from '../../support/render';
import { installFakeBackend } from '../../support/fake-backend';
import { eventsTable, uniqueRow, type StoredEventRow } from '../events/fixtures';
import { stubDesktopBrowser } from './browser-stubs';

// Issue 17 'Facts that agree': the Kids page said ages 5–12 while a Kids event said 5–10. Ages are
// facts of an event (events.min_age / max_age): 'Auf einen Blick' shows the next Kids event's,
// read from the same list the page shows further down, like the Stammtisch page.

afterEach(() => vi.unstubAllGlobals());

function renderWith(rows: StoredEventRow[]) {
  stubDesktopBrowser();
  installFakeBackend().on(
    '/rest/v1/events',
    eventsTable(() => rows),
  );
  renderWithProviders(<KidsPage />, { route: '/kids', auth: signedOut });
}

const glance = () => screen.getByRole('region', { name: 'Auf einen Blick' });

/** The 'Auf einen Blick' card as label → value pairs. */
function facts(): Record<string, string> {
  const labels = within(glance()).getAllByRole('term');
  return Object.fromEntries(
    labels.map((term) => [term.textContent ?? '', term.nextElementSibling?.textContent ?? '']),
  );
}

const kids = (overrides: Partial<StoredEventRow>) => uniqueRow({ category: 'kids', ...overrides });

describe('Kids: Auf einen Blick', () => {
  it("shows the next Kids event's date, ages, price and place, as its event says", async () => {
    renderWith([
      kids({ start_date: '2099-02-12', end_date: '2099-02-12', min_age: 8, max_age: 12, price: 30 }),
      kids({
        start_date: '2099-01-15',
        end_date: '2099-01-15',
        min_age: 5,
        max_age: 10,
        price: 0,
        location: 'Hirschthal',
      }),
      // Another category's event is no Kids event, even when it comes first.
      uniqueRow({ category: 'breathwork', start_date: '2099-01-01', min_age: 16, max_age: 18 }),
    ]);
    expect(await within(glance()).findByText('5–10 Jahre')).toBeInTheDocument();
    expect(facts()).toEqual({
      'Nächster Termin': '15. Januar 2099',
      Alter: '5–10 Jahre',
      Preis: 'Kostenlos',
      Ort: 'Hirschthal',
    });
  });

  it("says 'ab 5 Jahren' for a lower bound alone, and leaves the ages out when the event states none", async () => {
    renderWith([kids({ start_date: '2099-01-15', min_age: 5, max_age: null })]);
    expect(await within(glance()).findByText('ab 5 Jahren')).toBeInTheDocument();
  });

  it('leaves out the ages when the next Kids event states none', async () => {
    renderWith([kids({ start_date: '2099-01-15', min_age: null, max_age: null, location: 'Suhr' })]);
    expect(await within(glance()).findByText('Suhr')).toBeInTheDocument();
    expect(Object.keys(facts())).toEqual(['Nächster Termin', 'Preis', 'Ort']);
  });

  it('without a next Kids event says only that these belong to each event', async () => {
    renderWith([]);
    expect(await within(glance()).findByText('stehen bei jedem Termin')).toBeInTheDocument();
    expect(Object.keys(facts())).toEqual(['Alter, Preis und Ort']);
  });
});

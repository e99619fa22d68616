import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  deferred,
  installFakeBackend,
  json,
  networkFailure,
  postgrestError,
} from '../../support/fake-backend';
import { eventsTable, uniqueRow, type StoredEventRow } from './fixtures';
import { renderEventRoutes } from './render-events';

afterEach(() => vi.unstubAllGlobals());

function withEvents(rows: StoredEventRow[]) {
  const backend = installFakeBackend();
  backend.on(
    '/rest/v1/events',
    eventsTable(() => rows),
  );
  return backend;
}

describe('/events', () => {
  it('shows skeletons, then every upcoming event as a card', async () => {
    const backend = installFakeBackend();
    const answer = deferred();
    backend.on('/rest/v1/events', () => answer.promise);
    renderEventRoutes('/events');
    expect(screen.getByRole('heading', { level: 1, name: 'Unsere Events' })).toBeInTheDocument();
    expect(screen.getByTestId('event-grid-skeleton')).toBeInTheDocument();
    answer.resolve(
      json([
        uniqueRow({ title: 'Breathwork Abend' }),
        uniqueRow({ title: 'Stammtisch', category: 'stammtisch' }),
      ]),
    );
    expect(await screen.findByRole('article', { name: 'Breathwork Abend' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Stammtisch' })).toBeInTheDocument();
    // Heading order: no level skipped between the page's h1 and the cards' titles.
    const levels = [...document.querySelectorAll('h1, h2, h3, h4')].map((heading) =>
      Number(heading.tagName.slice(1)),
    );
    expect(levels.slice(0, 3)).toEqual([1, 2, 3]);
    levels.forEach((level, index) => expect(level - (levels[index - 1] ?? 0)).toBeLessThanOrEqual(1));
    expect(screen.queryByTestId('event-grid-skeleton')).not.toBeInTheDocument();
  });

  it('offers only the categories present and filters by them', async () => {
    const user = userEvent.setup();
    withEvents([
      uniqueRow({ title: 'Waldkinder', category: 'kids' }),
      uniqueRow({ title: 'Stammtisch März', category: 'stammtisch' }),
      uniqueRow({ title: 'Sense of Breath', category: 'sense-of-breath' }),
    ]);
    renderEventRoutes('/events');
    const filter = await screen.findByRole('group', { name: 'Kategorien' });
    expect(
      within(filter)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Alle', 'Stammtisch', 'Kids', 'Sense of Breath']);
    await user.click(within(filter).getByRole('button', { name: 'Kids' }));
    expect(within(filter).getByRole('button', { name: 'Kids' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('article', { name: 'Waldkinder' })).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Stammtisch März' })).not.toBeInTheDocument();
    expect(screen.getByTestId('current-path')).toHaveTextContent('/events?kategorie=kids');
    await user.click(within(filter).getByRole('button', { name: 'Alle' }));
    expect(screen.getAllByRole('article')).toHaveLength(3);
  });

  it('says so when a category has no events (and never falls back on an empty result)', async () => {
    withEvents([uniqueRow({ title: 'Waldkinder', category: 'kids' })]);
    renderEventRoutes('/events?kategorie=retreat');
    expect(await screen.findByText('Keine Events für diese Kategorie gefunden.')).toBeInTheDocument();
  });

  it('shows the empty text for no events at all, without samples', async () => {
    withEvents([]);
    renderEventRoutes('/events');
    expect(await screen.findByText('Keine Events für diese Kategorie gefunden.')).toBeInTheDocument();
    expect(screen.queryByText(/Beispieldaten/)).not.toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it.each([
    ['the network fails', () => networkFailure()],
    ['the server answers 503', () => postgrestError('Service Unavailable', 503, '')],
  ])('falls back to the published samples when %s', async (_, answer) => {
    const backend = installFakeBackend();
    backend.on('/rest/v1/events', answer);
    renderEventRoutes('/events');
    expect(await screen.findByText('Datenbank nicht verfügbar')).toBeInTheDocument();
    expect(screen.getByText('Verwende Beispieldaten stattdessen')).toBeInTheDocument();
    expect(screen.getByText(/Es werden Beispieldaten angezeigt/)).toBeInTheDocument();
    expect(screen.queryByText(/Failed to fetch|Service Unavailable/)).not.toBeInTheDocument();
    expect(screen.getAllByRole('article').map((card) => card.getAttribute('aria-label'))).toEqual([
      'Breathwork & Brunch',
      'Stammtisch',
      'Wildkräuter Workshop',
    ]);
  });

  it('marks each sample as an example, with no date that could read like a real offer', async () => {
    installFakeBackend().on('/rest/v1/events', () => networkFailure());
    renderEventRoutes('/events');
    const cards = await screen.findAllByRole('article');
    for (const card of cards) {
      expect(within(card).getByText('Beispiel')).toBeInTheDocument();
      expect(within(card).getByText('Beispiel ohne Termin')).toBeInTheDocument();
      // No day, month name or numeric date; no seats count; no booking link.
      expect(card.textContent).not.toMatch(
        /\d{1,2}\. [A-ZÄÖÜ][a-zäöü]+ \d{4}|\d{2}\.\d{2}\.\d{4}|Plätze frei/,
      );
      expect(within(card).queryByRole('link', { name: 'Jetzt buchen' })).not.toBeInTheDocument();
      for (const link of within(card).getAllByRole('link', { hidden: true })) {
        expect(link.getAttribute('href')).toMatch(/^\/events\/beispiel-[a-z-]+$/);
      }
    }
    expect(within(cards[0]!).getByRole('link', { name: 'Beispiel ansehen' })).toBeInTheDocument();
  });

  it('reports other failures without samples', async () => {
    const backend = installFakeBackend();
    backend.on('/rest/v1/events', () => postgrestError('permission denied', 401, '42501'));
    renderEventRoutes('/events');
    expect(await screen.findByText('Fehler beim Laden der Events')).toBeInTheDocument();
    expect(screen.getByText('Fehler beim Laden der Events.')).toBeInTheDocument();
    expect(
      screen.getByText('Bitte versuche es später noch einmal.', { selector: '[role="alert"] *' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });
});

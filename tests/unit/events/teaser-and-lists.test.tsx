import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  BreathworkEvents,
  KidsEvents,
  StammtischEvents,
} from '@/features/events/components/category-event-lists';
import { UpcomingEventsTeaser } from '@/features/events/components/upcoming-events-teaser';
import type { AuthState } from '@/lib/auth/auth-context';
import { renderWithProviders } from '../../support/render';
import { installFakeBackend, networkFailure, postgrestError } from '../../support/fake-backend';
import { eventsTable, uniqueRow, type StoredEventRow } from './fixtures';

afterEach(() => vi.unstubAllGlobals());

function withEvents(rows: StoredEventRow[]) {
  const backend = installFakeBackend();
  backend.on(
    '/rest/v1/events',
    eventsTable(() => rows),
  );
  return backend;
}

function failing(answer: () => Response | Promise<Response>) {
  installFakeBackend().on('/rest/v1/events', answer);
}

const badRequest = () => postgrestError('bad request', 400, '42703');

function render(ui: React.ReactElement, auth: Partial<AuthState> = {}) {
  return renderWithProviders(ui, { auth });
}

describe('home teaser', () => {
  it('shows up to three upcoming events with their buttons', async () => {
    const backend = withEvents([
      uniqueRow({ title: 'Eins', start_date: '2099-01-01' }),
      uniqueRow({ title: 'Zwei', start_date: '2099-01-02', is_sold_out: true }),
      uniqueRow({ title: 'Drei', start_date: '2099-01-03' }),
      uniqueRow({ title: 'Vier', start_date: '2099-01-04' }),
    ]);
    render(<UpcomingEventsTeaser />);
    expect(screen.getByRole('heading', { name: 'Kommende Events' })).toBeInTheDocument();
    await screen.findByRole('article', { name: 'Eins' });
    expect(screen.getAllByRole('article').map((card) => card.getAttribute('aria-label'))).toEqual([
      'Eins',
      'Zwei',
      'Drei',
    ]);
    expect(backend.requests[0]!.url.searchParams.get('limit')).toBe('3');
    expect(
      within(screen.getByRole('article', { name: 'Eins' })).getByRole('link', {
        name: 'Details & Anmeldung',
      }),
    ).toBeInTheDocument();
    expect(
      within(screen.getByRole('article', { name: 'Zwei' })).getByRole('link', {
        name: 'Ausgebucht – Details anzeigen',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Alle Events ansehen' })).toHaveAttribute('href', '/events');
  });

  it('has an empty text, and a hint for admins', async () => {
    withEvents([]);
    render(<UpcomingEventsTeaser />, { isAdmin: true });
    expect(await screen.findByText('Aktuell sind keine Events geplant.')).toBeInTheDocument();
    expect(screen.getByText(/Hinweis für Admins/)).toBeInTheDocument();
  });

  it('explains a failure (no admin hint for visitors)', async () => {
    failing(badRequest);
    render(<UpcomingEventsTeaser />);
    expect(await screen.findByText('Fehler beim Laden der Events.')).toBeInTheDocument();
    expect(
      screen.getByText('Bitte prüfe deine Internetverbindung oder versuche es später noch einmal.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Hinweis für Admins/)).not.toBeInTheDocument();
  });

  it('shows samples while the database is unreachable', async () => {
    failing(networkFailure);
    render(<UpcomingEventsTeaser />);
    expect(await screen.findByText('Datenbank nicht verfügbar. Zeige Beispieldaten an.')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(3);
  });
});

describe('Stammtisch list', () => {
  it('lists published Stammtisch events', async () => {
    const backend = withEvents([uniqueRow({ title: 'Stammtisch April', category: 'stammtisch' })]);
    render(<StammtischEvents />);
    expect(await screen.findByRole('heading', { name: 'Kommende Stammtische' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Stammtisch April' })).toBeInTheDocument();
    expect(backend.requests[0]!.url.searchParams.get('category')).toBe('in.(stammtisch)');
  });

  it('is hidden when there are none', async () => {
    withEvents([]);
    const { container, queryClient } = render(<StammtischEvents />);
    // Loading renders nothing too, so wait for the answer before looking.
    await vi.waitFor(() => expect(queryClient.getQueryCache().getAll()[0]?.state.status).toBe('success'));
    expect(container.querySelector('section')).toBeNull();
    expect(screen.queryByText('Kommende Stammtische')).not.toBeInTheDocument();
  });

  it('reports a failure', async () => {
    failing(badRequest);
    render(<StammtischEvents />);
    expect(await screen.findByText('Fehler beim Laden der Stammtisch-Events.')).toBeInTheDocument();
  });

  it('shows the Stammtisch sample while the database is unreachable', async () => {
    failing(networkFailure);
    render(<StammtischEvents />);
    expect(await screen.findByRole('article', { name: 'Stammtisch' })).toBeInTheDocument();
  });
});

describe('Kids list', () => {
  it('lists kids events', async () => {
    withEvents([uniqueRow({ title: 'Feuermagie', category: 'kids' })]);
    render(<KidsEvents />);
    expect(await screen.findByRole('article', { name: 'Feuermagie' })).toBeInTheDocument();
  });

  it('is hidden when empty', async () => {
    withEvents([]);
    const { container, queryClient } = render(<KidsEvents />);
    await vi.waitFor(() => expect(queryClient.getQueryCache().getAll()[0]?.state.status).toBe('success'));
    expect(container.querySelector('section')).toBeNull();
  });

  it.each([
    ['fails', badRequest],
    ['is unreachable (no kids sample exists)', networkFailure],
  ])('reports when loading %s', async (_, answer) => {
    failing(answer);
    render(<KidsEvents />);
    expect(await screen.findByText('Fehler beim Laden der Kids-Events.')).toBeInTheDocument();
  });
});

describe('Breathwork list (Atmen)', () => {
  it('shows skeletons, then breathwork and Sense of Breath events', async () => {
    const backend = withEvents([
      uniqueRow({ title: 'Breathwork Abend', category: 'breathwork' }),
      uniqueRow({ title: 'Sense of Breath', category: 'sense-of-breath' }),
    ]);
    render(<BreathworkEvents />);
    expect(screen.getByTestId('event-grid-skeleton')).toBeInTheDocument();
    expect(await screen.findByRole('article', { name: 'Breathwork Abend' })).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Sense of Breath' })).toBeInTheDocument();
    expect(backend.requests[0]!.url.searchParams.get('category')).toBe('in.(breathwork,sense-of-breath)');
  });

  it('has an empty text', async () => {
    withEvents([]);
    render(<BreathworkEvents />);
    expect(await screen.findByText('Aktuell sind keine Breathwork-Events geplant.')).toBeInTheDocument();
  });

  it('falls back to samples with a notice and a toast when unreachable', async () => {
    failing(networkFailure);
    render(<BreathworkEvents />);
    expect(
      await screen.findByText('Datenbank nicht verfügbar. Verwende Beispieldaten stattdessen.'),
    ).toBeInTheDocument();
    // The toast is raised in an effect after the notice renders: wait for it.
    expect(await screen.findByText('Datenbank nicht verfügbar')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Breathwork & Brunch' })).toBeInTheDocument();
  });

  it('shows samples with the error texts on other failures', async () => {
    failing(badRequest);
    render(<BreathworkEvents />);
    expect(
      await screen.findByText('Fehler beim Laden der Events. Verwende Beispieldaten stattdessen.'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Fehler beim Laden der Events')).toBeInTheDocument();
    expect(screen.getByText('Bitte versuche es später noch einmal.')).toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Breathwork & Brunch' })).toBeInTheDocument();
  });
});

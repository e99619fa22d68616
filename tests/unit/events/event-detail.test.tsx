import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeBackend, json, networkFailure } from '../../support/fake-backend';
import { eventsTable, uniqueRow } from './fixtures';
import { renderEventRoutes } from './render-events';

afterEach(() => vi.unstubAllGlobals());

const row = uniqueRow({
  title: 'Breathwork am See',
  subtitle: 'Atmen und Ankommen',
  description: 'Erster Absatz.\n\nZweiter Absatz.',
  start_date: '2099-03-05',
  end_date: '2099-03-07',
  start_time: '18:30',
  end_time: '21:00',
  location: 'Hallwilersee',
  price: 95.5,
  max_participants: 12,
  current_participants: 5,
  bring_along: 'Decke und Kissen',
  min_age: 5,
  max_age: 10,
});

describe('/events/{slug}', () => {
  it('loads by slug without navigation state and shows every field', async () => {
    const backend = installFakeBackend();
    backend.on(
      '/rest/v1/events',
      eventsTable(() => [row]),
    );
    renderEventRoutes(`/events/${row.slug}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Breathwork am See' })).toBeInTheDocument();
    expect(backend.requests[0]!.url.searchParams.get('slug')).toBe(`eq.${row.slug}`);
    expect(screen.getByText('Atmen und Ankommen')).toBeInTheDocument();
    expect(screen.getByText('5. März 2099 – 7. März 2099')).toBeInTheDocument();
    expect(screen.getByText('18:30–21:00 Uhr')).toBeInTheDocument();
    expect(screen.getByText('Hallwilersee')).toBeInTheDocument();
    expect(screen.getByText('CHF 95.50')).toBeInTheDocument();
    expect(screen.getByText('Max. 12 Teilnehmer')).toBeInTheDocument();
    expect(screen.getByText('Noch 7 von 12 Plätzen frei')).toBeInTheDocument();
    expect(screen.getByText('Decke und Kissen')).toBeInTheDocument();
    expect(screen.getByText('Alter').nextElementSibling).toHaveTextContent('5–10 Jahre');
    expect(screen.getByText('Zweiter Absatz.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Breathwork am See' })).toHaveAttribute('width', '800');
    expect(screen.getByRole('link', { name: 'Jetzt buchen' })).toHaveAttribute(
      'href',
      `/events/${row.slug}/buchen`,
    );
  });

  it('uses the id from navigation state when reached from a card', async () => {
    const user = userEvent.setup();
    const backend = installFakeBackend();
    backend.on(
      '/rest/v1/events',
      eventsTable(() => [row]),
    );
    renderEventRoutes('/events');
    await user.click(await screen.findByRole('link', { name: 'Breathwork am See' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Breathwork am See' })).toBeInTheDocument();
    const lookup = backend.requests.at(-1)!.url.searchParams;
    expect(lookup.get('id')).toBe(`eq.${row.id}`);
    expect(lookup.get('slug')).toBeNull();
  });

  it('says when the event does not exist', async () => {
    installFakeBackend().on(
      '/rest/v1/events',
      eventsTable(() => []),
    );
    renderEventRoutes('/events/gibt-es-nicht-01-01-2099');
    expect(await screen.findByRole('heading', { name: 'Event nicht gefunden' })).toBeInTheDocument();
    expect(screen.getByText('Das angeforderte Event konnte nicht gefunden werden.')).toBeInTheDocument();
  });

  it('shows a sold-out event without a booking link', async () => {
    const soldOut = uniqueRow({ title: 'Voll', max_participants: 10, is_sold_out: true });
    installFakeBackend().on(
      '/rest/v1/events',
      eventsTable(() => [soldOut]),
    );
    renderEventRoutes(`/events/${soldOut.slug}`);
    expect(await screen.findByText('Ausgebucht (max. 10 Teilnehmer)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ausgebucht' })).toBeDisabled();
    expect(screen.queryByRole('link', { name: 'Jetzt buchen' })).not.toBeInTheDocument();
  });

  it('says a past event has taken place instead of offering booking', async () => {
    const past = uniqueRow({ title: 'Vorbei', start_date: '2020-03-05', end_date: '2020-03-05' });
    installFakeBackend().on(
      '/rest/v1/events',
      eventsTable(() => [past]),
    );
    renderEventRoutes(`/events/${past.slug}`);
    expect(await screen.findByText('Dieses Event hat bereits stattgefunden.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zu allen Events' })).toHaveAttribute('href', '/events');
    expect(screen.queryByRole('link', { name: 'Jetzt buchen' })).not.toBeInTheDocument();
  });

  it('publishes schema.org Event data', async () => {
    installFakeBackend().on(
      '/rest/v1/events',
      eventsTable(() => [row]),
    );
    renderEventRoutes(`/events/${row.slug}`);
    await screen.findByRole('heading', { level: 1, name: 'Breathwork am See' });
    // React 19 keeps the script where Helmet renders it; search engines read JSON-LD anywhere.
    const script = await waitFor(() => {
      const element = document.querySelector('script[type="application/ld+json"]');
      expect(element).not.toBeNull();
      return element!;
    });
    const data = JSON.parse(script.textContent!);
    expect(data).toMatchObject({
      '@type': 'Event',
      name: 'Breathwork am See',
      startDate: '2099-03-05T18:30:00+01:00',
      endDate: '2099-03-07T21:00:00+01:00',
      offers: { price: '95.50', priceCurrency: 'CHF' },
    });
  });

  it('downloads an .ics file for the calendar', async () => {
    const user = userEvent.setup();
    const files: Blob[] = [];
    vi.stubGlobal(
      'URL',
      Object.assign(URL, {
        createObjectURL: (blob: Blob) => (files.push(blob), 'blob:ics'),
        revokeObjectURL: () => {},
      }),
    );
    installFakeBackend().on(
      '/rest/v1/events',
      eventsTable(() => [row]),
    );
    renderEventRoutes(`/events/${row.slug}`);
    await user.click(await screen.findByRole('button', { name: 'Zum Kalender hinzufügen' }));
    expect(files).toHaveLength(1);
    expect(files[0]!.type).toBe('text/calendar;charset=utf-8');
    const text = await files[0]!.text();
    expect(text).toContain('SUMMARY:Breathwork am See\r\n');
    expect(text).toContain('DTSTART:20990305T173000Z\r\n');
  });

  it('shows a sample event while the database is unreachable, without booking', async () => {
    installFakeBackend().on('/rest/v1/events', () => networkFailure());
    const user = userEvent.setup();
    renderEventRoutes('/events');
    const card = await screen.findByRole('article', { name: 'Stammtisch' });
    await user.click(within(card).getByRole('link', { name: 'Stammtisch' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Stammtisch' })).toBeInTheDocument();
    expect(screen.getByText(/Dies ist ein Beispiel-Event/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Jetzt buchen' })).not.toBeInTheDocument();
    const main = screen.getByRole('article');
    expect(within(main).getByText('Beispiel ohne Termin')).toBeInTheDocument();
    expect(main.textContent).not.toMatch(/\d{1,2}\. [A-ZÄÖÜ][a-zäöü]+ \d{4}|Plätzen frei/);
    expect(screen.queryByRole('button', { name: 'Zum Kalender hinzufügen' })).not.toBeInTheDocument();
  });

  it("says 'Fehler beim Laden des Events' when the database answers with an error", async () => {
    installFakeBackend().on('/rest/v1/events', () => json({ code: 'XX000', message: 'boom' }, 500));
    renderEventRoutes('/events/breathwork-am-see-05-03-2099');
    expect(
      await screen.findByRole(
        'heading',
        { level: 1, name: 'Fehler beim Laden des Events' },
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Alle Events ansehen' })).toHaveAttribute('href', '/events');
  });
});

import { screen, within } from '@testing-library/react';
import { formatChf } from '@common/format.ts';
import { renderRoute } from '../../support/render';
import { installFakeBackend, json, type FakeBackend } from '../../support/fake-backend';
import { adminAuth } from './fixtures';

const LAZY = { timeout: 15_000 };
vi.setConfig({ testTimeout: 30_000 });

let api: FakeBackend;

const stats = {
  total_events: 9,
  upcoming_events: 4,
  unique_participants: 17,
  revenue: '1250.5',
  discount_cents: 2350,
  received_cents: 177500,
  voucher_cents: 15000,
  open_cents: 4000,
  occupancy_percent: 41.6,
};

beforeEach(() => {
  api = installFakeBackend();
  api.on('POST /rest/v1/rpc/admin_dashboard_stats', () => json(stats));
  api.on('POST /rest/v1/rpc/admin_weekly_bookings', () => json(weeks));
  api.on('POST /rest/v1/rpc/admin_event_occupancy', () => json([]));
  api.on('POST /rest/v1/rpc/admin_event_ticket_counts', () => json([]));
});

// Twelve Mondays up to 2026-11-23; bookings in the last two.
const weeks = Array.from({ length: 12 }, (_, index) => ({
  week_start: new Date(Date.UTC(2026, 10, 23 - 7 * (11 - index))).toISOString().slice(0, 10),
  registrations: index >= 10 ? 2 : 0,
  persons: index === 11 ? 5 : index === 10 ? 3 : 0,
  revenue_cents: index === 11 ? 125050 : index === 10 ? 24000 : 0,
}));

afterEach(() => {
  vi.unstubAllGlobals();
});

function card(title: string): HTMLElement {
  return screen.getByRole('region', { name: title });
}

describe('admin dashboard', () => {
  it('shows the statistics, the upcoming events and the newest registrations', async () => {
    api.on('GET /rest/v1/events', (request) =>
      request.url.searchParams.get('select') === 'id'
        ? json([{ id: 'e-1' }])
        : json([
            {
              id: 'e-1',
              title: 'Stammtisch',
              start_date: '2099-01-10',
              start_time: '18:30:00',
              end_time: '21:00:00',
              current_participants: 4,
              max_participants: 12,
            },
          ]),
    );
    api.on('GET /rest/v1/participants', () =>
      json([
        {
          id: 'p-1',
          name: 'Anna Muster',
          email: 'anna@example.ch',
          created_at: '2026-11-20T09:30:00Z',
          event: { title: 'Stammtisch' },
        },
      ]),
    );
    renderRoute('/admin/dashboard', { auth: adminAuth });
    expect(await screen.findByLabelText('Events gesamt: 9', {}, LAZY)).toBeInTheDocument();
    expect(screen.getByLabelText('Kommende Events: 4')).toBeInTheDocument();
    expect(screen.getByLabelText('Teilnehmer: 17')).toBeInTheDocument();
    // Booked value (the spec's formula) beside what came in and what is open, one CHF format.
    expect(screen.getByLabelText('Umsatz (gebucht): CHF 1’250.50')).toBeInTheDocument();
    expect(screen.getByLabelText('Rabatte: CHF 23.50')).toBeInTheDocument();
    expect(screen.getByLabelText('Mit Gutschein: CHF 150.00')).toBeInTheDocument();
    expect(screen.getByLabelText('Erhalten: CHF 1’775.00')).toBeInTheDocument();
    expect(screen.getByLabelText('Offen: CHF 40.00')).toBeInTheDocument();
    expect(screen.getByLabelText('Auslastung: 42%')).toBeInTheDocument();

    const upcoming = card('Kommende Events');
    expect(await within(upcoming).findByRole('link', { name: 'Stammtisch' })).toHaveAttribute(
      'href',
      '/admin/events/e-1',
    );
    expect(within(upcoming).getByText('10.01.2099, 18:30–21:00 Uhr')).toBeInTheDocument();
    expect(within(upcoming).getByText('4/12')).toBeInTheDocument();
    const upcomingQuery = api
      .calls('GET /rest/v1/events')
      .find((r) => r.url.searchParams.get('select')?.includes('title'))!.url.searchParams;
    expect(upcomingQuery.get('limit')).toBe('5');
    expect(upcomingQuery.get('start_date')).toMatch(/^gte\.\d{4}-\d{2}-\d{2}$/);

    const registrations = card('Neueste Anmeldungen');
    expect(await within(registrations).findByText('Anna Muster')).toBeInTheDocument();
    expect(within(registrations).getByText('20.11.2026')).toBeInTheDocument();
    expect(await screen.findByText('Datenbank verbunden')).toBeInTheDocument();
  });

  it('splits an upcoming event with ticket types by type; an event without types stays as it was', async () => {
    const event = (id: string, title: string) => ({
      id,
      title,
      start_date: '2099-01-10',
      start_time: null,
      end_time: null,
      current_participants: 17,
      max_participants: 20,
    });
    api.on('GET /rest/v1/events', (request) =>
      request.url.searchParams.get('select') === 'id'
        ? json([])
        : json([event('e-1', 'Familienkochen'), event('e-2', 'Stammtisch')]),
    );
    api.on('GET /rest/v1/participants', () => json([]));
    api.on('POST /rest/v1/rpc/admin_event_ticket_counts', () =>
      json([
        { event_id: 'e-1', name: 'Erwachsene', persons: 12 },
        { event_id: 'e-1', name: 'Kinder', persons: 5 },
      ]),
    );
    renderRoute('/admin/dashboard', { auth: adminAuth });
    const upcoming = await screen.findByRole('region', { name: 'Kommende Events' }, LAZY);
    const family = (await within(upcoming).findByRole('link', { name: 'Familienkochen' }, LAZY)).closest(
      'li',
    )!;
    expect(within(family).getByText('Erwachsene 12 · Kinder 5')).toBeInTheDocument();
    const stammtisch = within(upcoming).getByRole('link', { name: 'Stammtisch' }).closest('li')!;
    expect(within(stammtisch).queryByText(/Erwachsene|Kinder/)).not.toBeInTheDocument();
    expect(api.calls('POST /rest/v1/rpc/admin_event_ticket_counts')[0]!.body).toEqual({
      p_event_ids: ['e-1', 'e-2'],
    });
  });

  it("charts persons and revenue per week with a table, and each upcoming event's occupancy", async () => {
    api.on('GET /rest/v1/events', () => json([]));
    api.on('GET /rest/v1/participants', () => json([]));
    api.on('POST /rest/v1/rpc/admin_event_occupancy', () =>
      json([
        {
          event_id: 'e-1',
          title: 'Fondue',
          start_date: '2099-01-10',
          booked_persons: 9,
          max_participants: 12,
        },
        {
          event_id: 'e-2',
          title: 'Voll',
          start_date: '2099-01-11',
          booked_persons: 13,
          max_participants: 12,
        },
      ]),
    );
    renderRoute('/admin/dashboard', { auth: adminAuth });
    const charts = await screen.findByRole('region', { name: 'Buchungen der letzten 12 Wochen' }, LAZY);
    const persons = await within(charts).findByRole('table', { name: 'Gebuchte Personen pro Woche' });
    const personRows = within(persons).getAllByRole('row');
    expect(personRows).toHaveLength(13);
    expect(personRows[12]).toHaveTextContent('23.11.5');
    expect(personRows[11]).toHaveTextContent('16.11.3');
    const revenue = within(charts).getByRole('table', { name: 'Umsatz pro Woche (CHF)' });
    expect(within(revenue).getAllByRole('row')[12]).toHaveTextContent(formatChf(1250.5));
    // The bar's own label groups as the cards do ('1’251', never Intl's "1'251").
    const barLabels = [...charts.querySelectorAll('svg text')].map((text) => text.textContent);
    expect(barLabels).toContain('1’251');
    expect(barLabels.join(' ')).not.toContain("'");
    expect(api.calls('POST /rest/v1/rpc/admin_weekly_bookings')[0]?.body).toEqual({ p_weeks: 12 });

    const occupancy = card('Auslastung der kommenden Events');
    expect(await within(occupancy).findByText('10.01.2099 · 9 von 12 Plätzen (75%)')).toBeInTheDocument();
    expect(within(occupancy).getByText('11.01.2099 · 13 von 12 Plätzen (100%)')).toBeInTheDocument();
    expect(within(occupancy).getByRole('link', { name: 'Fondue' })).toHaveAttribute(
      'href',
      '/admin/events/e-1',
    );
  });

  it('shows the empty states and a failed connection', async () => {
    api.on('GET /rest/v1/events', (request) =>
      request.url.searchParams.get('select') === 'id'
        ? json({ code: 'XX000', message: 'down' }, 500)
        : json([]),
    );
    api.on('GET /rest/v1/participants', () => json([]));
    renderRoute('/admin/dashboard', { auth: adminAuth });
    expect(await screen.findByText('Keine kommenden Events', {}, LAZY)).toBeInTheDocument();
    expect(await screen.findByText('Keine Anmeldungen vorhanden')).toBeInTheDocument();
    expect(await screen.findByText('Keine Datenbankverbindung')).toBeInTheDocument();
  });

  it('says so when the statistics cannot be read', async () => {
    api.on('POST /rest/v1/rpc/admin_dashboard_stats', () =>
      json({ code: '42501', message: 'permission denied' }, 403),
    );
    api.on('GET /rest/v1/events', () => json([]));
    api.on('GET /rest/v1/participants', () => json([]));
    renderRoute('/admin/dashboard', { auth: adminAuth });
    expect(await screen.findByRole('alert', {}, LAZY)).toHaveTextContent(
      'Die Statistiken konnten nicht geladen werden.',
    );
  });
});

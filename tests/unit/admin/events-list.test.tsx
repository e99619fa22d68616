import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute } from '../../support/render';
import { installFakeBackend, json, type FakeBackend } from '../../support/fake-backend';
import { findToast } from './find-toast';
import { adminAuth, eventRow } from './fixtures';

const LAZY = { timeout: 15_000 };
vi.setConfig({ testTimeout: 30_000 });

const upcoming = eventRow({
  id: 'e-up',
  title: 'Kommender Stammtisch',
  category: 'stammtisch',
  start_date: '2099-01-10',
});
const undated = eventRow({
  id: 'e-nodate',
  title: 'Ohne Termin',
  start_date: null,
  status: 'draft',
  is_cancelled: true,
  is_sold_out: true,
});
const past = eventRow({
  id: 'e-past',
  title: 'Vergangener Workshop',
  category: 'workshop',
  start_date: '2020-05-01',
});

let api: FakeBackend;

beforeEach(() => {
  api = installFakeBackend();
  api.on('GET /rest/v1/events', () => json([past, upcoming, undated]));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function lastEventsQuery(): URLSearchParams {
  const calls = api.calls('GET /rest/v1/events');
  return calls[calls.length - 1]!.url.searchParams;
}

describe('admin events list', () => {
  it('shows upcoming events by default, counting events without a date as upcoming', async () => {
    renderRoute('/admin/events', { auth: adminAuth });
    expect(await screen.findByText('Kommender Stammtisch', {}, LAZY)).toBeInTheDocument();
    expect(screen.getByText('Ohne Termin')).toBeInTheDocument();
    expect(screen.queryByText('Vergangener Workshop')).not.toBeInTheDocument();

    const row = screen.getByText('Kommender Stammtisch').closest('tr')!;
    expect(within(row).getByText('Stammtisch')).toBeInTheDocument();
    expect(within(row).getByText('Veröffentlicht')).toBeInTheDocument();
    expect(within(row).queryByText('Abgesagt')).not.toBeInTheDocument();
    expect(within(row).queryByText('Geschlossen')).not.toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Check-in für Kommender Stammtisch' })).toHaveAttribute(
      'href',
      '/admin/events/e-up/checkin',
    );
    // Cancelled and closed beside the publication status.
    const cancelled = screen.getByText('Ohne Termin').closest('tr')!;
    for (const badge of ['Entwurf', 'Abgesagt', 'Geschlossen']) {
      expect(within(cancelled).getByText(badge)).toBeInTheDocument();
    }
    expect(within(row).getByText('10.01.2099')).toBeInTheDocument();
    expect(within(row).getByText('Veröffentlicht')).toBeInTheDocument();
    expect(within(row).getByText('3/15')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Kommender Stammtisch bearbeiten' })).toHaveAttribute(
      'href',
      '/admin/events/e-up/edit',
    );
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Titel',
      'Kategorie',
      'Datum',
      'Status',
      'Teilnehmer',
      'Aktionen',
    ]);
  });

  it('reads the filters from the URL: status and category on the server, time on the client', async () => {
    renderRoute('/admin/events?time=past&category=workshop&status=published', { auth: adminAuth });
    expect(await screen.findByText('Vergangener Workshop', {}, LAZY)).toBeInTheDocument();
    expect(screen.queryByText('Kommender Stammtisch')).not.toBeInTheDocument();
    expect(lastEventsQuery().get('status')).toBe('eq.published');
    expect(lastEventsQuery().get('category')).toBe('eq.workshop');
    expect(screen.getByRole('combobox', { name: 'Zeitraum' })).toHaveTextContent('Vergangene Events');
    expect(screen.getByRole('combobox', { name: 'Kategorie' })).toHaveTextContent('Workshops');
  });

  it('puts a status tab into the URL and reloads', async () => {
    const scrollTo = vi.fn();
    vi.stubGlobal('scrollTo', scrollTo);
    const { router } = renderRoute('/admin/events', { auth: adminAuth });
    await screen.findByText('Kommender Stammtisch', {}, LAZY);
    await userEvent.click(screen.getByRole('tab', { name: 'Entwürfe' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=draft'));
    await waitFor(() => expect(lastEventsQuery().get('status')).toBe('eq.draft'));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0 });
    expect(screen.getByRole('tab', { name: 'Entwürfe' })).toHaveAttribute('aria-selected', 'true');
  });

  it('shows the empty state with a create button', async () => {
    api.on('GET /rest/v1/events', () => json([]));
    renderRoute('/admin/events', { auth: adminAuth });
    expect(await screen.findByText('Keine Events gefunden', {}, LAZY)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Neues Event erstellen' })).toHaveAttribute(
      'href',
      '/admin/events/new',
    );
  });

  it('copies an event, showing "Wird kopiert…" until the database answers', async () => {
    let answer!: (response: Response) => void;
    api.on(
      'POST /rest/v1/rpc/admin_clone_event',
      () => new Promise<Response>((resolve) => (answer = resolve)),
    );
    renderRoute('/admin/events', { auth: adminAuth });
    await userEvent.click(await screen.findByRole('button', { name: 'Kommender Stammtisch kopieren' }, LAZY));
    expect(await screen.findByText('Wird kopiert…')).toBeInTheDocument();
    expect(api.calls('POST /rest/v1/rpc/admin_clone_event')[0]?.body).toEqual({ p_event_id: 'e-up' });

    const loadsBefore = api.calls('GET /rest/v1/events').length;
    answer(json({ ...upcoming, id: 'e-copy', title: 'Kommender Stammtisch (Kopie)', status: 'draft' }));
    const toast = await findToast('Event kopiert');
    expect(within(toast).getByText('Das Event wurde erfolgreich kopiert.')).toBeInTheDocument();
    await waitFor(() => expect(api.calls('GET /rest/v1/events').length).toBeGreaterThan(loadsBefore));
    expect(screen.queryByText('Wird kopiert…')).not.toBeInTheDocument();
  });

  it('announces a failed copy and a failed load', async () => {
    api.on('POST /rest/v1/rpc/admin_clone_event', () =>
      json({ code: '42501', message: 'permission denied' }, 403),
    );
    renderRoute('/admin/events', { auth: adminAuth });
    await userEvent.click(await screen.findByRole('button', { name: 'Kommender Stammtisch kopieren' }, LAZY));
    const toast = await findToast('Fehler beim Kopieren');
    expect(within(toast).getByText('Das Event konnte nicht kopiert werden.')).toBeInTheDocument();
  });

  it('announces a list that cannot be loaded', async () => {
    api.on('GET /rest/v1/events', () => json({ code: 'XX000', message: 'boom' }, 500));
    renderRoute('/admin/events', { auth: adminAuth });
    const toast = await findToast('Fehler beim Laden', 15_000);
    expect(within(toast).getByText('Die Events konnten nicht geladen werden.')).toBeInTheDocument();
  });
});

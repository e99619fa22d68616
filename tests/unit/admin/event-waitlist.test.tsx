import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute } from '../../support/render';
import { installFakeBackend, json, postgrestError, type FakeBackend } from '../../support/fake-backend';
import { findToast } from './find-toast';
import { adminAuth } from './fixtures';

// The admin's waiting list of one event: order, persons, offer state; remove and offer by hand
// through the SQL functions, with the database's refusal in German.

const LAZY = { timeout: 15_000 };
vi.setConfig({ testTimeout: 30_000 });

const LIST = 'POST /rest/v1/rpc/admin_waitlist';
const OFFER = 'POST /rest/v1/rpc/admin_offer_waitlist_entry';
const REMOVE = 'POST /rest/v1/rpc/admin_remove_waitlist_entry';

function entry(overrides: Record<string, unknown>) {
  return {
    id: 'w-1',
    list_position: 1,
    name: 'Wanda Warte',
    email: 'wanda@example.ch',
    phone: '+41 79 123 45 67',
    persons: 2,
    status: 'waiting',
    offered_at: null,
    offer_expires_at: null,
    created_at: '2026-11-20T10:00:00Z',
    ended_at: null,
    ...overrides,
  };
}

let api: FakeBackend;

beforeEach(() => {
  api = installFakeBackend();
  api.on('GET /rest/v1/events', () =>
    json({
      id: 'e-1',
      title: 'Pasta Abend',
      start_date: '2099-03-15',
      max_participants: 10,
      current_participants: 9,
      offered_persons: 1,
    }),
  );
  api.on(LIST, () =>
    json([
      entry({}),
      entry({
        id: 'w-2',
        list_position: 2,
        name: 'Otto Offer',
        persons: 1,
        status: 'offered',
        offered_at: '2099-03-01T09:00:00Z',
        offer_expires_at: '2099-03-02T09:00:00Z',
      }),
      entry({ id: 'w-3', list_position: null, name: 'Lea Left', status: 'left' }),
    ]),
  );
});

afterEach(() => vi.unstubAllGlobals());

describe('admin waiting list', () => {
  it('shows the entries in order with persons and offer state', async () => {
    renderRoute('/admin/events/e-1/warteliste', { auth: adminAuth });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Warteliste: Pasta Abend' }, LAZY),
    ).toBeInTheDocument();
    expect(api.calls(LIST)[0]?.body).toEqual({ p_event_id: 'e-1' });
    expect(
      screen.getByText('15.03.2099 · 9 von 10 Plätzen gebucht, 1 in offenen Angeboten, 0 frei.'),
    ).toBeInTheDocument();
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual([
      'Wanda Warte',
      'Otto Offer',
      'Lea Left',
    ]);
    expect(within(rows[1]!).getByText('Angebot offen bis 02.03.2099 10:00')).toBeInTheDocument();
    expect(within(rows[2]!).getByText('Ausgetragen')).toBeInTheDocument();
    // Offer by hand only to a waiting entry; remove only while in the list.
    expect(
      within(rows[0]!).getByRole('button', { name: 'Angebot senden an Wanda Warte' }),
    ).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('button', { name: /Angebot senden/ })).not.toBeInTheDocument();
    expect(within(rows[1]!).getByRole('button', { name: 'Otto Offer entfernen' })).toBeInTheDocument();
    expect(within(rows[2]!).queryAllByRole('button')).toHaveLength(0);
  });

  it('on a narrow screen numbers only the entries in the queue (no "-. Lea Left")', async () => {
    // Below 1024 px: one card per entry.
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: true,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    renderRoute('/admin/events/e-1/warteliste', { auth: adminAuth });
    expect(await screen.findByText('1. Wanda Warte', undefined, LAZY)).toBeInTheDocument();
    expect(screen.getByText('2. Otto Offer')).toBeInTheDocument();
    expect(screen.getByText('Lea Left')).toBeInTheDocument();
    expect(screen.queryByText(/^-\./)).not.toBeInTheDocument();
  });

  it('sends an offer by hand, and says why the database refused one', async () => {
    api.on(OFFER, () => postgrestError('NOT_ENOUGH_SEATS', 400, 'P0001', '0'));
    renderRoute('/admin/events/e-1/warteliste', { auth: adminAuth });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Angebot senden an Wanda Warte' }, LAZY));
    expect(await findToast('Nicht möglich')).toHaveTextContent(
      'Nicht genug freie Plätze für dieses Angebot (frei: 0).',
    );
    api.on(OFFER, () => new Response(null, { status: 204 }));
    await user.click(screen.getByRole('button', { name: 'Angebot senden an Wanda Warte' }));
    await findToast('Angebot gesendet');
    expect(api.calls(OFFER).at(-1)?.body).toEqual({ p_entry_id: 'w-1' });
  });

  it('removes an entry after asking', async () => {
    api.on(REMOVE, () => new Response(null, { status: 204 }));
    renderRoute('/admin/events/e-1/warteliste', { auth: adminAuth });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Otto Offer entfernen' }, LAZY));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Entfernen' }),
    );
    await findToast('Eintrag entfernt');
    await waitFor(() => expect(api.calls(REMOVE)[0]?.body).toEqual({ p_entry_id: 'w-2' }));
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TicketTypesCard } from '@/features/admin-events/components/ticket-types-card';
import { renderWithProviders } from '../../support/render';
import { installFakeBackend, json, postgrestError, type FakeBackend } from '../../support/fake-backend';
import { adminAuth } from './fixtures';

// 'Ticketarten' on the event's edit page (issue 28): the types with price, seats and note; a new
// one with its rules at the fields; a duplicate name at the name; a booked type kept with the
// database's reason; a change of price sent as an update of that type.

const EVENT = 'e-1';
let api: FakeBackend;
let rows: Record<string, unknown>[];

const ADULT = {
  id: 't-1',
  event_id: EVENT,
  name: 'Erwachsene',
  price: 45,
  capacity: null,
  note: '',
  position: 0,
  created_at: '2026-11-01T08:00:00Z',
  updated_at: '2026-11-01T08:00:00Z',
};

beforeEach(() => {
  rows = [ADULT];
  api = installFakeBackend();
  api.on('GET /rest/v1/event_ticket_types', () => json(rows));
});

afterEach(() => vi.unstubAllGlobals());

describe('Ticketarten', () => {
  it('adds a type with its price, seats and note; refuses a bad price and a duplicate name at their fields', async () => {
    const user = userEvent.setup();
    api.on('POST /rest/v1/event_ticket_types', (request) => {
      const body = request.body as { name: string };
      if (body.name === 'Erwachsene') return postgrestError('duplicate key', 409, '23505');
      rows = [...rows, { ...ADULT, ...body, id: 't-2' }];
      return json(null, 201);
    });
    renderWithProviders(<TicketTypesCard eventId={EVENT} />, { auth: adminAuth });
    const list = await screen.findByRole('list', { name: 'Ticketarten' });
    expect(within(list).getByText('Erwachsene')).toBeInTheDocument();
    expect(within(list).getByText('CHF 45.00')).toBeInTheDocument();

    const form = within(screen.getByRole('form', { name: 'Neue Ticketart' }));
    await user.type(form.getByLabelText('Name'), 'Kinder (5–12)');
    await user.type(form.getByLabelText('Preis in CHF'), '25.555');
    await user.click(form.getByRole('button', { name: 'Ticketart hinzufügen' }));
    expect(await form.findByText('Preis in CHF, z. B. 45 oder 22.50.')).toBeInTheDocument();
    await user.clear(form.getByLabelText('Preis in CHF'));
    await user.type(form.getByLabelText('Preis in CHF'), '25');
    await user.type(form.getByLabelText('Plätze dieser Art (optional)'), '6');
    await user.type(form.getByLabelText('Hinweis (optional, z. B. 5 bis 12 Jahre)'), '5 bis 12 Jahre');
    await user.click(form.getByRole('button', { name: 'Ticketart hinzufügen' }));
    await waitFor(() => expect(api.calls('POST /rest/v1/event_ticket_types')).toHaveLength(1));
    expect(api.calls('POST /rest/v1/event_ticket_types')[0]!.body).toEqual({
      event_id: EVENT,
      name: 'Kinder (5–12)',
      price: 25,
      capacity: 6,
      note: '5 bis 12 Jahre',
      position: 1,
    });
    expect(
      await within(list).findByText('CHF 25.00 · höchstens 6 Plätze · 5 bis 12 Jahre'),
    ).toBeInTheDocument();
    expect(form.getByLabelText('Name')).toHaveValue('');

    await user.type(form.getByLabelText('Name'), 'Erwachsene');
    await user.type(form.getByLabelText('Preis in CHF'), '40');
    await user.click(form.getByRole('button', { name: 'Ticketart hinzufügen' }));
    expect(await form.findByText('Diese Ticketart gibt es schon.')).toBeInTheDocument();
  });

  it('changes a type as an update of that row, and keeps a booked type with the reason', async () => {
    const user = userEvent.setup();
    api.on('PATCH /rest/v1/event_ticket_types', (request) => {
      rows = [{ ...ADULT, ...(request.body as object) }];
      return json(null, 204);
    });
    api.on('DELETE /rest/v1/event_ticket_types', () => postgrestError('TICKET_TYPE_BOOKED'));
    renderWithProviders(<TicketTypesCard eventId={EVENT} />, { auth: adminAuth });
    await user.click(await screen.findByRole('button', { name: 'Bearbeiten: Erwachsene' }));
    const form = within(screen.getByRole('form', { name: 'Ticketart Erwachsene bearbeiten' }));
    expect(form.getByLabelText('Preis in CHF')).toHaveValue('45.00');
    await user.clear(form.getByLabelText('Preis in CHF'));
    await user.type(form.getByLabelText('Preis in CHF'), '48.50');
    await user.click(form.getByRole('button', { name: 'Ticketart speichern' }));
    await waitFor(() => expect(api.calls('PATCH /rest/v1/event_ticket_types')).toHaveLength(1));
    const patch = api.calls('PATCH /rest/v1/event_ticket_types')[0]!;
    expect(patch.url.searchParams.get('id')).toBe('eq.t-1');
    expect(patch.body).toMatchObject({ name: 'Erwachsene', price: 48.5, capacity: null });
    expect(await screen.findByText('CHF 48.50')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Entfernen: Erwachsene' }));
    expect(
      await screen.findByText(
        'Diese Ticketart ist gebucht und kann nicht gelöscht werden. Ändern Sie Name oder Preis, oder stornieren Sie zuerst die Buchungen.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Erwachsene')).toBeInTheDocument();
  });
});

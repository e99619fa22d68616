import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute } from '../../support/render';
import { installFakeBackend, json, type FakeBackend } from '../../support/fake-backend';
import { findToast } from './find-toast';
import { adminAuth, participantRow } from './fixtures';

const LAZY = { timeout: 15_000 };
vi.setConfig({ testTimeout: 30_000 });

let api: FakeBackend;

beforeEach(() => {
  api = installFakeBackend();
  api.on('GET /rest/v1/participants', () =>
    json([participantRow({ id: 'p-1', notes: 'Vegetarisch', phone: '+41791112233' })]),
  );
  api.on('GET /rest/v1/events', () => json([]));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('participant detail', () => {
  it('shows the registration and leaves for the list after removing it', async () => {
    api.on('POST /rest/v1/rpc/admin_delete_participant', () => new Response(null, { status: 204 }));
    const { router } = renderRoute('/admin/participants/p-1', { auth: adminAuth });
    expect(await screen.findByRole('heading', { level: 1, name: 'Anna Muster' }, LAZY)).toBeInTheDocument();
    expect(api.calls('GET /rest/v1/participants')[0]?.url.searchParams.get('id')).toBe('eq.p-1');
    expect(screen.getByRole('link', { name: 'anna@example.ch' })).toHaveAttribute(
      'href',
      'mailto:anna@example.ch',
    );
    // Stored in E.164, shown in the usual Swiss groups, dialled as stored.
    expect(screen.getByRole('link', { name: '+41 79 111 22 33' })).toHaveAttribute(
      'href',
      'tel:+41791112233',
    );
    expect(screen.getByText('Breathwork & Brunch (15.03.2099)')).toBeInTheDocument();
    expect(screen.getByText('Vegetarisch', { selector: 'dd' })).toBeInTheDocument();
    expect(screen.getByText('Ausstehend')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Anna Muster entfernen' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Entfernen' }),
    );
    await findToast('Teilnehmer entfernt');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/participants'), LAZY);
  });

  it('saves an edit through admin_update_participant', async () => {
    api.on('POST /rest/v1/rpc/admin_update_participant', () => json({ id: 'p-1', persons: 1 }));
    renderRoute('/admin/participants/p-1', { auth: adminAuth });
    const form = await screen.findByRole('form', { name: 'Anmeldung bearbeiten' }, LAZY);
    const user = userEvent.setup();
    const name = within(form).getByLabelText('Name *');
    await user.clear(name);
    await user.type(name, 'Anna Beispiel');
    await user.click(within(form).getByRole('button', { name: 'Änderungen speichern' }));
    await findToast('Änderungen gespeichert');
    expect(api.calls('POST /rest/v1/rpc/admin_update_participant')[0]?.body).toEqual({
      p_participant_id: 'p-1',
      p_name: 'Anna Beispiel',
      p_email: 'anna@example.ch',
      p_phone: '+41791112233',
      p_notes: 'Vegetarisch',
    });
    expect(api.calls('POST /rest/v1/rpc/admin_change_persons')).toHaveLength(0);
  });

  it('changes the persons and says how many seats are left when they do not fit', async () => {
    api.on('POST /rest/v1/rpc/admin_update_participant', () => json({ id: 'p-1', persons: 1 }));
    api.on('POST /rest/v1/rpc/admin_change_persons', () =>
      json({ code: 'P0001', message: 'NOT_ENOUGH_SEATS', details: '2', hint: null }, 400),
    );
    renderRoute('/admin/participants/p-1', { auth: adminAuth });
    const form = await screen.findByRole('form', { name: 'Anmeldung bearbeiten' }, LAZY);
    const user = userEvent.setup();
    const persons = within(form).getByLabelText('Personen *');
    await user.clear(persons);
    await user.type(persons, '4');
    await user.click(within(form).getByRole('button', { name: 'Änderungen speichern' }));
    expect(await findToast('Die Änderungen konnten nicht gespeichert werden')).toHaveTextContent(
      'Es sind nur noch 2 Plätze frei.',
    );
    expect(api.calls('POST /rest/v1/rpc/admin_change_persons')[0]?.body).toEqual({
      p_participant_id: 'p-1',
      p_persons: 4,
    });
    expect(persons).toHaveValue(4);
  });

  it('says when there is no such registration', async () => {
    api.on('GET /rest/v1/participants', () => json([]));
    renderRoute('/admin/participants/unknown', { auth: adminAuth });
    expect(await screen.findByText('Keine Anmeldungen gefunden', {}, LAZY)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zurück' })).toHaveAttribute('href', '/admin/participants');
  });
});

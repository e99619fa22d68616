import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute } from '../../support/render';
import { installFakeBackend, json, type FakeBackend } from '../../support/fake-backend';
import { stubPointerApis } from './pointer-apis';
import { findToast } from './find-toast';
import { adminAuth, eventRow } from './fixtures';

// The event form's series paths: "Wiederholen" on a new event, and the scope question when an
// occurrence is saved. The database side is tests/db/event-series.test.ts.

const LAZY = { timeout: 15_000 };
vi.setConfig({ testTimeout: 30_000 });

let api: FakeBackend;

beforeEach(() => {
  api = installFakeBackend();
  stubPointerApis();
  vi.stubGlobal('scrollTo', vi.fn());
  api.on('GET /rest/v1/events', () => json([]));
  api.on('POST /functions/v1/payment-options', () => json({ success: true, stripe: true, invoice: true }));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('event series in the event form', () => {
  it('creates a weekly series in one form, with a preview of its dates', async () => {
    api.on('POST /rest/v1/rpc/admin_create_event_series', () => json({ id: 's-1' }));
    const { router } = renderRoute('/admin/events/new', { auth: adminAuth });
    await screen.findByRole('heading', { name: 'Neues Event' }, LAZY);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Titel *'), 'Kinder-Atmen');
    await user.type(screen.getByLabelText('Beschreibung *'), 'Spielerisch atmen');
    // 2099-08-01 is a Saturday.
    fireEvent.change(screen.getByLabelText('Startdatum *'), { target: { value: '2099-08-01' } });
    await user.type(screen.getByLabelText('Ort *'), 'Suhr');

    await user.click(screen.getByRole('checkbox', { name: 'Als Serie wiederholen' }));
    await user.selectOptions(screen.getByLabelText('Rhythmus'), 'weekly');
    expect(screen.getByRole('checkbox', { name: 'Samstag' })).toBeChecked();
    await user.clear(screen.getByLabelText('Anzahl Termine'));
    await user.type(screen.getByLabelText('Anzahl Termine'), '3');
    expect(screen.getByText(/^3 Termine:/)).toHaveTextContent(
      '3 Termine: 01.08.2099, 08.08.2099, 15.08.2099',
    );
    await user.click(screen.getByRole('button', { name: 'Serie erstellen' }));

    await findToast('Serie erstellt');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/events'), LAZY);
    expect(api.calls('POST /rest/v1/events')).toHaveLength(0);
    expect(api.calls('POST /rest/v1/rpc/admin_create_event_series')[0]?.body).toMatchObject({
      p_event: { title: 'Kinder-Atmen', start_date: '2099-08-01', location: 'Suhr' },
      p_dates: ['2099-08-01', '2099-08-08', '2099-08-15'],
      p_rule: { kind: 'weekly', weekdays: [6], interval: 1, end: { count: 3 } },
      p_rule_text: 'Jede Woche am Samstag, ab 01.08.2099, 3 Mal',
    });
  });

  it('asks "nur dieses" / "dieses und alle folgenden" and sends only the change to the following ones', async () => {
    const occurrence = eventRow({ id: 'e-6', series_id: 's-1' });
    api.on('GET /rest/v1/events', () => json([occurrence]));
    api.on('POST /rest/v1/rpc/admin_edit_event_series', () => json({ changed: 7, notified: 2 }));
    const { router } = renderRoute('/admin/events/e-6/edit', { auth: adminAuth });
    const user = userEvent.setup();
    const place = await screen.findByLabelText('Ort *', {}, LAZY);
    await user.clear(place);
    await user.type(place, 'Aarau');
    await user.click(screen.getByRole('button', { name: 'Änderungen speichern' }));

    const ask = await screen.findByRole('alertdialog', { name: 'Termin einer Serie ändern' });
    expect(within(ask).getByRole('radio', { name: 'Nur dieses' })).toBeChecked();
    await user.click(within(ask).getByRole('radio', { name: 'Dieses und alle folgenden' }));
    await user.type(within(ask).getByLabelText('Persönliche Nachricht (optional)'), 'Neuer Ort!');
    await user.click(within(ask).getByRole('button', { name: 'Speichern' }));

    await findToast('7 Events aktualisiert');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/events'), LAZY);
    expect(api.calls('PATCH /rest/v1/events')).toHaveLength(0);
    expect(api.calls('POST /rest/v1/rpc/admin_edit_event_series')[0]?.body).toEqual({
      p_event_id: 'e-6',
      p_scope: 'following',
      p_changes: { location: 'Aarau' },
      p_message: 'Neuer Ort!',
    });
  });

  it('offers only "nur dieses" for a change of category', async () => {
    api.on('GET /rest/v1/events', () => json([eventRow({ id: 'e-6', series_id: 's-1', category: 'kids' })]));
    renderRoute('/admin/events/e-6/edit', { auth: adminAuth });
    const user = userEvent.setup();
    await screen.findByLabelText('Ort *', {}, LAZY);
    await user.click(screen.getByRole('combobox', { name: 'Kategorie *' }));
    await user.click(await screen.findByRole('option', { name: 'Stammtisch' }));
    await user.click(screen.getByRole('button', { name: 'Änderungen speichern' }));
    const ask = await screen.findByRole('alertdialog', { name: 'Termin einer Serie ändern' });
    const following = within(ask).getByRole('radio', { name: 'Dieses und alle folgenden' });
    expect(following).toBeDisabled();
    expect(following).toHaveAccessibleDescription(/nur für dieses Event/);
  });
});

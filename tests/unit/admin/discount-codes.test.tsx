import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute } from '../../support/render';
import { installFakeBackend, json, type FakeBackend } from '../../support/fake-backend';
import { stubPointerApis } from './pointer-apis';
import { adminAuth } from './fixtures';

// /admin/rabattcodes (issue 28): the codes with their terms and uses, a new code with the
// table's rules at its fields, a duplicate code at the code's field, (de)activation.

const LAZY = { timeout: 15_000 };
vi.setConfig({ testTimeout: 30_000 });

let api: FakeBackend;

const HERBST = {
  id: 'c-1',
  code: 'HERBST10',
  label: 'Herbstaktion',
  percent: 10,
  amount_cents: null,
  valid_from: '2026-10-01',
  valid_until: '2026-12-31',
  max_uses: 20,
  min_persons: 2,
  event_ids: [],
  categories: ['workshop'],
  ticket_types: [],
  active: true,
  created_at: '2026-10-01T08:00:00Z',
  updated_at: '2026-10-01T08:00:00Z',
};

// An upcoming event a code can be limited to (the form's list, the list's titles).
const ATEMREISE = { id: 'e-1', title: 'Atemreise am See', start_date: '2026-12-05' };

beforeEach(() => {
  api = installFakeBackend();
  stubPointerApis();
  api.on('GET /rest/v1/rpc/admin_inbox_counts', () => json({ open_enquiries: 0, failed_mails: 0 }));
  api.on('GET /rest/v1/discount_codes', () => json([HERBST]));
  api.on('POST /rest/v1/rpc/admin_discount_codes', () => json([{ id: 'c-1', code: 'HERBST10', uses: 3 }]));
  api.on('GET /rest/v1/events', () => json([ATEMREISE]));
});

afterEach(() => vi.unstubAllGlobals());

describe('Rabattcodes', () => {
  it('lists each code with its discount, validity, scope and uses', async () => {
    renderRoute('/admin/rabattcodes', { auth: adminAuth });
    const card = (await screen.findByRole('heading', { level: 3, name: 'HERBST10' }, LAZY)).closest('li')!;
    const terms = within(card)
      .getAllByRole('definition')
      .map((term) => term.textContent);
    expect(terms).toEqual([
      '10 %',
      '1. Oktober 2026 bis 31. Dezember 2026',
      'Workshops, ab 2 Personen',
      '3 von 20',
    ]);
    expect(within(card).getByText('Herbstaktion')).toBeInTheDocument();
  });

  it('creates a code with the form, refuses a duplicate at the code field, deactivates one', async () => {
    const user = userEvent.setup();
    let inserts = 0;
    api.on('POST /rest/v1/discount_codes', () => {
      inserts += 1;
      return inserts === 1
        ? json(null, 201)
        : json(
            {
              code: '23505',
              message: 'duplicate key value violates unique constraint "discount_codes_code_key"',
            },
            409,
          );
    });
    api.on('PATCH /rest/v1/discount_codes', () => json(null, 204));
    renderRoute('/admin/rabattcodes', { auth: adminAuth });
    const form = within(await screen.findByRole('form', { name: 'Neuer Rabattcode' }, LAZY));
    await user.type(form.getByLabelText('Code'), 'treue-20');
    await user.click(form.getByLabelText('Fester Betrag in CHF'));
    await user.type(form.getByLabelText('Rabatt in CHF'), '12.50');
    await user.type(form.getByLabelText('Höchstens so oft einlösbar (optional)'), '50');
    await user.click(form.getByLabelText('Kids'));
    await user.click(form.getByRole('button', { name: 'Rabattcode anlegen' }));
    await waitFor(() => expect(api.calls('POST /rest/v1/discount_codes')).toHaveLength(1));
    expect(api.calls('POST /rest/v1/discount_codes')[0]!.body).toMatchObject({
      code: 'TREUE-20',
      percent: null,
      amount_cents: 1250,
      max_uses: 50,
      min_persons: 1,
      categories: ['kids'],
      valid_from: null,
      valid_until: null,
    });
    // Again: the database refuses the same code.
    await user.type(form.getByLabelText('Code'), 'HERBST10');
    await user.type(form.getByLabelText('Rabatt in Prozent'), '10');
    await user.click(form.getByRole('button', { name: 'Rabattcode anlegen' }));
    expect(await form.findByText('Diesen Code gibt es schon.')).toBeInTheDocument();
    // A percentage over 100 stands at its field before anything is sent.
    await user.clear(form.getByLabelText('Rabatt in Prozent'));
    await user.type(form.getByLabelText('Rabatt in Prozent'), '150');
    await user.click(form.getByRole('button', { name: 'Rabattcode anlegen' }));
    expect(await form.findByText('Prozent: eine ganze Zahl von 1 bis 100.')).toBeInTheDocument();
    expect(api.calls('POST /rest/v1/discount_codes')).toHaveLength(2);

    await user.click(screen.getByRole('button', { name: 'HERBST10 deaktivieren' }));
    await waitFor(() => expect(api.calls('PATCH /rest/v1/discount_codes')).toHaveLength(1));
    expect(api.calls('PATCH /rest/v1/discount_codes')[0]!.body).toEqual({ active: false });
  });

  it('names the events a code is limited to, a deleted one as such', async () => {
    api.on('GET /rest/v1/discount_codes', () => json([{ ...HERBST, event_ids: ['e-1', 'e-gone'] }]));
    renderRoute('/admin/rabattcodes', { auth: adminAuth });
    const card = (await screen.findByRole('heading', { level: 3, name: 'HERBST10' }, LAZY)).closest('li')!;
    expect(
      await within(card).findByText('Workshops, Atemreise am See, gelöschtes Event, ab 2 Personen'),
    ).toBeInTheDocument();
  });

  it('limits a new code to ticket types by name, shows them in the list, refuses a name twice', async () => {
    const user = userEvent.setup();
    api.on('GET /rest/v1/discount_codes', () => json([{ ...HERBST, ticket_types: ['Kinder', 'Mitglied'] }]));
    api.on('POST /rest/v1/discount_codes', () => json(null, 201));
    renderRoute('/admin/rabattcodes', { auth: adminAuth });
    const card = (await screen.findByRole('heading', { level: 3, name: 'HERBST10' }, LAZY)).closest('li')!;
    expect(within(card).getByText('nur Kinder, Mitglied')).toBeInTheDocument();

    const form = within(screen.getByRole('form', { name: 'Neuer Rabattcode' }));
    const types = form.getByLabelText('Nur für diese Ticketarten (optional)');
    expect(types).toHaveAccessibleDescription(/mit Komma getrennt/);
    await user.type(form.getByLabelText('Code'), 'kids-50');
    await user.type(form.getByLabelText('Rabatt in Prozent'), '50');
    await user.type(types, 'Kinder, kinder');
    await user.click(form.getByRole('button', { name: 'Rabattcode anlegen' }));
    expect(await form.findByText('Jede Ticketart nur einmal angeben.')).toBeInTheDocument();
    expect(api.calls('POST /rest/v1/discount_codes')).toHaveLength(0);
    await user.clear(types);
    await user.type(types, ' Kinder ,, Mitglied ');
    await user.click(form.getByRole('button', { name: 'Rabattcode anlegen' }));
    await waitFor(() => expect(api.calls('POST /rest/v1/discount_codes')).toHaveLength(1));
    expect(api.calls('POST /rest/v1/discount_codes')[0]!.body).toMatchObject({
      code: 'KIDS-50',
      percent: 50,
      ticket_types: ['Kinder', 'Mitglied'],
    });
  });

  it('limits a new code to the chosen upcoming event', async () => {
    const user = userEvent.setup();
    api.on('POST /rest/v1/discount_codes', () => json(null, 201));
    renderRoute('/admin/rabattcodes', { auth: adminAuth });
    const form = within(await screen.findByRole('form', { name: 'Neuer Rabattcode' }, LAZY));
    await user.type(form.getByLabelText('Code'), 'see-15');
    await user.type(form.getByLabelText('Rabatt in Prozent'), '15');
    await user.click(await form.findByLabelText('Atemreise am See, 05.12.2026'));
    await user.click(form.getByRole('button', { name: 'Rabattcode anlegen' }));
    await waitFor(() => expect(api.calls('POST /rest/v1/discount_codes')).toHaveLength(1));
    expect(api.calls('POST /rest/v1/discount_codes')[0]!.body).toMatchObject({
      code: 'SEE-15',
      percent: 15,
      categories: [],
      event_ids: ['e-1'],
      ticket_types: [],
    });
    // Only events from today on are offered, soonest first.
    const eventsQuery = api.calls('GET /rest/v1/events')[0]!.url.searchParams;
    expect(eventsQuery.get('select')).toBe('id,title,start_date');
    expect(eventsQuery.get('start_date')).toMatch(/^gte\.\d{4}-\d{2}-\d{2}$/);
    expect(eventsQuery.get('order')).toBe('start_date.asc');
  });
});

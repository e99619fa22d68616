import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Tables } from '@common/database.ts';
import { renderRoute } from '../../support/render';
import { installFakeBackend, json, postgrestError, type FakeBackend } from '../../support/fake-backend';
import { adminAuth } from './fixtures';
import { stubPointerApis } from './pointer-apis';

// /admin/gutscheine?ansicht=bestellungen (issue 28): the vouchers bought on /gutscheine, newest
// first, with buyer, what, amount, state, how it was paid, recipient and day, and the voucher
// issued for a paid one, which jumps to that voucher in the list.

const LAZY = { timeout: 15_000 };
vi.setConfig({ testTimeout: 30_000 });

type Order = Tables<'gift_voucher_orders'> & { voucher: { code: string } | null };
let api: FakeBackend;

function order(overrides: Partial<Order>): Order {
  return {
    id: 'r-1',
    reference: 'GB-ABCDEFGH',
    kind: 'value',
    offer_id: null,
    title: '',
    value_cents: 15000,
    buyer_name: 'Bea Buyer',
    buyer_email: 'bea@example.ch',
    recipient_name: 'Gina',
    recipient_email: 'gina@example.ch',
    message: 'Alles Gute!',
    send_on: '2026-12-24',
    payment_method: 'stripe',
    invoice_reference: null,
    invoice_due_date: null,
    state: 'paid',
    checkout_session_id: 'cs_1',
    checkout_url: null,
    paid_method: 'twint',
    paid_at: '2026-11-28T10:05:00Z',
    provider_reference: 'pi_1',
    stripe_fee_cents: 285,
    gift_voucher_id: 'v-1',
    created_at: '2026-11-28T10:00:00Z',
    updated_at: '2026-11-28T10:05:00Z',
    voucher: { code: 'GS-AAAA-BBBB-CCCC-DDDD-EEEE' },
    ...overrides,
  };
}

// Newest first, as the query asks for (the fake answers in this order).
const ORDERS = [
  order({
    id: 'r-offer',
    reference: 'GB-FONDUE22',
    kind: 'offer',
    offer_id: 'o-1',
    title: 'Fondue-Abend für 2 Personen',
    value_cents: 9800,
    recipient_name: '',
    recipient_email: null,
    state: 'open',
    paid_method: null,
    paid_at: null,
    gift_voucher_id: null,
    voucher: null,
    created_at: '2026-11-28T18:30:00Z',
  }),
  order({}),
  order({
    id: 'r-invoice',
    reference: 'GB-RECHNUNG',
    payment_method: 'invoice',
    invoice_reference: '000000000000000000016172334',
    invoice_due_date: '2026-12-08',
    state: 'open',
    checkout_session_id: null,
    paid_method: null,
    paid_at: null,
    gift_voucher_id: null,
    voucher: null,
    created_at: '2026-11-28T08:00:00Z',
  }),
  order({
    id: 'r-lapsed',
    reference: 'GB-LAPSED22',
    state: 'expired',
    paid_method: null,
    paid_at: null,
    gift_voucher_id: null,
    voucher: null,
    created_at: '2026-11-27T09:00:00Z',
  }),
];

const VOUCHER = {
  id: 'v-1',
  code: 'GS-AAAA-BBBB-CCCC-DDDD-EEEE',
  kind: 'value',
  title: '',
  value_cents: 15000,
  balance_cents: 15000,
  valid_until: '2099-12-31',
  status: 'active',
  source: 'purchase',
  recipient_name: 'Gina',
  message: '',
  note: '',
  issued_by: null,
  voided_at: null,
  void_reason: '',
  mailed_to: 'gina@example.ch',
  mail_on: '2026-12-24',
  created_at: '2026-11-28T10:05:00Z',
  updated_at: '2026-11-28T10:05:00Z',
};

beforeEach(() => {
  api = installFakeBackend();
  stubPointerApis();
  api.on('GET /rest/v1/rpc/admin_inbox_counts', () => json({ open_enquiries: 0, failed_mails: 0 }));
  api.on('GET /rest/v1/gift_voucher_orders', () => json(ORDERS));
  api.on('GET /rest/v1/gift_vouchers', () =>
    json([VOUCHER, { ...VOUCHER, id: 'v-2', code: 'GS-OTHR-2222-3333-4444-5555', recipient_name: 'Otto' }]),
  );
});

afterEach(() => vi.unstubAllGlobals());

async function openOrders() {
  renderRoute('/admin/gutscheine?ansicht=bestellungen', { auth: adminAuth });
  expect(await screen.findByRole('tab', { name: 'Bestellungen', selected: true }, LAZY)).toBeInTheDocument();
  return userEvent.setup();
}

const card = async (reference: string) =>
  (await screen.findByRole('heading', { level: 3, name: reference }, LAZY)).closest('li')!;

const terms = (item: HTMLElement) =>
  within(item)
    .getAllByRole('definition')
    .map((term) => term.textContent);

describe('Gutscheine: Bestellungen', () => {
  it('lists the orders newest first with buyer, what, amount, state, payment, recipient, day and voucher', async () => {
    await openOrders();
    await card('GB-FONDUE22');
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'GB-FONDUE22',
      'GB-ABCDEFGH',
      'GB-RECHNUNG',
      'GB-LAPSED22',
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('4 Bestellungen');
    // The request: newest first, with the code of the voucher issued for the order.
    const url = api.calls('GET /rest/v1/gift_voucher_orders')[0]!.url;
    expect(url.searchParams.get('select')).toBe('*,voucher:gift_vouchers(code)');
    expect(url.searchParams.get('order')).toBe('created_at.desc,id.asc');

    const paid = await card('GB-ABCDEFGH');
    expect(within(paid).getByText('Bezahlt')).toBeInTheDocument();
    expect(terms(paid)).toEqual([
      '28.11.2026 11:00',
      'Bea Buyer, bea@example.ch',
      'Wertgutschein',
      'CHF 150.00',
      'TWINT',
      'Gina, gina@example.ch',
      '24.12.2026',
      'GS-AAAA-BBBB-CCCC-DDDD-EEEE',
    ]);

    const open = await card('GB-FONDUE22');
    expect(within(open).getByText('Offen')).toBeInTheDocument();
    expect(terms(open)).toEqual([
      '28.11.2026 19:30',
      'Bea Buyer, bea@example.ch',
      'Angebotsgutschein: Fondue-Abend für 2 Personen',
      'CHF 98.00',
      'ohne Namen (per E-Mail an die Käuferin / den Käufer)',
      '24.12.2026',
      'noch keiner (erst nach der Zahlung)',
    ]);
    expect(within(await card('GB-LAPSED22')).getByText('Abgelaufen')).toBeInTheDocument();
    // By invoice and not yet paid: until when, and the QR bill's reference as the bank shows it.
    expect(terms(await card('GB-RECHNUNG'))).toEqual(
      expect.arrayContaining(['zahlbar bis 08.12.2026', '00 00000 00000 00000 00161 72334']),
    );
  });

  it('jumps from an order to its voucher in the list', async () => {
    const user = await openOrders();
    await user.click(
      await screen.findByRole(
        'link',
        { name: 'Gutschein GS-AAAA-BBBB-CCCC-DDDD-EEEE in der Liste zeigen' },
        LAZY,
      ),
    );
    expect(await screen.findByRole('tab', { name: 'Gutscheine', selected: true })).toBeInTheDocument();
    expect(await screen.findByLabelText('Suche nach Code oder Name', {}, LAZY)).toHaveValue(
      'GS-AAAA-BBBB-CCCC-DDDD-EEEE',
    );
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('1 von 2 Gutscheinen'));
    expect(
      screen.getByRole('heading', { level: 3, name: 'GS-AAAA-BBBB-CCCC-DDDD-EEEE' }),
    ).toBeInTheDocument();
    expect(
      screen.queryByRole('heading', { level: 3, name: 'GS-OTHR-2222-3333-4444-5555' }),
    ).not.toBeInTheDocument();
  });

  it('says when the orders cannot be read', async () => {
    api.on('GET /rest/v1/gift_voucher_orders', () => postgrestError('permission denied', 403, '42501'));
    await openOrders();
    expect(
      await screen.findByText(
        'Die Bestellungen konnten nicht geladen werden. Bitte laden Sie die Seite neu.',
        {},
        LAZY,
      ),
    ).toBeInTheDocument();
  });
});

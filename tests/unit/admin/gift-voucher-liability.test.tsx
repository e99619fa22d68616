import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GiftVoucherLiability } from '@/features/admin-finance/components/gift-voucher-liability';
import { installFakeBackend, json } from '../../support/fake-backend';
import { renderWithProviders } from '../../support/render';
import { adminAuth } from './fixtures';

// 'Geschenkgutscheine' on 'Finanzen' (issue 28): the debt to voucher holders today, and what was
// sold in the chosen period, by way of payment.

afterEach(() => vi.unstubAllGlobals());

const period = { from: '2026-11-01', to: '2026-11-30' };

function render(sales: Record<string, unknown>) {
  const api = installFakeBackend();
  api.on('/rest/v1/rpc/admin_gift_voucher_liability', () =>
    json([{ open_cents: 23000, open_count: 3, expired_cents: 0, expired_count: 0 }]),
  );
  api.on('/rest/v1/rpc/admin_gift_voucher_sales', () => json([sales]));
  renderWithProviders(<GiftVoucherLiability period={period} />, { auth: adminAuth });
  return api;
}

describe('Geschenkgutscheine on Finanzen', () => {
  it('shows the open balances and the sales of the period by way of payment', async () => {
    const api = render({
      sold_cents: 25000,
      sold_count: 2,
      card_cents: 0,
      twint_cents: 15000,
      invoice_cents: 10000,
    });
    const card = screen.getByRole('region', { name: 'Geschenkgutscheine' });
    expect(await within(card).findByText('CHF 230.00 · 3 Gutscheine')).toBeInTheDocument();
    expect(
      await within(card).findByText('CHF 250.00 · 2 Gutscheine (TWINT CHF 150.00, Rechnung CHF 100.00)'),
    ).toBeInTheDocument();
    expect(api.calls('/rest/v1/rpc/admin_gift_voucher_sales')[0]!.body).toEqual({
      p_from: '2026-11-01',
      p_to: '2026-11-30',
    });
  });

  it('says plainly when nothing was sold', async () => {
    render({ sold_cents: 0, sold_count: 0, card_cents: 0, twint_cents: 0, invoice_cents: 0 });
    const label = await screen.findByText('Im Zeitraum verkauft');
    expect(label.nextElementSibling).toHaveTextContent(/^CHF 0\.00 · 0 Gutscheine$/);
  });
});

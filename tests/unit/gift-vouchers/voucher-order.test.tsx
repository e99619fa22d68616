import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import GutscheinePage from '@/app/routes/gutscheine';
import { todayIso } from '@/lib/dates';
import { installFakeBackend, json } from '../../support/fake-backend';
import { STUB_ALTCHA_PAYLOAD } from '../../support/proof-of-work-stub';
import { renderWithProviders, signedOut } from '../../support/render';

vi.mock('@/components/proof-of-work', async (original) =>
  (await import('../../support/proof-of-work-stub')).solvedProofOfWork(original),
);

// Buying a gift voucher on /gutscheine (issue 28): the shop from public.gift_voucher_shop, the
// order sent to buy-gift-voucher with the proof of work, refusals at their field, and the way
// back from Stripe.

const SHOP = '/rest/v1/rpc/gift_voucher_shop';
const BUY = '/functions/v1/buy-gift-voucher';
const OPTIONS = '/functions/v1/payment-options';
const FONDUE = '6f1c1a4e-2f43-4a8a-9a35-1f4a5f0c2b11';

const shop = {
  min_cents: 2000,
  max_cents: 100000,
  validity_years: 3,
  offers: [
    {
      id: FONDUE,
      title: 'Fondue-Abend für 2 Personen',
      description: 'Ein Abend im Fonduehüsli.',
      price_cents: 9800,
    },
  ],
};

function renderPage(route = '/gutscheine', payment = { stripe: true, invoice: true }) {
  const backend = installFakeBackend();
  backend.on(SHOP, () => json(shop));
  backend.on(OPTIONS, () => json({ success: true, ...payment }));
  renderWithProviders(<GutscheinePage />, { route, auth: signedOut });
  return backend;
}

const form = () => within(screen.getByRole('form', { name: 'Gutschein kaufen' }));

afterEach(() => sessionStorage.clear());

describe('Gutschein kaufen', () => {
  it('sends a CHF 150 voucher for the recipient, on the day chosen, with the proof of work', async () => {
    const user = userEvent.setup();
    const backend = renderPage();
    backend.on(BUY, () => json({ success: true, url: 'http://127.0.0.1:54321/__stripe/checkout/cs_test_1' }));
    expect(await form().findByText('Fondue-Abend für 2 Personen, CHF 98.00')).toBeInTheDocument();
    expect(form().getByText('Zwischen CHF 20 und CHF 1’000, in ganzen Franken.')).toBeInTheDocument();

    await user.type(form().getByLabelText('Betrag in CHF *'), '150');
    await user.type(form().getByLabelText('Dein Name *'), 'Bea Buyer');
    await user.type(form().getByLabelText('Deine E-Mail *'), 'bea@example.ch');
    await user.type(form().getByLabelText('Für wen ist der Gutschein? (optional)'), 'Gina');
    await user.click(form().getByLabelText(/^Direkt an die beschenkte Person/));
    await user.type(form().getByLabelText('E-Mail der beschenkten Person *'), 'gina@example.ch');
    await user.type(form().getByLabelText('Persönliche Nachricht (optional)'), 'Alles Gute!');
    await user.click(form().getByRole('button', { name: 'Weiter zur Zahlung' }));

    await waitFor(() => expect(backend.calls(BUY)).toHaveLength(1));
    expect(backend.calls(BUY)[0]!.body).toEqual({
      offerId: null,
      amountCents: 15000,
      buyerName: 'Bea Buyer',
      buyerEmail: 'bea@example.ch',
      recipientName: 'Gina',
      recipientEmail: 'gina@example.ch',
      message: 'Alles Gute!',
      sendOn: todayIso(),
      paymentMethod: 'stripe',
      altcha: STUB_ALTCHA_PAYLOAD,
    });
    // Kept for the way back from Stripe.
    expect(JSON.parse(sessionStorage.getItem('gutschein-bestellung')!)).toMatchObject({ amount: '150' });
  });

  it('orders an offer voucher by its id, sent to the buyer', async () => {
    const user = userEvent.setup();
    const backend = renderPage();
    backend.on(BUY, () => json({ success: true, url: 'http://127.0.0.1:54321/__stripe/checkout/cs_test_2' }));
    await user.click(await form().findByLabelText(/^Fondue-Abend für 2 Personen/));
    expect(form().queryByLabelText('Betrag in CHF *')).not.toBeInTheDocument();
    expect(form().getByText('CHF 98.00')).toBeInTheDocument();
    await user.type(form().getByLabelText('Dein Name *'), 'Bea Buyer');
    await user.type(form().getByLabelText('Deine E-Mail *'), 'bea@example.ch');
    await user.click(form().getByRole('button', { name: 'Weiter zur Zahlung' }));
    await waitFor(() => expect(backend.calls(BUY)).toHaveLength(1));
    expect(backend.calls(BUY)[0]!.body).toMatchObject({
      offerId: FONDUE,
      amountCents: null,
      recipientEmail: '',
    });
  });

  it('takes an order by invoice without Stripe and says where the QR bill goes', async () => {
    const user = userEvent.setup();
    const backend = renderPage();
    backend.on(BUY, () => json({ success: true, reference: 'GB-7K3MQ9TX', dueDate: '2026-12-09' }));
    await user.type(await form().findByLabelText('Betrag in CHF *'), '80');
    await user.type(form().getByLabelText('Dein Name *'), 'Bea Buyer');
    await user.type(form().getByLabelText('Deine E-Mail *'), 'bea@example.ch');
    await user.click(form().getByLabelText(/^Rechnung/));
    await user.click(form().getByRole('button', { name: 'Gutschein bestellen' }));
    const thanks = await screen.findByRole('heading', { name: 'Danke für deine Bestellung!' });
    await waitFor(() => expect(thanks).toHaveFocus());
    expect(thanks.closest('[role="status"]')).toHaveTextContent(
      'Die Rechnung mit QR-Einzahlungsschein ist unterwegs an bea@example.ch; bitte bezahle sie bis 9. Dezember 2026.',
    );
    expect(backend.calls(BUY)[0]!.body).toMatchObject({ amountCents: 8000, paymentMethod: 'invoice' });
    // A fresh form for the next voucher.
    expect(form().getByLabelText('Betrag in CHF *')).toHaveValue('');
  });

  it('offers no invoice while none is set up', async () => {
    renderPage('/gutscheine', { stripe: true, invoice: false });
    await form().findByText('Fondue-Abend für 2 Personen, CHF 98.00');
    expect(form().queryByLabelText(/^Rechnung/)).not.toBeInTheDocument();
    expect(form().getByRole('button', { name: 'Weiter zur Zahlung' })).toBeInTheDocument();
  });

  it('checks the amount and the addresses at their fields before sending anything', async () => {
    const user = userEvent.setup();
    const backend = renderPage();
    await form().findByText('Zwischen CHF 20 und CHF 1’000, in ganzen Franken.');
    await user.type(form().getByLabelText('Betrag in CHF *'), '15');
    await user.click(form().getByLabelText(/^Direkt an die beschenkte Person/));
    await user.click(form().getByRole('button', { name: 'Weiter zur Zahlung' }));
    expect(await form().findAllByText('Zwischen CHF 20 und CHF 1’000, in ganzen Franken.')).toHaveLength(2);
    expect(form().getByText('Bitte gib deinen Namen ein.')).toBeInTheDocument();
    expect(form().getByText('Bitte gib die E-Mail-Adresse der beschenkten Person ein.')).toBeInTheDocument();
    expect(form().getByLabelText('Betrag in CHF *')).toHaveAttribute('aria-invalid', 'true');
    expect(backend.calls(BUY)).toEqual([]);
  });

  it('puts a refusal at its field and keeps everything typed', async () => {
    const user = userEvent.setup();
    const backend = renderPage();
    backend.on(BUY, () =>
      json({ success: false, error: 'GIFT_VOUCHER_OFFER_GONE', code: 'GIFT_VOUCHER_OFFER_GONE' }, 400),
    );
    await user.click(await form().findByLabelText(/^Fondue-Abend für 2 Personen/));
    await user.type(form().getByLabelText('Dein Name *'), 'Bea Buyer');
    await user.type(form().getByLabelText('Deine E-Mail *'), 'bea@example.ch');
    await user.click(form().getByRole('button', { name: 'Weiter zur Zahlung' }));
    expect(
      await form().findByText('Dieses Gutschein-Angebot gibt es nicht mehr. Bitte wähle ein anderes.'),
    ).toBeInTheDocument();
    expect(form().getByLabelText('Dein Name *')).toHaveValue('Bea Buyer');
    await waitFor(() => expect(form().getByLabelText(/^Fondue-Abend für 2 Personen/)).toHaveFocus());
    // The shop is asked again, so a withdrawn offer disappears.
    await waitFor(() => expect(backend.calls(SHOP).length).toBeGreaterThanOrEqual(2));
  });

  it('thanks the buyer back from Stripe, the heading taking the focus', async () => {
    renderPage('/gutscheine?bestellung=bezahlt');
    expect(await screen.findByRole('heading', { name: 'Danke für deinen Gutscheinkauf!' })).toHaveFocus();
  });

  it('restores what was typed when the buyer comes back without paying', async () => {
    sessionStorage.setItem(
      'gutschein-bestellung',
      JSON.stringify({
        choice: 'value',
        amount: '80',
        buyerName: 'Bea Buyer',
        buyerEmail: 'bea@example.ch',
        recipientName: '',
        deliverTo: 'buyer',
        recipientEmail: '',
        sendOn: todayIso(),
        message: 'Für dich',
      }),
    );
    renderPage('/gutscheine?bestellung=abgebrochen');
    expect(await screen.findByRole('heading', { name: 'Zahlung abgebrochen' })).toBeInTheDocument();
    expect(await form().findByLabelText('Betrag in CHF *')).toHaveValue('80');
    expect(form().getByLabelText('Dein Name *')).toHaveValue('Bea Buyer');
    expect(form().getByLabelText('Persönliche Nachricht (optional)')).toHaveValue('Für dich');
  });
});

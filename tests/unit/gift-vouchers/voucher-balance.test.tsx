import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import GutscheinePage from '@/app/routes/gutscheine';
import { installFakeBackend, json } from '../../support/fake-backend';
import { renderWithProviders, signedOut } from '../../support/render';

// The gift voucher page (issue 28): how to redeem, and 'Guthaben prüfen' through check-gift-voucher.

const CHECK = '/functions/v1/check-gift-voucher';

function renderPage() {
  const backend = installFakeBackend();
  renderWithProviders(<GutscheinePage />, { route: '/gutscheine', auth: signedOut });
  return backend;
}

const form = () => within(screen.getByRole('form', { name: 'Guthaben prüfen' }));

describe('Geschenkgutscheine', () => {
  it('shows what is left on a voucher and until when', async () => {
    const user = userEvent.setup();
    const backend = renderPage();
    backend.on(CHECK, () =>
      json({
        success: true,
        voucher: {
          kind: 'value',
          title: '',
          value_cents: 15000,
          balance_cents: 6000,
          valid_until: '2029-11-29',
        },
      }),
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Geschenkgutscheine' })).toBeInTheDocument();
    await user.type(form().getByLabelText('Gutscheincode'), 'gs-7k3m-q9tx');
    await user.click(form().getByRole('button', { name: 'Guthaben prüfen' }));
    const status = await screen.findByRole('status');
    expect(await within(status).findByText('CHF 60.00')).toBeInTheDocument();
    expect(within(status).getByText('von CHF 150.00')).toBeInTheDocument();
    expect(within(status).getByText('29. November 2029')).toBeInTheDocument();
    expect(backend.calls(CHECK)[0]!.body).toEqual({ code: 'gs-7k3m-q9tx' });
  });

  it('names an offer voucher’s offer', async () => {
    const user = userEvent.setup();
    const backend = renderPage();
    backend.on(CHECK, () =>
      json({
        success: true,
        voucher: {
          kind: 'offer',
          title: 'Fondue-Abend für 2 Personen',
          value_cents: 9000,
          balance_cents: 9000,
          valid_until: '2029-11-29',
        },
      }),
    );
    await user.type(form().getByLabelText('Gutscheincode'), 'GS-FOND{Enter}');
    expect(await screen.findByText('Fondue-Abend für 2 Personen')).toBeInTheDocument();
  });

  it('says at the field why a code cannot be used, keeping what was typed', async () => {
    const user = userEvent.setup();
    const backend = renderPage();
    backend.on(CHECK, () =>
      json({ success: false, error: 'GIFT_VOUCHER_UNKNOWN', code: 'GIFT_VOUCHER_UNKNOWN' }, 400),
    );
    await user.type(form().getByLabelText('Gutscheincode'), 'GS-FALSCH');
    await user.click(form().getByRole('button', { name: 'Guthaben prüfen' }));
    expect(
      await form().findByText('Diesen Gutscheincode kennen wir nicht. Bitte prüfe die Schreibweise.'),
    ).toBeInTheDocument();
    expect(form().getByLabelText('Gutscheincode')).toHaveValue('GS-FALSCH');
    await waitFor(() => expect(form().getByLabelText('Gutscheincode')).toHaveFocus());
  });

  it('passes on the limit per address in its own words, and asks for a code before asking anyone', async () => {
    const user = userEvent.setup();
    const backend = renderPage();
    const limit =
      'Von deiner Internetverbindung sind in der letzten Stunde schon viele Gutscheincodes geprüft worden. Bitte versuche es in einer Stunde erneut oder melde dich direkt bei uns.';
    backend.on(CHECK, () => json({ success: false, error: limit }, 429));
    await user.click(form().getByRole('button', { name: 'Guthaben prüfen' }));
    expect(await form().findByText('Bitte gib den Gutscheincode ein.')).toBeInTheDocument();
    expect(backend.calls(CHECK)).toHaveLength(0);
    await user.type(form().getByLabelText('Gutscheincode'), 'GS-X{Enter}');
    expect(await form().findByText(limit)).toBeInTheDocument();
  });
});

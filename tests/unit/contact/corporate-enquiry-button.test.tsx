import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CorporateEnquiryButton } from '@/features/contact/components/corporate-enquiry-button';
import { site } from '@/lib/site';
import { STUB_ALTCHA_PAYLOAD } from '../../support/proof-of-work-stub';
import { renderWithProviders } from '../../support/render';
import {
  deferred,
  installFakeBackend,
  json,
  networkFailure,
  type Responder,
} from '../../support/fake-backend';

const SEND = 'POST /functions/v1/send-contact-email';

vi.mock('@/components/proof-of-work', async (original) =>
  (await import('../../support/proof-of-work-stub')).solvedProofOfWork(original),
);

afterEach(() => vi.unstubAllGlobals());

async function openAndFill(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Unternehmensangebot anfragen' }));
  const dialog = await screen.findByRole('dialog', { name: 'Unternehmensangebot anfragen' });
  // The form loads when the dialog opens.
  await user.type(await screen.findByLabelText('E-Mail'), 'hr@firma.ch');
  await user.type(screen.getByLabelText('Name und Unternehmen (optional)'), 'Beat, Firma AG');
  await user.type(screen.getByLabelText('Deine Wünsche (optional)'), 'Workshop für 12 Personen');
  return dialog;
}

function renderButton() {
  const user = userEvent.setup();
  renderWithProviders(<CorporateEnquiryButton />, { auth: {} });
  return user;
}

describe('CorporateEnquiryButton', () => {
  it('sends a corporate-breathwork enquiry, shows "Wird gesendet…" and then "Anfrage gesendet" naming the provider', async () => {
    const answer = deferred();
    const { requests: calls } = installFakeBackend().on(SEND, () => answer.promise);
    const user = renderButton();
    await openAndFill(user);
    await user.click(screen.getByRole('button', { name: 'Anfrage senden' }));

    expect(await screen.findByRole('button', { name: 'Wird gesendet…' })).toBeDisabled();
    // supabase-js is loaded on submit, so the request follows a moment later.
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.url.href).toMatch(/\/functions\/v1\/send-contact-email$/);
    expect(calls[0]!.body).toEqual({
      type: 'corporate-breathwork',
      email: 'hr@firma.ch',
      name: 'Beat, Firma AG',
      message: 'Workshop für 12 Personen',
      altcha: STUB_ALTCHA_PAYLOAD,
    });

    answer.resolve(json({ success: true, enquiryId: 'e1' }));
    expect(await screen.findByText('Anfrage gesendet')).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`an ${site.name} weitergeleitet`))).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Unternehmensangebot anfragen' })).not.toBeInTheDocument(),
    );
  });

  it.each<[string, Responder]>([
    ['the mail provider is down', () => json({ success: false, error: 'x', enquiryId: 'e1' }, 502)],
    ['no connection', networkFailure],
  ])(
    'shows "Fehler beim Senden" asking to write to the provider directly on %s, keeping the dialog',
    async (_case, answer) => {
      installFakeBackend().on(SEND, answer);
      const user = renderButton();
      await openAndFill(user);
      await user.click(screen.getByRole('button', { name: 'Anfrage senden' }));

      expect(await screen.findByText('Fehler beim Senden')).toBeInTheDocument();
      expect(screen.getByText(`Bitte schreib uns direkt an ${site.email}.`)).toBeInTheDocument();
      expect(screen.getByRole('dialog', { name: 'Unternehmensangebot anfragen' })).toBeInTheDocument();
      expect(screen.getByLabelText('E-Mail')).toHaveValue('hr@firma.ch');
    },
  );

  it('needs a valid e-mail address; name and wishes are optional', async () => {
    const { requests: calls } = installFakeBackend().on(SEND, () => json({ success: true }));
    const user = renderButton();
    await user.click(screen.getByRole('button', { name: 'Unternehmensangebot anfragen' }));
    await user.click(await screen.findByRole('button', { name: 'Anfrage senden' }));
    expect(await screen.findByText('Bitte gib deine E-Mail-Adresse ein.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);

    // The form loads when the dialog opens.
    await user.type(await screen.findByLabelText('E-Mail'), 'hr@firma.ch');
    await user.click(screen.getByRole('button', { name: 'Anfrage senden' }));
    expect(await screen.findByText('Anfrage gesendet')).toBeInTheDocument();
    expect(calls[0]!.body).toEqual({
      type: 'corporate-breathwork',
      email: 'hr@firma.ch',
      name: '',
      message: '',
      altcha: STUB_ALTCHA_PAYLOAD,
    });
  });
});

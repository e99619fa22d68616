import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NewsletterBox } from '@/features/newsletter/components/newsletter-box';
import { site } from '@/lib/site';
import {
  deferred,
  installFakeBackend,
  json,
  networkFailure,
  type Responder,
} from '../../support/fake-backend';
import { STUB_ALTCHA_PAYLOAD } from '../../support/proof-of-work-stub';
import { renderWithProviders } from '../../support/render';

vi.mock('@/components/proof-of-work', async (original) =>
  (await import('../../support/proof-of-work-stub')).solvedProofOfWork(original),
);

// The network edge only: the box, supabase-js's function call, its error classes and the answer
// mapping run for real; the fake backend answers as the function (or the way to it) would.
const SUBSCRIBE = 'POST /functions/v1/newsletter-subscribe';

afterEach(() => vi.unstubAllGlobals());

async function submit(email: string) {
  const user = userEvent.setup();
  const field = screen.getByLabelText('E-Mail-Adresse');
  if (email) await user.type(field, email);
  await user.click(screen.getByRole('button', { name: 'Anmelden' }));
  return field;
}

describe('NewsletterBox', () => {
  it.each([
    ['', 'Bitte gib deine E-Mail-Adresse ein.'],
    ['keine-adresse', 'Bitte gib eine gültige E-Mail-Adresse ein.'],
    // The server refuses it (z.email), so the form does too.
    ['hans@beispiel', 'Bitte gib eine gültige E-Mail-Adresse ein.'],
  ])('rejects %j at the field and sends nothing', async (email, message) => {
    const backend = installFakeBackend();
    renderWithProviders(<NewsletterBox />, { auth: {} });
    const field = await submit(email);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(field).toHaveAccessibleDescription(message));
    expect(backend.requests).toHaveLength(0);
  });

  it('disables the form while subscribing, then thanks and clears the field', async () => {
    const answer = deferred();
    const backend = installFakeBackend().on(SUBSCRIBE, () => answer.promise);
    renderWithProviders(<NewsletterBox />, { auth: {} });
    const field = await submit('anna@example.ch');

    const busyButton = await screen.findByRole('button', { name: 'Wird angemeldet…' });
    expect(busyButton).toBeDisabled();
    expect(field).toBeDisabled();
    // supabase-js is loaded on submit, so the request follows a moment later.
    await waitFor(() =>
      expect(backend.calls(SUBSCRIBE).map((call) => call.body)).toEqual([
        { email: 'anna@example.ch', ccAdmin: true, adminEmail: site.email, altcha: STUB_ALTCHA_PAYLOAD },
      ]),
    );

    answer.resolve(json({ success: true }));
    expect(await screen.findByText('Newsletter Anmeldung')).toBeInTheDocument();
    expect(screen.getByText('Vielen Dank für deine Anmeldung!')).toBeInTheDocument();
    await waitFor(() => expect(field).toHaveValue(''));
    expect(field).toBeEnabled();
  });

  it('keeps the address and names the missing configuration from the error answer (FunctionsHttpError)', async () => {
    const body = { success: false, error: 'Mailchimp not configured', details: { hasApiKey: false } };
    installFakeBackend().on(SUBSCRIBE, () => json(body, 500));
    renderWithProviders(<NewsletterBox />, { auth: {} });
    const field = await submit('anna@example.ch');
    const message =
      'Anmeldung fehlgeschlagen: Der API-Schlüssel des Newsletter-Dienstes fehlt. Bitte kontaktiere den Administrator.';
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(field).toHaveAccessibleDescription(message));
    await waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveValue('anna@example.ch');
  });

  it.each<[string, Responder, string]>([
    ['no connection (FunctionsFetchError)', networkFailure, 'Keine Antwort vom Server erhalten'],
    [
      'a relay failure (FunctionsRelayError)',
      () => json({ message: 'relay' }, 502, { 'x-relay-error': 'true' }),
      'Fehler bei der Newsletter-Anmeldung',
    ],
    [
      'a non-JSON error page (FunctionsHttpError)',
      () => new Response('Bad Gateway', { status: 502 }),
      'Bitte versuche es später erneut.',
    ],
  ])('maps %s to its message', async (_case, answer, message) => {
    installFakeBackend().on(SUBSCRIBE, answer);
    renderWithProviders(<NewsletterBox />, { auth: {} });
    const field = await submit('anna@example.ch');
    expect(await screen.findByText(`Anmeldung fehlgeschlagen: ${message}`)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
  });

  it('reports an unexpected error when the answer cannot be read', async () => {
    // A 2xx that claims JSON but is not: supabase-js hands back the parser's SyntaxError.
    installFakeBackend().on(
      SUBSCRIBE,
      () => new Response('{"success": tr', { headers: { 'content-type': 'application/json' } }),
    );
    renderWithProviders(<NewsletterBox />, { auth: {} });
    const field = await submit('anna@example.ch');
    expect(
      await screen.findByText('Anmeldung fehlgeschlagen: Ein unerwarteter Fehler ist aufgetreten'),
    ).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
  });
});

import { FunctionsFetchError, FunctionsHttpError, FunctionsRelayError } from '@supabase/supabase-js';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NewsletterBox } from '@/features/newsletter/components/newsletter-box';
import { site } from '@/lib/site';
import { renderWithProviders } from '../../support/render';

// The network edge only: the box, its validation and the answer mapping run for real.
const invoke = vi.hoisted(() => vi.fn());
vi.mock('@/lib/supabase', () => ({ supabase: { functions: { invoke } } }));

type InvokeResult = { data: unknown; error: unknown };

/** An invoke call that stays pending until the test settles it. */
function pendingInvoke() {
  let settle!: (result: InvokeResult) => void;
  invoke.mockImplementationOnce(() => new Promise<InvokeResult>((resolve) => (settle = resolve)));
  return (result: InvokeResult) => settle(result);
}

async function submit(email: string) {
  const user = userEvent.setup();
  const field = screen.getByLabelText('E-Mail-Adresse');
  if (email) await user.type(field, email);
  await user.click(screen.getByRole('button', { name: 'Anmelden' }));
  return field;
}

beforeEach(() => invoke.mockReset());

describe('NewsletterBox', () => {
  it.each([
    ['', 'Bitte gib deine E-Mail-Adresse ein.'],
    ['keine-adresse', 'Bitte gib eine gültige E-Mail-Adresse ein.'],
    // The server refuses it (z.email), so the form does too.
    ['hans@beispiel', 'Bitte gib eine gültige E-Mail-Adresse ein.'],
  ])('rejects %j at the field and sends nothing', async (email, message) => {
    renderWithProviders(<NewsletterBox />, { auth: {} });
    const field = await submit(email);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(field).toHaveAccessibleDescription(message));
    expect(invoke).not.toHaveBeenCalled();
  });

  it('disables the form while subscribing, then thanks and clears the field', async () => {
    const settle = pendingInvoke();
    renderWithProviders(<NewsletterBox />, { auth: {} });
    const field = await submit('anna@example.ch');

    const busyButton = await screen.findByRole('button', { name: 'Wird angemeldet...' });
    expect(busyButton).toBeDisabled();
    expect(field).toBeDisabled();
    expect(invoke).toHaveBeenCalledWith('newsletter-subscribe', {
      body: { email: 'anna@example.ch', ccAdmin: true, adminEmail: site.email },
    });

    settle({ data: { success: true }, error: null });
    expect(await screen.findByText('Newsletter Anmeldung')).toBeInTheDocument();
    expect(screen.getByText('Vielen Dank für deine Anmeldung!')).toBeInTheDocument();
    await waitFor(() => expect(field).toHaveValue(''));
    expect(field).toBeEnabled();
  });

  it('keeps the address and names the missing configuration from a FunctionsHttpError body', async () => {
    const body = { success: false, error: 'Mailchimp not configured', details: { hasApiKey: false } };
    invoke.mockResolvedValueOnce({
      data: null,
      error: new FunctionsHttpError(new Response(JSON.stringify(body), { status: 500 })),
    });
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

  it.each([
    [new FunctionsFetchError(new TypeError('fetch failed')), 'Keine Antwort vom Server erhalten'],
    [new FunctionsRelayError({}), 'Fehler bei der Newsletter-Anmeldung'],
    [
      new FunctionsHttpError(new Response('Bad Gateway', { status: 502 })),
      'Bitte versuche es später erneut.',
    ],
  ])('maps %s to its message', async (error, message) => {
    invoke.mockResolvedValueOnce({ data: null, error });
    renderWithProviders(<NewsletterBox />, { auth: {} });
    const field = await submit('anna@example.ch');
    expect(await screen.findByText(`Anmeldung fehlgeschlagen: ${message}`)).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
  });

  it('reports an unexpected error when the call throws', async () => {
    invoke.mockRejectedValueOnce(new Error('boom'));
    renderWithProviders(<NewsletterBox />, { auth: {} });
    const field = await submit('anna@example.ch');
    expect(
      await screen.findByText('Anmeldung fehlgeschlagen: Ein unerwarteter Fehler ist aufgetreten'),
    ).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContactForm } from '@/features/contact/components/contact-form';
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

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Anna Muster');
  await user.type(screen.getByRole('textbox', { name: 'E-Mail' }), 'anna@example.ch');
  await user.type(screen.getByRole('textbox', { name: 'Betreff' }), 'Frage zum Stammtisch');
  await user.type(screen.getByRole('textbox', { name: 'Nachricht' }), 'Gibt es noch Plätze?');
}

function renderForm() {
  const user = userEvent.setup();
  renderWithProviders(<ContactForm />, { auth: {} });
  return user;
}

describe('ContactForm', () => {
  it('marks every required field like the booking form: a visible "*" kept out of the name, and the field required', () => {
    renderWithProviders(<ContactForm />);
    for (const name of ['Name', 'E-Mail', 'Betreff', 'Nachricht']) {
      const field = screen.getByRole('textbox', { name });
      expect(field).toBeRequired();
      const label = document.querySelector(`label[for="${field.id}"]`);
      expect(label).toHaveTextContent(`${name} *`);
      expect(label?.querySelector('[aria-hidden="true"]')).toHaveTextContent('*');
    }
  });

  it('sends all four fields to send-contact-email, shows "Wird gesendet…" and then the success toast with the form cleared', async () => {
    const answer = deferred();
    const { requests: calls } = installFakeBackend().on(SEND, () => answer.promise);
    const user = renderForm();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Nachricht senden' }));

    const busy = await screen.findByRole('button', { name: 'Wird gesendet…' });
    expect(busy).toBeDisabled();
    // supabase-js is loaded on submit, so the request follows a moment later.
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.url.href).toMatch(/\/functions\/v1\/send-contact-email$/);
    expect(calls[0]!.body).toEqual({
      name: 'Anna Muster',
      email: 'anna@example.ch',
      subject: 'Frage zum Stammtisch',
      message: 'Gibt es noch Plätze?',
      altcha: STUB_ALTCHA_PAYLOAD,
    });

    answer.resolve(json({ success: true, enquiryId: 'e1' }));
    expect(await screen.findByText('Nachricht gesendet')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue(''));
    expect(screen.getByRole('textbox', { name: 'Nachricht' })).toHaveValue('');
    expect(screen.getByRole('button', { name: 'Nachricht senden' })).toBeEnabled();
  });

  it.each<[string, Responder]>([
    [
      'the mail provider is down (enquiry kept)',
      () => json({ success: false, error: 'x', enquiryId: 'e1' }, 502),
    ],
    ['a server error', () => json({ success: false, error: 'x' }, 500)],
    ['no connection', networkFailure],
  ])(
    'shows "Fehler beim Senden" with the e-mail address and keeps the input on %s',
    async (_case, answer) => {
      installFakeBackend().on(SEND, answer);
      const user = renderForm();
      await fillIn(user);
      await user.click(screen.getByRole('button', { name: 'Nachricht senden' }));

      expect(await screen.findByText('Fehler beim Senden')).toBeInTheDocument();
      expect(
        screen.getByText(new RegExp(`später erneut.*${site.email.replace('.', '\\.')}`)),
      ).toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Anna Muster');
      expect(screen.getByRole('textbox', { name: 'Nachricht' })).toHaveValue('Gibt es noch Plätze?');
      expect(screen.getByRole('button', { name: 'Nachricht senden' })).toBeEnabled();
    },
  );

  it("shows the function's own German text for a refusal (limit reached) and keeps the input", async () => {
    const limit =
      'Von deiner Internetverbindung sind in der letzten Stunde schon mehrere Nachrichten eingegangen. Bitte versuche es in einer Stunde erneut oder schreib uns direkt per E-Mail.';
    installFakeBackend().on(SEND, () => json({ success: false, error: limit }, 429));
    const user = renderForm();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Nachricht senden' }));

    expect(await screen.findByText('Fehler beim Senden')).toBeInTheDocument();
    expect(screen.getByText(limit)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Nachricht' })).toHaveValue('Gibt es noch Plätze?');
  });

  it('shows a field the function refused at that field, keeping every input', async () => {
    const message = 'Der Betreff ist zu lang (höchstens 200 Zeichen).';
    installFakeBackend().on(SEND, () =>
      json({ success: false, error: message, code: 'INVALID_INPUT', detail: 'subject' }, 400),
    );
    const user = renderForm();
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Nachricht senden' }));

    const subject = screen.getByRole('textbox', { name: 'Betreff' });
    await waitFor(() => expect(subject).toHaveAttribute('aria-invalid', 'true'));
    const atField = screen.getAllByText(message).find((node) => node.id && node.tagName === 'P');
    expect(subject.getAttribute('aria-describedby')).toContain(atField?.id);
    expect(subject).toHaveFocus();
    expect(subject).toHaveValue('Frage zum Stammtisch');
    expect(screen.getByRole('textbox', { name: 'Nachricht' })).toHaveValue('Gibt es noch Plätze?');
  });

  it('refuses an address without a top-level domain like the server does', async () => {
    const { requests: calls } = installFakeBackend().on(SEND, () => json({ success: true }));
    const user = renderForm();
    await fillIn(user);
    await user.clear(screen.getByRole('textbox', { name: 'E-Mail' }));
    await user.type(screen.getByRole('textbox', { name: 'E-Mail' }), 'hans@beispiel');
    await user.click(screen.getByRole('button', { name: 'Nachricht senden' }));
    expect(await screen.findByText('Bitte gib eine gültige E-Mail-Adresse ein.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'E-Mail' })).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });

  it('requires all four fields and a valid e-mail before sending anything', async () => {
    const { requests: calls } = installFakeBackend().on(SEND, () => json({ success: true }));
    const user = renderForm();
    await user.click(screen.getByRole('button', { name: 'Nachricht senden' }));

    expect(await screen.findByText('Bitte gib deinen Namen ein.')).toBeInTheDocument();
    expect(screen.getByText('Bitte gib deine E-Mail-Adresse ein.')).toBeInTheDocument();
    expect(screen.getByText('Bitte gib einen Betreff ein.')).toBeInTheDocument();
    expect(screen.getByText('Bitte schreib uns eine Nachricht.')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'E-Mail' }), 'keine-adresse');
    await user.click(screen.getByRole('button', { name: 'Nachricht senden' }));
    expect(await screen.findByText('Bitte gib eine gültige E-Mail-Adresse ein.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'E-Mail' })).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toHaveLength(0);
  });
});

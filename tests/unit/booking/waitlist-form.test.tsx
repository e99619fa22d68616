import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeBackend, json } from '../../support/fake-backend';
import { STUB_ALTCHA_PAYLOAD } from '../../support/proof-of-work-stub';
import { eventsTable, uniqueRow } from '../events/fixtures';
import { renderEventRoutes } from '../events/render-events';

// 'Auf die Warteliste' on the booking page of a full event: the join-waitlist function gets the
// fields and the solved challenge; the page shows the position, or the refusal in German.

vi.mock('@/components/proof-of-work', async (original) =>
  (await import('../../support/proof-of-work-stub')).solvedProofOfWork(original),
);
afterEach(() => vi.unstubAllGlobals());

const JOIN = 'POST /functions/v1/join-waitlist';

function fullEvent() {
  const row = uniqueRow({ max_participants: 8, current_participants: 8 });
  const backend = installFakeBackend().on(
    '/rest/v1/events',
    eventsTable(() => [row]),
  );
  renderEventRoutes(`/events/${row.slug}/buchen`);
  return { backend, row };
}

async function fillIn() {
  const form = within(await screen.findByRole('form', { name: 'Warteliste' }));
  const user = userEvent.setup();
  await user.type(form.getByLabelText('Name *'), 'Wanda Warte');
  await user.type(form.getByLabelText('E-Mail *'), 'wanda@example.ch');
  await user.type(form.getByLabelText('Telefon *'), '+41 79 555 66 77');
  await user.selectOptions(form.getByLabelText('Anzahl Personen *'), '2');
  return { form, user };
}

describe('waiting list on the booking page', () => {
  it('a full event offers the waiting list and shows the position after joining', async () => {
    const { backend, row } = fullEvent();
    backend.on(JOIN, () =>
      json({ success: true, entry_id: 'w-1', position: 3, persons: 2, leave_token: 'a'.repeat(64) }),
    );
    expect(await screen.findByText('Event ausgebucht')).toBeInTheDocument();
    const { form, user } = await fillIn();
    await user.click(form.getByRole('button', { name: 'Auf die Warteliste' }));
    expect(await screen.findByText('Du stehst auf Platz 3 der Warteliste.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Von der Warteliste austragen' })).toHaveAttribute(
      'href',
      `/warteliste/austragen#${'a'.repeat(64)}`,
    );
    expect(backend.calls(JOIN)[0]!.body).toMatchObject({
      eventId: row.id,
      name: 'Wanda Warte',
      email: 'wanda@example.ch',
      phone: '+41795556677',
      persons: 2,
      altcha: STUB_ALTCHA_PAYLOAD,
    });
  });

  it.each([
    [
      'already on the list',
      'ALREADY_ON_WAITLIST',
      /bereits auf der Warteliste für dieses Event\. Den Link zum Austragen/,
    ],
    ['booked already', 'ALREADY_REGISTERED', /bereits angemeldet\. Die Bestätigung haben wir dir/],
  ])(
    'says at the e-mail field in German when the address is %s, and keeps the input',
    async (_, code, message) => {
      const { backend } = fullEvent();
      backend.on(JOIN, () => json({ error: code, code, detail: null }, 400));
      const { form, user } = await fillIn();
      await user.click(form.getByRole('button', { name: 'Auf die Warteliste' }));
      const email = form.getByLabelText('E-Mail *');
      await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
      const atField = form.getByText(message);
      expect(email.getAttribute('aria-describedby')).toContain(atField.id);
      expect(email).toHaveFocus();
      expect(form.queryByRole('alert')).not.toBeInTheDocument();
      expect(email).toHaveValue('wanda@example.ch');
      expect(form.getByLabelText('Name *')).toHaveValue('Wanda Warte');
    },
  );

  it('shows a field the function refused at that field, keeping the input', async () => {
    const { backend } = fullEvent();
    backend.on(JOIN, () =>
      json(
        {
          success: false,
          error: 'Bitte gib eine gültige Telefonnummer ein, z. B. 079 123 45 67 oder +41 79 123 45 67.',
          code: 'INVALID_INPUT',
          detail: 'phone',
        },
        400,
      ),
    );
    const { form, user } = await fillIn();
    await user.click(form.getByRole('button', { name: 'Auf die Warteliste' }));
    const phone = form.getByLabelText('Telefon *');
    await waitFor(() => expect(phone).toHaveAttribute('aria-invalid', 'true'));
    const message = form.getByText(/Bitte gib eine gültige Telefonnummer ein/);
    expect(phone.getAttribute('aria-describedby')).toContain(message.id);
    expect(form.queryByRole('alert')).not.toBeInTheDocument();
    expect(phone).toHaveValue('+41 79 555 66 77');
  });
});

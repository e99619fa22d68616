import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import BookingConfirmationPage from '@/app/routes/buchung';
import FonduehusliConfirmationPage from '@/app/routes/fonduehusli-confirmation';
import ManageBookingPage from '@/app/routes/buchung-verwalten';
import PaymentStatusPage from '@/app/routes/zahlung';
import { installFakeBackend, json, postgrestError } from '../../support/fake-backend';
import { renderWithProviders } from '../../support/render';

// The confirmation page and the manage page of a booking (issue 14), against a fake backend
// that answers booking_by_token / change_booking as the database does.

const VIEW = '/rest/v1/rpc/booking_by_token';
const CHANGE = '/rest/v1/rpc/change_booking';

function booking(overrides: Record<string, unknown> = {}, event: Record<string, unknown> = {}) {
  return {
    status: 'valid',
    reference: 'SW-7K3M',
    name: 'Anna Muster',
    email: 'anna@example.ch',
    persons: 3,
    payment_method: 'onsite',
    booking_status: 'confirmed',
    payment_status: 'pending',
    answers: [],
    state: 'pending',
    amount_cents: 13500,
    event: {
      title: 'Fondue-Abend',
      slug: 'fondue-abend-10-12-2026',
      description: 'Käse und Geschichten.',
      start_date: '2026-12-10',
      end_date: null,
      start_time: '18:30',
      end_time: '22:00',
      location: 'Hirschthal',
      price: 45,
      bring_along: 'Warme Kleidung',
      is_cancelled: false,
      cancellation_deadline_hours: 48,
      ...event,
    },
    deadline: '2026-12-08T17:30:00+00:00',
    can_change: true,
    ...overrides,
  };
}

function renderAt(route: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/buchung/:reference" element={<BookingConfirmationPage />} />
      <Route path="/buchung/:reference/verwalten" element={<ManageBookingPage />} />
      <Route path="/zahlung/:participantId" element={<PaymentStatusPage />} />
    </Routes>,
    { route },
  );
}

describe('the fondue hut confirmation page', () => {
  it("states the booking's own free-cancellation hours, not a fixed 48", async () => {
    const backend = installFakeBackend();
    backend.on(VIEW, () =>
      json(
        booking(
          {},
          { title: 'Fonduehüsli', cancellation_deadline_hours: 24, late_cancellation_charge_percent: 50 },
        ),
      ),
    );
    renderWithProviders(
      <Routes>
        <Route path="/fonduehusli/confirmation" element={<FonduehusliConfirmationPage />} />
      </Routes>,
      { route: '/fonduehusli/confirmation?buchung=SW-7K3M#geheim' },
    );
    expect(
      await screen.findByText(/^Bis 24 Stunden vor dem Termin kannst du kostenlos stornieren\. Bei Fragen/),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Bis 48 Stunden/)).not.toBeInTheDocument();
  });
});

describe('confirmation page', () => {
  it('shows reference, event, persons, total, how to pay, the calendar file and the manage link', async () => {
    const backend = installFakeBackend();
    backend.on(VIEW, () => json(booking()));
    renderAt('/buchung/SW-7K3M#geheim');
    expect(await screen.findByRole('heading', { name: 'Deine Buchung ist bestätigt' })).toBeInTheDocument();
    expect(backend.calls(VIEW)[0]!.body).toEqual({ p_reference: 'SW-7K3M', p_token: 'geheim' });
    expect(screen.getByText('SW-7K3M')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Fondue-Abend' })).toHaveAttribute(
      'href',
      '/events/fondue-abend-10-12-2026',
    );
    expect(screen.getByText('3 × CHF 45.00 = CHF 135.00')).toBeInTheDocument();
    // The times in the site's one form.
    expect(screen.getByText('18:30–22:00 Uhr')).toBeInTheDocument();
    expect(screen.getByText('Bar oder TWINT vor Ort.')).toBeInTheDocument();
    const calendar = screen.getByRole('link', { name: 'Zum Kalender hinzufügen' });
    expect(calendar).toHaveAttribute('download', 'SW-7K3M.ics');
    const ics = decodeURIComponent(
      calendar.getAttribute('href')!.replace(/^data:text\/calendar;charset=utf-8,/, ''),
    );
    expect(ics).toContain('SUMMARY:Fondue-Abend');
    expect(ics).toContain('DTSTART:20261210T173000Z');
    expect(screen.getByRole('link', { name: 'Buchung ändern oder stornieren' })).toHaveAttribute(
      'href',
      '/buchung/SW-7K3M/verwalten#geheim',
    );
    expect(
      screen.getByText('Kostenlos stornieren oder reduzieren bis 08.12.2026 18:30 Uhr.'),
    ).toBeInTheDocument();
  });

  it('asks a large on-site booking held for confirmation to click the link in its mail', async () => {
    const backend = installFakeBackend();
    backend.on(VIEW, () => json(booking({ booking_status: 'held', persons: 4 })));
    renderAt('/buchung/SW-7K3M#geheim');
    expect(await screen.findByRole('heading', { name: 'Bitte bestätige deine Buchung' })).toBeInTheDocument();
    expect(
      screen.getByText(
        'Bitte bestätige deine Buchung innerhalb von 60 Minuten über den Link «Buchung bestätigen» in der E-Mail, die wir dir geschickt haben. Ohne Bestätigung geben wir die Plätze wieder frei.',
      ),
    ).toBeInTheDocument();
  });

  it('lists the questions with the visitor\u2019s answers', async () => {
    const backend = installFakeBackend();
    backend.on(VIEW, () =>
      json(
        booking({
          answers: [
            { question_id: 'q-1', label: 'Name des Kindes', answer: 'Lea' },
            { question_id: 'q-2', label: 'Menü', answer: 'vegan' },
          ],
        }),
      ),
    );
    renderAt('/buchung/SW-7K3M#geheim');
    expect(await screen.findByRole('heading', { name: 'Deine Buchung ist bestätigt' })).toBeInTheDocument();
    // Each question is a term of the summary, its answer the description beside it.
    expect(screen.getByText('Name des Kindes').tagName).toBe('DT');
    expect(screen.getByText('Name des Kindes').nextElementSibling).toHaveTextContent('Lea');
    expect(screen.getByText('Menü').tagName).toBe('DT');
    expect(screen.getByText('Menü').nextElementSibling).toHaveTextContent('vegan');
  });

  it('says Kostenlos for a free event and offers no calendar for a cancelled one', async () => {
    const backend = installFakeBackend();
    backend.on(VIEW, () =>
      json(
        booking(
          { payment_method: 'free', payment_status: 'paid', state: 'paid' },
          { price: 0, is_cancelled: true },
        ),
      ),
    );
    renderAt('/buchung/SW-7K3M#geheim');
    expect(await screen.findByText('Kostenlos')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Dieses Event wurde abgesagt.');
    expect(screen.queryByRole('link', { name: 'Zum Kalender hinzufügen' })).not.toBeInTheDocument();
  });

  it('explains a wrong, missing or expired link and a failed load in German', async () => {
    const backend = installFakeBackend();
    backend.on(VIEW, () => json(null));
    const wrong = renderAt('/buchung/SW-7K3M#falsch');
    expect(await screen.findByRole('heading', { name: 'Buchung nicht gefunden' })).toBeInTheDocument();
    wrong.unmount();

    const missing = renderAt('/buchung/SW-7K3M');
    expect(await screen.findByRole('heading', { name: 'Buchung nicht gefunden' })).toBeInTheDocument();
    // Without a token the database is not even asked.
    expect(backend.calls(VIEW)).toHaveLength(1);
    missing.unmount();

    backend.on(VIEW, () => json({ status: 'expired' }));
    const expired = renderAt('/buchung/SW-7K3M#alt');
    expect(await screen.findByRole('heading', { name: 'Link abgelaufen' })).toBeInTheDocument();
    expired.unmount();

    backend.on(VIEW, () => postgrestError('boom', 500, 'XX000'));
    renderAt('/buchung/SW-7K3M#geheim');
    expect(
      await screen.findByRole(
        'heading',
        { name: 'Buchung konnte nicht geladen werden' },
        { timeout: 10_000 },
      ),
    ).toBeInTheDocument();
  });
});

describe('confirmation page of an online payment (where Stripe returns)', () => {
  const CHECKOUT = 'POST /functions/v1/create-checkout';
  const online = (state: string, status = 'pending') =>
    booking({ payment_method: 'stripe', payment_status: status, state, persons: 2, amount_cents: 9000 });

  it("says 'Bezahlt' with the amount once paid", async () => {
    installFakeBackend().on(VIEW, () => json(online('paid', 'paid')));
    renderAt('/buchung/SW-7K3M?zahlung=erfolgt#geheim');
    expect(await screen.findByRole('heading', { name: 'Bezahlt' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('CHF 90.00');
    expect(screen.queryByRole('button', { name: 'Jetzt bezahlen' })).not.toBeInTheDocument();
  });

  it('shows what a gift voucher paid, and after a cancellation what went back onto it apart from the card', async () => {
    const backend = installFakeBackend();
    backend.on(VIEW, () => json({ ...online('paid', 'paid'), voucher_cents: 5000 }));
    renderAt('/buchung/SW-7K3M#geheim');
    expect(await screen.findByText('Mit Gutschein bezahlt')).toBeInTheDocument();
    expect(screen.getByText('Mit Gutschein bezahlt').nextElementSibling).toHaveTextContent('CHF 50.00');
    cleanup();

    installFakeBackend().on(VIEW, () =>
      json({
        ...online('refunded', 'refunded'),
        booking_status: 'cancelled',
        refunded_cents: 9000,
        voucher_cents: 0,
        voucher_returned_cents: 5000,
      }),
    );
    renderAt('/buchung/SW-7K3M#geheim');
    expect(await screen.findByText('Dem Gutschein gutgeschrieben')).toBeInTheDocument();
    expect(screen.getByText('Dem Gutschein gutgeschrieben').nextElementSibling).toHaveTextContent(
      'CHF 50.00',
    );
    expect(screen.getByText('Erstattet', { selector: 'dt' }).nextElementSibling).toHaveTextContent(
      'CHF 40.00',
    );
    expect(screen.queryByText('Mit Gutschein bezahlt')).not.toBeInTheDocument();
  });

  it('names TWINT or card as Stripe reported the payment', async () => {
    installFakeBackend().on(VIEW, () => json({ ...online('paid', 'paid'), paid_method: 'twint' }));
    renderAt('/buchung/SW-7K3M#geheim');
    expect(await screen.findByText(/Online-Zahlung \(TWINT\) · Bezahlt/)).toBeInTheDocument();
    expect(screen.queryByText(/Karte/)).not.toBeInTheDocument();
  });

  it('open: offers to pay again, with the reference and manage token', async () => {
    const backend = installFakeBackend()
      .on(VIEW, () => json(online('open')))
      .on(CHECKOUT, () => json({ error: 'Online-Zahlung ist zurzeit nicht möglich.' }, 503));
    renderAt('/buchung/SW-7K3M#geheim');
    expect(
      await screen.findByRole('heading', { name: 'Zahlung offen – erneut versuchen' }),
    ).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Jetzt bezahlen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Online-Zahlung ist zurzeit nicht möglich.');
    expect(backend.calls(CHECKOUT)[0]!.body).toEqual({ reference: 'SW-7K3M', token: 'geheim' });
  });

  it("back from Stripe's success page: waits for the confirmation, then says 'Bezahlt'", async () => {
    let paid = false;
    installFakeBackend().on(VIEW, () => json(paid ? online('paid', 'paid') : online('open')));
    renderAt('/buchung/SW-7K3M?zahlung=erfolgt#geheim');
    expect(await screen.findByRole('heading', { name: 'Zahlung wird bestätigt' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Jetzt bezahlen' })).not.toBeInTheDocument();
    paid = true;
    expect(await screen.findByRole('heading', { name: 'Bezahlt' }, { timeout: 5000 })).toBeInTheDocument();
  });

  it("expired: 'Reservation abgelaufen' and the way to book again", async () => {
    installFakeBackend().on(VIEW, () => json(online('expired', 'cancelled')));
    renderAt('/buchung/SW-7K3M#geheim');
    expect(await screen.findAllByRole('heading', { name: 'Reservation abgelaufen' })).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Erneut anmelden' })).toHaveAttribute(
      'href',
      '/events/fondue-abend-10-12-2026',
    );
    expect(screen.queryByRole('link', { name: 'Buchung ändern oder stornieren' })).not.toBeInTheDocument();
  });
});

describe('the payment page of links already sent (/zahlung/:id#token)', () => {
  it('still shows the open payment and pays again with the id and one-time token', async () => {
    const backend = installFakeBackend()
      .on('/rest/v1/rpc/payment_state', () =>
        json({
          state: 'open',
          payment_method: 'stripe',
          amount_cents: 4500,
          event_title: 'Fondue-Abend',
          checkout_url: null,
        }),
      )
      .on('POST /functions/v1/create-checkout', () =>
        json({ error: 'Diese Anmeldung ist bereits bezahlt.' }, 409),
      );
    renderAt('/zahlung/p-1#einmal');
    expect(
      await screen.findByRole('heading', { name: 'Zahlung offen – erneut versuchen' }),
    ).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Jetzt bezahlen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Diese Anmeldung ist bereits bezahlt.');
    expect(backend.calls('POST /functions/v1/create-checkout')[0]!.body).toEqual({
      participantId: 'p-1',
      token: 'einmal',
    });
  });
});

describe('manage page', () => {
  it('offers "Jetzt bezahlen" when an online booking owes money (the link of the team\u2019s change mails)', async () => {
    const backend = installFakeBackend()
      .on(VIEW, () =>
        json(
          booking({
            payment_method: 'stripe',
            payment_status: 'pending',
            state: 'open',
            amount_cents: 13500,
          }),
        ),
      )
      .on('POST /functions/v1/create-checkout', () =>
        json({ error: 'Online-Zahlung ist zurzeit nicht möglich.' }, 503),
      );
    renderAt('/buchung/SW-7K3M/verwalten#geheim');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Jetzt bezahlen' }));
    expect(backend.calls('POST /functions/v1/create-checkout')[0]!.body).toEqual({
      reference: 'SW-7K3M',
      token: 'geheim',
    });
  });

  it('reduces the persons and shows the new state from the database', async () => {
    const user = userEvent.setup();
    const backend = installFakeBackend();
    let current = booking();
    backend.on(VIEW, () => json(current));
    backend.on(CHANGE, () => {
      current = booking({ persons: 1, amount_cents: 4500 });
      return json({ kind: 'reduced', persons: 1 });
    });
    renderAt('/buchung/SW-7K3M/verwalten#geheim');
    const select = await screen.findByLabelText('Neue Anzahl Personen');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['1 Person (CHF 45.00)', '2 Personen (2 × CHF 45.00 = CHF 90.00)']);
    await user.selectOptions(select, '1');
    await user.click(screen.getByRole('button', { name: 'Personen reduzieren' }));
    expect(await screen.findByText('Buchung geändert')).toBeInTheDocument();
    expect(backend.calls(CHANGE)[0]!.body).toEqual({
      p_reference: 'SW-7K3M',
      p_token: 'geheim',
      p_persons: 1,
    });
    // With one person left there is nothing to reduce, only to cancel.
    await waitFor(() => expect(screen.queryByLabelText('Neue Anzahl Personen')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Buchung stornieren' })).toBeInTheDocument();
  });

  it('with ticket types gives one ticket of the chosen type back, and shows the tickets (issue 28)', async () => {
    const user = userEvent.setup();
    const backend = installFakeBackend();
    const tickets = [
      { ticket_type_id: 't-a', name: 'Erwachsene', persons: 2, price_cents: 4500 },
      { ticket_type_id: 't-k', name: 'Kinder (5–12)', persons: 1, price_cents: 2500 },
    ];
    backend.on(VIEW, () =>
      json(booking({ persons: 3, amount_cents: 11500, tickets, total_cents_by_persons: null })),
    );
    backend.on(CHANGE, () => json({ kind: 'reduced', persons: 2 }));
    renderAt('/buchung/SW-7K3M/verwalten#geheim');
    const select = await screen.findByLabelText('Ein Ticket abgeben');
    expect(screen.queryByLabelText('Neue Anzahl Personen')).not.toBeInTheDocument();
    expect(screen.getByText('2 × Erwachsene à CHF 45.00')).toBeInTheDocument();
    expect(screen.getByText('CHF 115.00')).toBeInTheDocument();
    await user.selectOptions(select, 'Kinder (5–12) (CHF 25.00)');
    await user.click(screen.getByRole('button', { name: 'Personen reduzieren' }));
    expect(await screen.findByText('Buchung geändert')).toBeInTheDocument();
    expect(backend.calls(CHANGE)[0]!.body).toEqual({
      p_reference: 'SW-7K3M',
      p_token: 'geheim',
      p_persons: 2,
      p_tickets: { 't-k': 0 },
    });
  });

  it('cancels after asking, and then says the booking is cancelled', async () => {
    const user = userEvent.setup();
    const backend = installFakeBackend();
    let current = booking();
    backend.on(VIEW, () => json(current));
    backend.on(CHANGE, () => {
      current = booking({ payment_status: 'cancelled', state: 'cancelled', can_change: false });
      return json({ kind: 'cancelled', persons: 0 });
    });
    renderAt('/buchung/SW-7K3M/verwalten#geheim');
    await user.click(await screen.findByRole('button', { name: 'Buchung stornieren' }));
    expect(backend.calls(CHANGE)).toHaveLength(0);
    await user.click(await screen.findByRole('button', { name: 'Ja, stornieren' }));
    expect(await screen.findByText('Diese Buchung ist storniert.')).toBeInTheDocument();
    expect(backend.calls(CHANGE)[0]!.body).toMatchObject({ p_persons: 0 });
  });

  it('keeps the choice and names the reason when the database refuses (deadline passed meanwhile)', async () => {
    const user = userEvent.setup();
    const backend = installFakeBackend();
    backend.on(VIEW, () => json(booking()));
    backend.on(CHANGE, () => postgrestError('DEADLINE_PASSED', 400, 'P0001', '2026-12-08 18:30:00+01'));
    renderAt('/buchung/SW-7K3M/verwalten#geheim');
    const select = await screen.findByLabelText('Neue Anzahl Personen');
    await user.selectOptions(select, '1');
    await user.click(screen.getByRole('button', { name: 'Personen reduzieren' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Die Frist für kostenlose Änderungen ist am 08.12.2026 18:30 abgelaufen.',
    );
    expect(select).toHaveValue('1');
  });

  it('after the deadline shows the rule and how to reach the provider', async () => {
    const backend = installFakeBackend();
    backend.on(VIEW, () => json(booking({ can_change: false })));
    renderAt('/buchung/SW-7K3M/verwalten#geheim');
    expect(await screen.findByRole('heading', { name: 'Änderungen nur noch über uns' })).toBeInTheDocument();
    expect(
      screen.getByText(/Kostenlose Stornierung bis 48 Stunden vor Beginn\. Diese Frist ist abgelaufen/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Buchung stornieren' })).not.toBeInTheDocument();
  });
});

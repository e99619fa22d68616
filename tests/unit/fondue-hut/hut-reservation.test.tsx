import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import FonduehusliReservationPage from '@/app/routes/fonduehusli-reservieren';
import { addMonths, dayLabel, monthWeeks, weekdayIndex } from '@/lib/hut-calendar';
import { todayIso } from '@/lib/dates';
import { installFakeBackend, json, type FakeBackend } from '../../support/fake-backend';
import { STUB_ALTCHA_PAYLOAD } from '../../support/proof-of-work-stub';
import { renderWithProviders } from '../../support/render';

vi.mock('@/components/proof-of-work', async (original) =>
  (await import('../../support/proof-of-work-stub')).solvedProofOfWork(original),
);

afterEach(() => vi.unstubAllGlobals());

// The hut's reservation page (issue 27): the month from hut_month in one request, German day
// names, the states in words, keyboard paths, and the booking form with the database's group price.

const MONTH = todayIso().slice(0, 7);
const day = (date: number) => `${MONTH}-${String(date).padStart(2, '0')}`;
const DAYS_IN_MONTH = new Date(Number(MONTH.slice(0, 4)), Number(MONTH.slice(5, 7)), 0).getDate();
const HUT_MONTH = '/rest/v1/rpc/hut_month';
const BOOK = '/functions/v1/book-fondue-evening';

/** Days 20, 21 and 23 bookable, 22 booked, 24 blocked, the rest past or closed. */
function monthAnswer() {
  const states: Record<number, string> = {
    20: 'bookable',
    21: 'bookable',
    22: 'booked',
    23: 'bookable',
    24: 'blocked',
  };
  return {
    month: MONTH,
    evenings: Array.from({ length: DAYS_IN_MONTH }, (_, index) => ({
      day: day(index + 1),
      state: states[index + 1] ?? (index < 19 ? 'past' : 'closed'),
    })),
    start_time: '18:30',
    end_time: '22:30',
    weekdays: [4, 5, 6, 7],
    season: { start: '2025-10-16', end: null },
    min_persons: 2,
    max_persons: 6,
    prices: [2, 3, 4, 5, 6].map((persons) => {
      const per = persons <= 2 ? 90 : persons <= 4 ? 85 : 80;
      return { persons, per_person: per, total: per * persons };
    }),
    payment_methods: ['stripe', 'invoice', 'onsite'],
    cancellation_hours: 48,
    late_cancellation_charge_percent: 50,
    location: 'Fonduehüsli, Waldweg 3, 5042 Hirschthal',
    questions: [
      {
        id: '6b0f2a4e-27a1-4c55-9a5e-0f0d5e27f0d1',
        kind: 'text',
        label: 'Unverträglichkeiten oder Ernährungswünsche',
        required: false,
        options: [],
      },
    ],
  };
}

function CurrentPath() {
  const location = useLocation();
  return <output data-testid="current-path">{location.pathname + location.search + location.hash}</output>;
}

function renderPage(): FakeBackend {
  const backend = installFakeBackend();
  backend.on(HUT_MONTH, () => json(monthAnswer()));
  backend.on('POST /functions/v1/payment-options', () =>
    json({ success: true, stripe: true, invoice: true }),
  );
  renderWithProviders(
    <>
      <Routes>
        <Route path="/fonduehusli/reservieren" element={<FonduehusliReservationPage />} />
        <Route path="/fonduehusli/confirmation" element={<h1>Bestätigung</h1>} />
      </Routes>
      <CurrentPath />
    </>,
    { route: '/fonduehusli/reservieren', auth: {} },
  );
  return backend;
}

describe('month grid', () => {
  it('starts weeks on Monday and names days in German', () => {
    expect(weekdayIndex('2026-11-30')).toBe(0); // a Monday
    expect(weekdayIndex('2026-12-06')).toBe(6); // a Sunday
    expect(dayLabel('2026-12-03')).toBe('Donnerstag, 3. Dezember 2026');
    expect(addMonths('2026-12', 1)).toBe('2027-01');
    expect(addMonths('2027-01', -1)).toBe('2026-12');
    const weeks = monthWeeks([{ day: '2026-12-01' }, { day: '2026-12-02' }]);
    expect(weeks).toEqual([[null, { day: '2026-12-01' }, { day: '2026-12-02' }, null, null, null, null]]);
  });
});

describe('/fonduehusli/reservieren', () => {
  it('shows the month from one request, with every state in words and German day names', async () => {
    const backend = renderPage();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So']);
    expect(within(table).getByTitle('Donnerstag')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `${dayLabel(day(20))}: frei` })).toBeInTheDocument();
    expect(within(table).getByText(`${dayLabel(day(22))}: bereits vergeben`)).toBeInTheDocument();
    expect(within(table).getByText(`${dayLabel(day(24))}: nicht verfügbar`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: new RegExp(dayLabel(day(22))) })).not.toBeInTheDocument();
    expect(backend.calls(HUT_MONTH)).toHaveLength(1);
    expect(backend.calls(HUT_MONTH)[0]!.body).toEqual({ p_month: `${MONTH}-01` });
  });

  it('moves between free evenings with the arrow keys and opens the form for the chosen one', async () => {
    const user = userEvent.setup();
    renderPage();
    const first = await screen.findByRole('button', { name: `${dayLabel(day(20))}: frei` });
    first.focus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    const third = screen.getByRole('button', { name: `${dayLabel(day(23))}: frei` });
    expect(third).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(third).toHaveAttribute('aria-pressed', 'true');
    const heading = await screen.findByRole('heading', { name: `Reservation für ${dayLabel(day(23))}` });
    await waitFor(() => expect(heading).toHaveFocus());
    const form = within(await screen.findByRole('form', { name: 'Reservation' }));
    const persons = form.getByLabelText('Anzahl Personen *');
    expect(
      within(persons)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['2 Personen', '3 Personen', '4 Personen', '5 Personen', '6 Personen']);
    await user.selectOptions(persons, '4');
    expect(form.getByText('CHF 340.00')).toBeInTheDocument();
    expect(
      form.getByText(
        /Kostenlose Stornierung bis 48 Stunden vor dem Abend\. Danach verrechnen wir 50 % des Preises\./,
      ),
    ).toBeInTheDocument();
    expect(form.getByLabelText('Unverträglichkeiten oder Ernährungswünsche')).toBeInTheDocument();
  });

  it('books the evening through book-fondue-evening and lands on the hut confirmation', async () => {
    const user = userEvent.setup();
    const backend = renderPage();
    backend.on(BOOK, () =>
      json({
        success: true,
        participant_id: 'p-1',
        reference: 'SW-7K3M',
        manage_token: 'manage-1',
        confirmation_token: 'tok-1',
        payment_status: 'pending',
        persons: 3,
        current_participants: 3,
      }),
    );
    backend.on('/rest/v1/rpc/confirmation_mail_status', () => json('queued'));
    await user.click(await screen.findByRole('button', { name: `${dayLabel(day(21))}: frei` }));
    const form = within(await screen.findByRole('form', { name: 'Reservation' }));
    await user.type(form.getByLabelText('Name *'), 'Heidi Hüsli');
    await user.type(form.getByLabelText('E-Mail *'), 'heidi@example.ch');
    await user.type(form.getByLabelText('Telefon *'), '+41 79 555 66 77');
    await user.selectOptions(form.getByLabelText('Anzahl Personen *'), '3');
    await user.click(form.getByRole('radio', { name: /Vor-Ort-Zahlung/ }));
    // The hut's group price takes no discount code, but a gift voucher (issue 28).
    expect(form.queryByLabelText('Rabattcode (optional)')).not.toBeInTheDocument();
    await user.type(form.getByLabelText('Gutscheincode (optional)'), 'gs-fond-ue22');
    await user.click(form.getByRole('button', { name: 'Verbindlich reservieren' }));
    await waitFor(() =>
      expect(screen.getByTestId('current-path')).toHaveTextContent(
        '/fonduehusli/confirmation?buchung=SW-7K3M#manage-1',
      ),
    );
    expect(backend.calls(BOOK)[0]!.body).toMatchObject({
      day: day(21),
      name: 'Heidi Hüsli',
      persons: 3,
      paymentMethod: 'onsite',
      voucherCode: 'GS-FOND-UE22',
      altcha: STUB_ALTCHA_PAYLOAD,
    });
    expect(backend.calls(BOOK)[0]!.body).not.toHaveProperty('eventId');
    expect(backend.calls(BOOK)[0]!.body).not.toHaveProperty('discountCode');
  });

  it('says "bereits vergeben" when another group was faster, and reads the month again', async () => {
    const user = userEvent.setup();
    const backend = renderPage();
    backend.on(BOOK, () =>
      json({ success: false, error: 'HUT_EVENING_BOOKED', code: 'HUT_EVENING_BOOKED', detail: null }, 400),
    );
    await user.click(await screen.findByRole('button', { name: `${dayLabel(day(20))}: frei` }));
    const form = within(await screen.findByRole('form', { name: 'Reservation' }));
    await user.type(form.getByLabelText('Name *'), 'Heidi Hüsli');
    await user.type(form.getByLabelText('E-Mail *'), 'heidi@example.ch');
    await user.type(form.getByLabelText('Telefon *'), '+41 79 555 66 77');
    await user.click(form.getByRole('radio', { name: /Vor-Ort-Zahlung/ }));
    await user.click(form.getByRole('button', { name: 'Verbindlich reservieren' }));
    expect(await form.findByRole('alert')).toHaveTextContent(
      'Dieser Abend ist bereits vergeben. Bitte wähle einen anderen Abend.',
    );
    await waitFor(() => expect(backend.calls(HUT_MONTH).length).toBeGreaterThanOrEqual(2));
  });
});

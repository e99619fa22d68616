import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeBackend, json, postgrestError, type FakeBackend } from '../../support/fake-backend';
import { renderRoute } from '../../support/render';

// The pages a waiting-list mail links to (/warteliste/angebot, /warteliste/austragen): every
// state of the link and every refusal of claim/leave has its German page; the token is read from
// the fragment and sent only to the database function.

afterEach(() => vi.unstubAllGlobals());
vi.setConfig({ testTimeout: 30_000 });
const LAZY = { timeout: 15_000 };

const TOKEN = 'a'.repeat(64);
const LINK = 'POST /rest/v1/rpc/waitlist_link';
const CLAIM = 'POST /rest/v1/rpc/claim_waitlist_offer';
const LEAVE = 'POST /rest/v1/rpc/leave_waitlist';

function link(overrides: Record<string, unknown> = {}, event: Record<string, unknown> = {}) {
  return {
    kind: 'offer',
    status: 'offered',
    position: 1,
    persons: 2,
    offer_expires_at: '2026-11-25T09:30:00Z',
    answers: {},
    event: {
      title: 'Pasta Abend',
      slug: 'pasta-abend-01-12-2026',
      start_date: '2026-12-01',
      end_date: null,
      start_time: '18:30',
      end_time: null,
      location: 'Bern',
      price: 95,
      payment_methods: ['onsite', 'stripe'],
      is_cancelled: false,
      questions: [],
      ...event,
    },
    ...overrides,
  };
}

/** claim_waitlist_offer's answer for the booked offer. */
const RECEIPT = {
  participant_id: 'p-1',
  reference: 'SW-7K3M',
  confirmation_token: 'c',
  payment_status: 'pending',
  persons: 2,
};

function open(path: string, answer: unknown): FakeBackend {
  const backend = installFakeBackend().on(LINK, () => json(answer));
  renderRoute(path);
  return backend;
}

describe('the offer page', () => {
  it('shows the offer and books it with the chosen payment method', async () => {
    const backend = open(
      `/warteliste/angebot#${TOKEN}`,
      link({}, { start_time: '18:30', end_time: '22:00' }),
    );
    backend.on(CLAIM, () => json(RECEIPT));
    expect(
      await screen.findByRole('heading', { name: '2 Plätze für dich: Pasta Abend' }, LAZY),
    ).toBeInTheDocument();
    // The words agree with the 2 persons (issue 26).
    expect(screen.getByText(/Auf der Warteliste sind 2 Plätze für dich frei geworden/)).toBeInTheDocument();
    expect(screen.getByText(/Lehnst du ab, gehen die Plätze an die nächste Person/)).toBeInTheDocument();
    expect(screen.getByText('2 × CHF 95.00 = CHF 190.00')).toBeInTheDocument();
    expect(screen.getByText('25.11.2026 10:30 Uhr')).toBeInTheDocument();
    expect(screen.getByText('18:30–22:00 Uhr')).toBeInTheDocument();
    expect(backend.calls(LINK)[0]!.body).toEqual({ p_token: TOKEN });

    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: /Vor-Ort-Zahlung/ }));
    await user.click(screen.getByRole('button', { name: 'Platz verbindlich buchen' }));
    expect(await screen.findByText('Platz gebucht')).toBeInTheDocument();
    expect(
      screen.getByText(/Dein Platz für «Pasta Abend» ist gebucht \(Buchungsnummer SW-7K3M\)/),
    ).toBeInTheDocument();
    // The booked seat's pages, with the secret of the claim's receipt.
    expect(screen.getByRole('link', { name: 'Buchung ansehen' })).toHaveAttribute(
      'href',
      '/buchung/SW-7K3M#c',
    );
    expect(screen.getByRole('link', { name: 'Buchung ändern oder stornieren' })).toHaveAttribute(
      'href',
      '/buchung/SW-7K3M/verwalten#c',
    );
    expect(backend.calls(CLAIM)[0]!.body).toEqual({
      p_token: TOKEN,
      p_payment_method: 'onsite',
      p_answers: {},
    });
  });

  it('splits the offered persons among the ticket types and claims with the counts (issue 28)', async () => {
    const backend = open(
      `/warteliste/angebot#${TOKEN}`,
      link(
        {},
        {
          ticket_types: [
            { id: 't-a', name: 'Erwachsene', price: 45, note: '', seats_left: null },
            { id: 't-k', name: 'Kinder (5–12)', price: 25, note: '', seats_left: null },
          ],
        },
      ),
    );
    backend.on(CLAIM, () => json(RECEIPT));
    const user = userEvent.setup();
    const adults = await screen.findByLabelText(/Erwachsene/, {}, LAZY);
    expect(adults).toHaveValue('2');
    expect(screen.getByText('CHF 90.00')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText(/Kinder/), '1');
    await user.click(screen.getByRole('radio', { name: /Vor-Ort-Zahlung/ }));
    await user.click(screen.getByRole('button', { name: 'Platz verbindlich buchen' }));
    expect(
      await screen.findByText('Bitte verteile genau 2 Personen auf die Ticketarten.'),
    ).toBeInTheDocument();
    expect(backend.calls(CLAIM)).toHaveLength(0);
    await user.selectOptions(adults, '1');
    expect(screen.getByText('CHF 70.00')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Platz verbindlich buchen' }));
    expect(await screen.findByText('Platz gebucht')).toBeInTheDocument();
    expect(backend.calls(CLAIM)[0]!.body).toEqual({
      p_token: TOKEN,
      p_payment_method: 'onsite',
      p_answers: {},
      p_tickets: { 't-a': 1, 't-k': 1 },
    });
  });

  it('asks the event\u2019s questions, starting from the answers given on joining, and claims with them', async () => {
    const CHILD = '11111111-1111-4111-8111-111111111111';
    const MENU = '22222222-2222-4222-8222-222222222222';
    const questions = [
      // Added as required after the visitor joined the list.
      { id: CHILD, kind: 'text', label: 'Name des Kindes', required: true, options: [] },
      { id: MENU, kind: 'choice', label: 'Menü', required: false, options: ['vegetarisch', 'vegan'] },
    ];
    const backend = open(
      `/warteliste/angebot#${TOKEN}`,
      link({ answers: { [MENU]: 'vegan' } }, { questions, payment_methods: ['onsite'] }),
    );
    backend.on(CLAIM, () => json(RECEIPT));
    const user = userEvent.setup();
    const child = await screen.findByRole('textbox', { name: 'Name des Kindes *' }, LAZY);
    expect(screen.getByRole('combobox', { name: 'Menü' })).toHaveValue('vegan');

    await user.click(screen.getByRole('button', { name: 'Platz verbindlich buchen' }));
    expect(await screen.findByText('Bitte beantworte diese Frage.')).toBeInTheDocument();
    expect(child).toHaveFocus();
    expect(backend.calls(CLAIM)).toHaveLength(0);

    await user.type(child, 'Lea');
    await user.click(screen.getByRole('button', { name: 'Platz verbindlich buchen' }));
    expect(await screen.findByText('Platz gebucht')).toBeInTheDocument();
    expect(backend.calls(CLAIM)[0]!.body).toEqual({
      p_token: TOKEN,
      p_payment_method: 'onsite',
      p_answers: { [CHILD]: 'Lea', [MENU]: 'vegan' },
    });
  });

  it('shows a refused answer at its question and keeps the offer open', async () => {
    const QUESTION = '33333333-3333-4333-8333-333333333333';
    const questions = [
      { id: QUESTION, kind: 'yes_no', label: 'Fotos erlaubt?', required: false, options: [] },
    ];
    const backend = open(`/warteliste/angebot#${TOKEN}`, link({}, { questions }));
    backend.on(CLAIM, () => postgrestError('ANSWER_REQUIRED', 400, 'P0001', QUESTION));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Platz verbindlich buchen' }, LAZY));
    expect(await screen.findByRole('alert')).toHaveTextContent('Bitte beantworte die markierte Frage.');
    expect(screen.getByText('Bitte beantworte diese Frage.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Ja' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Platz verbindlich buchen' })).toBeEnabled();
  });

  it.each([
    ['OFFER_EXPIRED', 'Angebot abgelaufen', /Dein Angebot ist leider abgelaufen/],
    ['EVENT_SOLD_OUT', 'Plätze inzwischen vergeben', /nicht mehr frei/],
    ['NOT_ENOUGH_SEATS', 'Plätze inzwischen vergeben', /nicht mehr frei/],
    ['EVENT_CANCELLED', 'Event abgesagt', /«Pasta Abend» wurde leider abgesagt/],
    ['TOKEN_INVALID', 'Link ungültig', /Dieser Link ist ungültig/],
  ])('a claim refused with %s shows its own page', async (code, title, text) => {
    const backend = open(`/warteliste/angebot#${TOKEN}`, link());
    backend.on(CLAIM, () => postgrestError(code, 400, 'P0001'));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Platz verbindlich buchen' }, LAZY));
    expect(await screen.findByText(title)).toBeInTheDocument();
    expect(screen.getByText(text)).toBeInTheDocument();
  });

  it('keeps the form and says so inline for a refusal that is no outcome', async () => {
    const backend = open(`/warteliste/angebot#${TOKEN}`, link());
    backend.on(CLAIM, () => postgrestError('PAYMENT_METHOD_NOT_ALLOWED', 400, 'P0001'));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Platz verbindlich buchen' }, LAZY));
    expect(await screen.findByRole('alert')).toHaveTextContent('Die gewählte Zahlungsmethode');
    expect(screen.getByRole('button', { name: 'Platz verbindlich buchen' })).toBeEnabled();
  });

  it('claims with a gift voucher, and shows a refused one at its field (issue 28)', async () => {
    const backend = open(`/warteliste/angebot#${TOKEN}`, link());
    let refuse = true;
    backend.on(CLAIM, () => (refuse ? postgrestError('GIFT_VOUCHER_EMPTY', 400, 'P0001') : json(RECEIPT)));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Gutscheincode (optional)', {}, LAZY), 'gs-leer');
    await user.click(screen.getByRole('radio', { name: /Vor-Ort-Zahlung/ }));
    await user.click(screen.getByRole('button', { name: 'Platz verbindlich buchen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Auf diesem Gutschein ist kein Guthaben mehr.',
    );
    expect(screen.getByLabelText('Gutscheincode (optional)')).toHaveAccessibleDescription(
      'Auf diesem Gutschein ist kein Guthaben mehr.',
    );
    refuse = false;
    await user.clear(screen.getByLabelText('Gutscheincode (optional)'));
    await user.type(screen.getByLabelText('Gutscheincode (optional)'), 'gs-voll');
    await user.click(screen.getByRole('button', { name: 'Platz verbindlich buchen' }));
    expect(await screen.findByText('Platz gebucht')).toBeInTheDocument();
    expect(backend.calls(CLAIM).at(-1)!.body).toEqual({
      p_token: TOKEN,
      p_payment_method: 'onsite',
      p_answers: {},
      p_voucher_code: 'GS-VOLL',
    });
  });

  it('declines the offer', async () => {
    const backend = open(`/warteliste/angebot#${TOKEN}`, link());
    backend.on(LEAVE, () => json({ status: 'left' }));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Angebot ablehnen' }, LAZY));
    expect(await screen.findByText('Von der Warteliste ausgetragen')).toBeInTheDocument();
    expect(backend.calls(LEAVE)[0]!.body).toEqual({ p_token: TOKEN });
  });

  it.each([
    ['expired', link({ status: 'expired' }), 'Angebot abgelaufen'],
    ['claimed', link({ status: 'claimed' }), 'Bereits gebucht'],
    ['removed', link({ status: 'removed' }), 'Nicht mehr auf der Warteliste'],
    ['event cancelled', link({}, { is_cancelled: true }), 'Event abgesagt'],
    ['unknown token', null, 'Link ungültig'],
    ['a leave token', link({ kind: 'leave', status: 'waiting' }), 'Link ungültig'],
  ])('opened with %s, shows its notice without a form', async (_, answer, title) => {
    open(`/warteliste/angebot#${TOKEN}`, answer);
    expect(await screen.findByText(title, {}, LAZY)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Platz verbindlich buchen' })).not.toBeInTheDocument();
  });

  it('without a token says the link is invalid and asks nothing', async () => {
    const backend = open('/warteliste/angebot', link());
    expect(await screen.findByText('Link ungültig', {}, LAZY)).toBeInTheDocument();
    expect(backend.calls(LINK)).toHaveLength(0);
  });
});

describe('the leave page', () => {
  it('shows the position and leaves the list', async () => {
    const backend = open(
      `/warteliste/austragen#${TOKEN}`,
      link({ kind: 'leave', status: 'waiting', position: 3 }),
    );
    backend.on(LEAVE, () => json({ status: 'left' }));
    expect(await screen.findByText('Du stehst auf Platz 3 der Warteliste.', {}, LAZY)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Von der Warteliste austragen' }));
    expect(await screen.findByText('Von der Warteliste ausgetragen')).toBeInTheDocument();
    await waitFor(() => expect(backend.calls(LEAVE)).toHaveLength(1));
  });

  it('says when the entry already left', async () => {
    open(`/warteliste/austragen#${TOKEN}`, link({ kind: 'leave', status: 'left', position: 0 }));
    expect(await screen.findByText('Von der Warteliste ausgetragen', {}, LAZY)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Von der Warteliste austragen' })).not.toBeInTheDocument();
  });
});

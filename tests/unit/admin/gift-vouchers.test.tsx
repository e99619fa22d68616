import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Tables } from '@common/database.ts';
import { renderRoute } from '../../support/render';
import { installFakeBackend, json, postgrestError, type FakeBackend } from '../../support/fake-backend';
import { findToast } from './find-toast';
import { adminAuth } from './fixtures';
import { stubPointerApis } from './pointer-apis';

// /admin/gutscheine (issue 28): the vouchers newest first with their state, a search, issuing
// with the table's rules at the fields and the new code to copy, voiding with a reason, the history.

const LAZY = { timeout: 15_000 };
vi.setConfig({ testTimeout: 30_000 });

let api: FakeBackend;

function voucher(overrides: Partial<Tables<'gift_vouchers'>>): Tables<'gift_vouchers'> {
  return {
    id: 'v-1',
    code: 'GS-AAAA-BBBB-CCCC-DDDD-EEEE',
    kind: 'value',
    title: '',
    value_cents: 10000,
    balance_cents: 10000,
    valid_until: '2099-12-31',
    status: 'active',
    source: 'staff',
    recipient_name: '',
    message: '',
    note: '',
    issued_by: null,
    voided_at: null,
    void_reason: '',
    mailed_to: '',
    mail_on: null,
    created_at: '2026-11-20T09:00:00Z',
    updated_at: '2026-11-20T09:00:00Z',
    ...overrides,
  };
}

// Newest first, as the query asks for (the fake answers in this order).
const VOUCHERS = [
  voucher({
    id: 'v-offer',
    code: 'GS-FOND-UE22-ABCD-EFGH-JKLM',
    kind: 'offer',
    title: 'Fondue-Abend für zwei',
    value_cents: 18000,
    balance_cents: 6050,
    recipient_name: 'Anna Muster',
    note: 'Geburtstag Team',
    created_at: '2026-11-25T09:00:00Z',
  }),
  voucher({
    id: 'v-used',
    code: 'GS-USED-2222-3333-4444-5555',
    balance_cents: 0,
    created_at: '2026-11-24T09:00:00Z',
  }),
  voucher({
    id: 'v-void',
    code: 'GS-VOID-2222-3333-4444-5555',
    status: 'void',
    voided_at: '2026-11-23T10:00:00Z',
    void_reason: 'Doppelt ausgestellt',
    created_at: '2026-11-23T09:00:00Z',
  }),
  voucher({
    id: 'v-old',
    code: 'GS-OLDX-2222-3333-4444-5555',
    valid_until: '2020-01-31',
    created_at: '2019-01-31T09:00:00Z',
  }),
];

beforeEach(() => {
  api = installFakeBackend();
  stubPointerApis();
  api.on('GET /rest/v1/rpc/admin_inbox_counts', () => json({ open_enquiries: 0, failed_mails: 0 }));
  api.on('GET /rest/v1/gift_vouchers', () => json(VOUCHERS));
});

afterEach(() => vi.unstubAllGlobals());

async function openPage() {
  renderRoute('/admin/gutscheine', { auth: adminAuth });
  expect(await screen.findByRole('heading', { level: 1, name: 'Gutscheine' }, LAZY)).toBeInTheDocument();
  return userEvent.setup();
}

const card = async (code: string) =>
  (await screen.findByRole('heading', { level: 3, name: code }, LAZY)).closest('li')!;

const terms = (item: HTMLElement) =>
  within(item)
    .getAllByRole('definition')
    .map((term) => term.textContent);

describe('Gutscheine: the list', () => {
  it('shows each voucher newest first with kind, value, balance, validity, recipient and state', async () => {
    await openPage();
    const offer = await card('GS-FOND-UE22-ABCD-EFGH-JKLM');
    expect(terms(offer)).toEqual([
      'Angebotsgutschein: Fondue-Abend für zwei',
      'CHF 180.00',
      'CHF 60.50',
      '31.12.2099',
      'Anna Muster',
      '25.11.2026',
      'Geburtstag Team',
    ]);
    expect(within(offer).getByText('Aktiv')).toBeInTheDocument();
    expect(within(await card('GS-USED-2222-3333-4444-5555')).getByText('Eingelöst')).toBeInTheDocument();
    const voided = await card('GS-VOID-2222-3333-4444-5555');
    expect(within(voided).getByText('Ungültig')).toBeInTheDocument();
    expect(within(voided).getByText('23.11.2026: Doppelt ausgestellt')).toBeInTheDocument();
    // A void voucher cannot be voided again.
    expect(within(voided).queryByRole('button', { name: /ungültig machen/ })).not.toBeInTheDocument();
    expect(within(await card('GS-OLDX-2222-3333-4444-5555')).getByText('Abgelaufen')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual(
      VOUCHERS.map((row) => row.code),
    );
    const query = api.calls('GET /rest/v1/gift_vouchers')[0]!.url.searchParams;
    expect(query.get('order')).toBe('created_at.desc,id.asc');
  });

  it('narrows the list by part of the code (any case, with or without dashes) or by the name', async () => {
    const user = await openPage();
    await card('GS-FOND-UE22-ABCD-EFGH-JKLM');
    const search = screen.getByLabelText('Suche nach Code oder Name');
    await user.type(search, 'void2222');
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'GS-VOID-2222-3333-4444-5555',
    ]);
    expect(screen.getByRole('status')).toHaveTextContent('1 von 4 Gutscheinen');
    await user.clear(search);
    await user.type(search, 'muster');
    expect(screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'GS-FOND-UE22-ABCD-EFGH-JKLM',
    ]);
    await user.clear(search);
    await user.type(search, 'niemand');
    expect(screen.getByText('Kein Gutschein passt zur Suche.')).toBeInTheDocument();
  });

  it('says so when the list cannot be loaded', async () => {
    api.on('GET /rest/v1/gift_vouchers', () => json({ message: 'boom' }, 500));
    await openPage();
    expect(await screen.findByRole('alert', {}, LAZY)).toHaveTextContent(
      'Die Gutscheine konnten nicht geladen werden.',
    );
  });
});

describe('Gutscheine: issuing', () => {
  it('names what is wrong at the fields and sends nothing', async () => {
    const user = await openPage();
    const form = within(await screen.findByRole('form', { name: 'Gutschein ausstellen' }, LAZY));
    await user.click(form.getByRole('button', { name: 'Gutschein ausstellen' }));
    expect(await form.findByText('Bitte geben Sie den Betrag in CHF ein.')).toBeInTheDocument();
    expect(form.getByLabelText('Betrag in CHF')).toHaveAttribute('aria-invalid', 'true');

    await user.click(form.getByLabelText('Angebotsgutschein (bestimmtes Angebot)'));
    await user.type(form.getByLabelText('Wert des Angebots in CHF'), '12.345');
    await user.type(form.getByLabelText('Gültig bis (optional)'), '2020-01-01');
    await user.click(form.getByRole('button', { name: 'Gutschein ausstellen' }));
    expect(
      await form.findByText('Betrag in CHF von 1 bis 100’000, z. B. 50 oder 75.50.'),
    ).toBeInTheDocument();
    expect(
      form.getByText('Bitte nennen Sie das Angebot, z. B. «Fondue-Abend für zwei».'),
    ).toBeInTheDocument();
    expect(form.getByText('Das Datum darf nicht in der Vergangenheit liegen.')).toBeInTheDocument();
    expect(api.calls('POST /rest/v1/rpc/admin_issue_gift_voucher')).toHaveLength(0);
  });

  it('issues an offer voucher and shows its code to copy', async () => {
    const issued = voucher({
      id: 'v-new',
      code: 'GS-NEWW-CODE-2345-6789-ABCD',
      kind: 'offer',
      title: 'Atemreise',
      value_cents: 7550,
      balance_cents: 7550,
      valid_until: '2029-11-29',
      recipient_name: 'Beat Beispiel',
    });
    api.on('POST /rest/v1/rpc/admin_issue_gift_voucher', () => json(issued));
    const user = await openPage();
    const form = within(await screen.findByRole('form', { name: 'Gutschein ausstellen' }, LAZY));
    await user.click(form.getByLabelText('Angebotsgutschein (bestimmtes Angebot)'));
    await user.type(form.getByLabelText('Wert des Angebots in CHF'), '75,50');
    await user.type(form.getByLabelText('Angebot (steht auf dem Gutschein)'), ' Atemreise ');
    await user.type(form.getByLabelText('Für (Name, optional)'), 'Beat Beispiel');
    await user.type(form.getByLabelText('Persönliche Nachricht (optional)'), 'Alles Gute!');
    await user.type(form.getByLabelText('Notiz (nur intern, z. B. der Anlass)'), 'Am Telefon verkauft');
    await user.click(form.getByRole('button', { name: 'Gutschein ausstellen' }));

    const notice = await screen.findByRole('region', { name: 'Gutschein ausgestellt' });
    expect(within(notice).getByText('GS-NEWW-CODE-2345-6789-ABCD')).toBeInTheDocument();
    expect(notice).toHaveTextContent(
      'Angebotsgutschein: Atemreise · CHF 75.50 · gültig bis 29.11.2029 · für Beat Beispiel',
    );
    // Focus moves to the notice, so it is announced and the copy button is the next stop.
    expect(within(notice).getByRole('heading', { name: 'Gutschein ausgestellt' })).toHaveFocus();
    expect(api.calls('POST /rest/v1/rpc/admin_issue_gift_voucher')[0]!.body).toEqual({
      p_kind: 'offer',
      p_value_cents: 7550,
      p_title: 'Atemreise',
      p_recipient_name: 'Beat Beispiel',
      p_message: 'Alles Gute!',
      p_note: 'Am Telefon verkauft',
    });
    // The form is empty again for the next one; the list is read again.
    expect(form.getByLabelText('Betrag in CHF')).toHaveValue('');
    await waitFor(() => expect(api.calls('GET /rest/v1/gift_vouchers')).toHaveLength(2));

    await user.click(within(notice).getByRole('button', { name: 'Code kopieren' }));
    await findToast('Code kopiert');
    expect(await navigator.clipboard.readText()).toBe('GS-NEWW-CODE-2345-6789-ABCD');
  });

  it('sends a chosen end date and puts a refusal in the admin’s words', async () => {
    api.on('POST /rest/v1/rpc/admin_issue_gift_voucher', () => postgrestError('NOT_ADMIN', 403));
    const user = await openPage();
    const form = within(await screen.findByRole('form', { name: 'Gutschein ausstellen' }, LAZY));
    await user.type(form.getByLabelText('Betrag in CHF'), '50');
    await user.type(form.getByLabelText('Gültig bis (optional)'), '2099-06-30');
    await user.click(form.getByRole('button', { name: 'Gutschein ausstellen' }));
    await findToast('Nicht ausgestellt');
    expect(api.calls('POST /rest/v1/rpc/admin_issue_gift_voucher')[0]!.body).toEqual({
      p_kind: 'value',
      p_value_cents: 5000,
      p_title: '',
      p_recipient_name: '',
      p_message: '',
      p_note: '',
      p_valid_until: '2099-06-30',
    });
    // What was typed stays for another try.
    expect(form.getByLabelText('Betrag in CHF')).toHaveValue('50');
    expect(screen.queryByRole('region', { name: 'Gutschein ausgestellt' })).not.toBeInTheDocument();
  });
});

describe('Gutscheine: voiding', () => {
  it('asks for a reason, voids the voucher and reads the list again', async () => {
    // As the database does: the list read again has the voucher void.
    const voided = {
      ...VOUCHERS[0]!,
      status: 'void',
      voided_at: '2026-11-29T10:00:00Z',
      void_reason: 'Verloren',
    };
    let rows = VOUCHERS;
    api.on('GET /rest/v1/gift_vouchers', () => json(rows));
    api.on('POST /rest/v1/rpc/admin_void_gift_voucher', () => {
      rows = [voided, ...VOUCHERS.slice(1)];
      return json(voided);
    });
    const user = await openPage();
    const offer = await card('GS-FOND-UE22-ABCD-EFGH-JKLM');
    await user.click(
      within(offer).getByRole('button', { name: 'GS-FOND-UE22-ABCD-EFGH-JKLM ungültig machen' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Gutschein ungültig machen' });
    expect(dialog).toHaveTextContent('GS-FOND-UE22-ABCD-EFGH-JKLM (Guthaben CHF 60.50)');
    await user.click(within(dialog).getByRole('button', { name: 'Ungültig machen' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Bitte geben Sie einen Grund an.');
    expect(api.calls('POST /rest/v1/rpc/admin_void_gift_voucher')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Grund (nur intern)'), 'Verloren');
    await user.click(within(dialog).getByRole('button', { name: 'Ungültig machen' }));
    await findToast('Gutschein ungültig');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The dialog's button goes with the voucher's new state: the keyboard continues at its card.
    expect(await within(offer).findByText('Ungültig')).toBeInTheDocument();
    expect(within(offer).queryByRole('button', { name: /ungültig machen$/ })).not.toBeInTheDocument();
    expect(within(offer).getByRole('heading', { level: 3 })).toHaveFocus();
    expect(api.calls('POST /rest/v1/rpc/admin_void_gift_voucher')[0]!.body).toEqual({
      p_id: 'v-offer',
      p_reason: 'Verloren',
    });
    expect(within(offer).getByText('29.11.2026: Verloren')).toBeInTheDocument();
  });

  it('keeps the dialog open with the reason when the voucher was voided meanwhile', async () => {
    api.on('POST /rest/v1/rpc/admin_void_gift_voucher', () =>
      postgrestError('INVALID_INPUT', 400, 'P0001', 'id'),
    );
    const user = await openPage();
    const offer = await card('GS-FOND-UE22-ABCD-EFGH-JKLM');
    await user.click(within(offer).getByRole('button', { name: /ungültig machen$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Gutschein ungültig machen' });
    await user.type(within(dialog).getByLabelText('Grund (nur intern)'), 'Verloren');
    await user.click(within(dialog).getByRole('button', { name: 'Ungültig machen' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Dieser Gutschein ist bereits ungültig.',
    );
    expect(within(dialog).getByLabelText('Grund (nur intern)')).toHaveValue('Verloren');
  });
});

describe('Gutscheine: sending by e-mail', () => {
  it('checks the address, sends the voucher for a later day and shows to whom it went', async () => {
    const sent = { ...VOUCHERS[0]!, mailed_to: 'gina@example.ch', mail_on: '2099-12-24' };
    let rows = VOUCHERS;
    api.on('GET /rest/v1/gift_vouchers', () => json(rows));
    api.on('POST /rest/v1/rpc/admin_send_gift_voucher', () => {
      rows = [sent, ...VOUCHERS.slice(1)];
      return json('mail-1');
    });
    const user = await openPage();
    const offer = await card('GS-FOND-UE22-ABCD-EFGH-JKLM');
    await user.click(
      within(offer).getByRole('button', { name: 'GS-FOND-UE22-ABCD-EFGH-JKLM per E-Mail senden' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Gutschein per E-Mail senden' });
    await user.type(within(dialog).getByLabelText('E-Mail-Adresse'), 'gina');
    await user.click(within(dialog).getByRole('button', { name: 'Senden' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Bitte geben Sie eine gültige E-Mail-Adresse ein.',
    );
    expect(api.calls('POST /rest/v1/rpc/admin_send_gift_voucher')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('E-Mail-Adresse'), '@example.ch');
    await user.type(within(dialog).getByLabelText('Versenden am (leer: sofort)'), '2099-12-24');
    await user.click(within(dialog).getByRole('button', { name: 'Senden' }));
    await findToast('Gutschein versendet');
    expect(api.calls('POST /rest/v1/rpc/admin_send_gift_voucher')[0]!.body).toEqual({
      p_id: 'v-offer',
      p_email: 'gina@example.ch',
      p_send_on: '2099-12-24',
    });
    expect(await within(offer).findByText('an gina@example.ch, 24.12.2099')).toBeInTheDocument();
  });
});

describe('Gutscheine: history', () => {
  it('lists redemptions and returns with the booking linked, loaded when opened', async () => {
    api.on('POST /rest/v1/rpc/admin_gift_voucher_uses', () =>
      json([
        {
          at: '2026-11-26T17:05:00Z',
          kind: 'redeemed',
          amount_cents: 17000,
          participant_id: 'p-1',
          reference: 'SW-ABC123',
          name: 'Anna Muster',
          event_title: 'Fondue-Abend',
          event_date: '2026-12-12',
        },
        {
          at: '2026-11-27T08:00:00Z',
          kind: 'returned',
          amount_cents: 5050,
          participant_id: 'p-1',
          reference: 'SW-ABC123',
          name: 'Anna Muster',
          event_title: 'Fondue-Abend',
          event_date: '2026-12-12',
        },
      ]),
    );
    const user = await openPage();
    const offer = await card('GS-FOND-UE22-ABCD-EFGH-JKLM');
    expect(api.calls('POST /rest/v1/rpc/admin_gift_voucher_uses')).toHaveLength(0);
    const toggle = within(offer).getByRole('button', { name: 'Verlauf von GS-FOND-UE22-ABCD-EFGH-JKLM' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const history = await within(offer).findByRole('list', {
      name: 'Verlauf von GS-FOND-UE22-ABCD-EFGH-JKLM',
    });
    const lines = within(history).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      '26.11.2026 18:05Eingelöst− CHF 170.00SW-ABC123 · Anna MusterFondue-Abend (12.12.2026)',
      '27.11.2026 09:00Gutgeschrieben+ CHF 50.50SW-ABC123 · Anna MusterFondue-Abend (12.12.2026)',
    ]);
    expect(within(lines[0]!).getByRole('link', { name: 'SW-ABC123 · Anna Muster' })).toHaveAttribute(
      'href',
      '/admin/participants/p-1',
    );
    expect(api.calls('POST /rest/v1/rpc/admin_gift_voucher_uses')[0]!.body).toEqual({ p_id: 'v-offer' });
  });

  it('says when a voucher was never redeemed', async () => {
    api.on('POST /rest/v1/rpc/admin_gift_voucher_uses', () => json([]));
    const user = await openPage();
    const used = await card('GS-USED-2222-3333-4444-5555');
    await user.click(within(used).getByRole('button', { name: /^Verlauf von/ }));
    expect(await within(used).findByText('Noch nicht eingelöst.')).toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute } from '../../support/render';
import { installFakeBackend, json, networkFailure, type FakeBackend } from '../../support/fake-backend';
import { stubPointerApis } from './pointer-apis';
import { adminAuth } from './fixtures';

// 'Ticket scannen' by hand (the camera path runs in tests/e2e/checkin-scanner.spec.ts): the
// refusals in German, and a scan without connection waits in the phone's storage and is sent
// when the connection is back.

const LAZY = { timeout: 15_000 };
vi.setConfig({ testTimeout: 30_000 });

const CODE = 'T1-5F0C2A9E1B7D4C3A8E6F0B1C2D3E4F50-9A8B7C6D5E4F30211203F4E5D6C7B8A9';
const LOOKUP = 'POST /rest/v1/rpc/admin_ticket_booking';
const CHECK_IN = 'POST /rest/v1/rpc/admin_check_in_ticket';

function answer(overrides: Record<string, unknown> = {}) {
  return {
    participant_id: 'p-1',
    event_id: 'e-1',
    reference: 'SW-7K3M',
    name: 'Anna Muster',
    persons: 1,
    checked_in_persons: 0,
    already_checked_in: false,
    checked_in_at: null,
    checked_in_time: null,
    payment_method: 'onsite',
    open_cents: 0,
    ...overrides,
  };
}

let api: FakeBackend;

beforeEach(() => {
  localStorage.clear();
  api = installFakeBackend();
  stubPointerApis();
  api.on('GET /rest/v1/events', () =>
    json({
      id: 'e-1',
      title: 'Fondueabend',
      start_date: '2026-12-12',
      end_date: null,
      start_time: '18:30',
      end_time: null,
      location: 'Suhr',
      max_participants: 12,
    }),
  );
  api.on('GET /rest/v1/admin_bookings', () => json([]));
});

afterEach(() => vi.unstubAllGlobals());

async function scanner() {
  renderRoute('/admin/events/e-1/checkin', { auth: adminAuth });
  return within(await screen.findByRole('region', { name: 'Ticket scannen' }, LAZY));
}

describe('Ticket scannen', () => {
  it('names the tickets per type of a group that comes in (issue 28)', async () => {
    const user = userEvent.setup();
    const family = answer({
      persons: 3,
      tickets: [
        { ticket_type_id: 't-a', name: 'Erwachsene', persons: 2, price_cents: 4500 },
        { ticket_type_id: 't-k', name: 'Kinder (5–12)', persons: 1, price_cents: 2500 },
      ],
    });
    api.on(LOOKUP, () => json(family));
    const door = await scanner();
    await user.type(door.getByLabelText('Ticket-Code'), `${CODE}{Enter}`);
    expect(await door.findByText('2 × Erwachsene, 1 × Kinder (5–12)')).toBeInTheDocument();
  });

  it('names another event and a forged code in German', async () => {
    const user = userEvent.setup();
    api.on(LOOKUP, (request) =>
      (request.body as { p_code: string }).p_code === CODE
        ? json(
            { code: 'P0001', message: 'TICKET_OTHER_EVENT', details: 'Herbstmenü, 12.12.2026', hint: null },
            400,
          )
        : json({ code: 'P0001', message: 'TICKET_INVALID', details: null, hint: null }, 400),
    );
    const door = await scanner();
    await user.type(door.getByLabelText('Ticket-Code'), CODE.toLowerCase());
    await user.click(door.getByRole('button', { name: 'Prüfen' }));
    expect(
      await door.findByText('Dieses Ticket gilt für ein anderes Event: Herbstmenü, 12.12.2026.'),
    ).toBeInTheDocument();
    expect(api.calls(LOOKUP)[0]!.body).toEqual({ p_code: CODE, p_event_id: 'e-1' });
    await user.clear(door.getByLabelText('Ticket-Code'));
    await user.type(door.getByLabelText('Ticket-Code'), 'T1-FALSCH{Enter}');
    expect(
      await door.findByText('Dieser Code ist kein gültiges Ticket (unbekannt oder verändert).'),
    ).toBeInTheDocument();
    expect(api.calls(CHECK_IN)).toHaveLength(0);
  });

  it('keeps a scan without connection and sends it when the connection is back', async () => {
    const user = userEvent.setup();
    api.on(LOOKUP, () => networkFailure());
    const door = await scanner();
    await user.type(door.getByLabelText('Ticket-Code'), CODE);
    await user.click(door.getByRole('button', { name: 'Prüfen' }));
    expect(
      await door.findByText(
        'Keine Verbindung: Der Scan ist gespeichert und wird gesendet, sobald die Verbindung zurück ist.',
      ),
    ).toBeInTheDocument();
    expect(door.getByText('1 Scan wartet auf die Verbindung.')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('checkin-queue:e-1') ?? '[]')).toMatchObject([
      { code: CODE, persons: null },
    ]);

    api.on(CHECK_IN, () => json(answer({ checked_in_persons: 1, checked_in_time: '18:42' })));
    window.dispatchEvent(new Event('online'));
    expect(await door.findByText('Eingecheckt')).toBeInTheDocument();
    await waitFor(() => expect(door.queryByText(/wartet auf die Verbindung/)).toBeNull());
    expect(api.calls(CHECK_IN)[0]!.body).toEqual({ p_code: CODE, p_event_id: 'e-1' });
    expect(localStorage.getItem('checkin-queue:e-1')).toBeNull();
  });
});

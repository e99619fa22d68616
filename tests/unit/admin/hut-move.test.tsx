import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderRoute } from '../../support/render';
import { installFakeBackend, json, postgrestError, type FakeBackend } from '../../support/fake-backend';
import { findToast } from './find-toast';
import { stubPointerApis } from './pointer-apis';
import { adminAuth } from './fixtures';

// /admin/fonduehusli's 'Verschieben' (issue 27): the dialog asks for the new evening, calls
// admin_move_hut_booking, shows the database's refusal in German inside the dialog, and after a
// move the month is read again and the focus lands on the month's heading.

const LAZY = { timeout: 15_000 };
vi.setConfig({ testTimeout: 30_000 });

const MONTH = 'POST /rest/v1/rpc/admin_hut_month';
const MOVE = 'POST /rest/v1/rpc/admin_move_hut_booking';

const booking = {
  participant_id: 'p-1',
  reference: 'FH-2345',
  name: 'Fritz Fondue',
  persons: 4,
  status: 'confirmed',
  payment_method: 'onsite',
  payment_status: 'open',
  owed_cents: 34000,
  open_cents: 34000,
};

let api: FakeBackend;
/** The day the booking holds; the fake month follows it. */
let bookedOn: number;

function evening(month: string, day: number) {
  const iso = `${month}-${String(day).padStart(2, '0')}`;
  const isBooked = day === bookedOn;
  return {
    day: iso,
    state: isBooked ? 'booked' : 'bookable',
    blocked_reason: null,
    event_id: isBooked ? 'e-1' : null,
    booking: isBooked ? booking : null,
  };
}

beforeEach(() => {
  api = installFakeBackend();
  stubPointerApis();
  bookedOn = 12;
  api.on(MONTH, (request) => {
    const month = String((request.body as { p_month: string }).p_month).slice(0, 7);
    return json({ month, evenings: [12, 13].map((day) => evening(month, day)) });
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function openDialog() {
  renderRoute('/admin/fonduehusli', { auth: adminAuth });
  const user = userEvent.setup();
  const trigger = await screen.findByRole('button', { name: /^Verschieben ?\(/ }, LAZY);
  await user.click(trigger);
  const dialog = await screen.findByRole('dialog', { name: 'Buchung verschieben' });
  return { user, trigger, dialog };
}

describe('admin hut: moving a booking to another evening', () => {
  it('offers Verschieben only on the booked evening and names the booking in the dialog', async () => {
    const { dialog } = await openDialog();
    expect(screen.getAllByRole('button', { name: /^Verschieben ?\(/, hidden: true })).toHaveLength(1);
    expect(dialog).toHaveTextContent('Fritz Fondue (4 Personen, FH-2345)');
    expect(dialog).toHaveTextContent('E-Mail mit dem neuen Datum');
    expect(within(dialog).getByRole('button', { name: 'Verschieben' })).toBeDisabled();
  });

  it('shows a refusal in German inside the dialog and keeps it open', async () => {
    api.on(MOVE, () => postgrestError('HUT_EVENING_BLOCKED'));
    const { user, dialog } = await openDialog();
    const month = (api.calls(MONTH)[0]!.body as { p_month: string }).p_month.slice(0, 7);
    const input = within(dialog).getByLabelText('Neuer Abend');
    fireEvent.change(input, { target: { value: `${month}-13` } });
    await user.click(within(dialog).getByRole('button', { name: 'Verschieben' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Der Abend ist gesperrt.');
    expect(input).toHaveAttribute('aria-invalid', 'true');

    api.on(MOVE, () => postgrestError('HUT_EVENING_BOOKED'));
    await user.click(within(dialog).getByRole('button', { name: 'Verschieben' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert')).toHaveTextContent(
        'An diesem Abend ist bereits eine andere Gruppe. Bitte wählen Sie einen anderen Abend.',
      ),
    );
    expect(screen.getByRole('dialog', { name: 'Buchung verschieben' })).toBeInTheDocument();
  });

  it('moves through admin_move_hut_booking, reads the month again and puts the focus on it', async () => {
    api.on(MOVE, () => {
      bookedOn = 13;
      return json({ id: 'p-1' });
    });
    const { user, dialog } = await openDialog();
    const month = (api.calls(MONTH)[0]!.body as { p_month: string }).p_month.slice(0, 7);
    const readsBefore = api.calls(MONTH).length;
    fireEvent.change(within(dialog).getByLabelText('Neuer Abend'), { target: { value: `${month}-13` } });
    await user.click(within(dialog).getByRole('button', { name: 'Verschieben' }));
    await findToast('Buchung verschoben');
    expect(api.calls(MOVE).map((call) => call.body)).toEqual([
      { p_participant_id: 'p-1', p_day: `${month}-13` },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls(MONTH).length).toBeGreaterThan(readsBefore);
    await waitFor(() => expect(screen.getByRole('heading', { level: 2 })).toHaveFocus());
    const rows = screen.getAllByRole('listitem').filter((item) => item.textContent?.includes('FH-2345'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('13.');
  });

  it('Abbrechen moves nothing and gives the focus back to the button', async () => {
    const { user, trigger, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(trigger).toHaveFocus());
    expect(api.calls(MOVE)).toHaveLength(0);
  });
});

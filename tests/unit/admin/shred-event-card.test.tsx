import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { todayIso } from '@/lib/dates';
import { ShredEventCard } from '@/features/admin-events/components/shred-event-card';
import { renderWithProviders } from '../../support/render';
import { installFakeBackend, json, type FakeBackend } from '../../support/fake-backend';

// 'Personendaten' on a past event: the export is downloaded first, the removal is offered only
// from the day the database names, and it goes through admin_shred_event.

const EXPORT = 'POST /rest/v1/rpc/admin_event_personal_data';
const SHRED = 'POST /rest/v1/rpc/admin_shred_event';
const event = { id: '0f0e0d0c-0000-4000-8000-000000000001', startDate: '2026-01-10', endDate: null };

function dayFromToday(days: number): string {
  const day = new Date(`${todayIso()}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

let api: FakeBackend;
const downloads: Blob[] = [];
beforeEach(() => {
  api = installFakeBackend();
  downloads.length = 0;
  URL.createObjectURL = vi.fn((blob: Blob) => {
    downloads.push(blob);
    return 'blob:export';
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function answerExport(shreddableFrom: string) {
  api.on(EXPORT, () =>
    json({ shreddableFrom, bookings: [{ name: 'Anna' }, { name: 'Beat' }], waitingList: [], messages: [] }),
  );
}

it('downloads the export first, then removes the data through admin_shred_event', async () => {
  answerExport(dayFromToday(-1));
  api.on(SHRED, () => json({ export: {}, counts: { bookings: 2, mails: 3 } }));
  const user = userEvent.setup();
  renderWithProviders(<ShredEventCard event={event} />);

  expect(screen.queryByRole('button', { name: 'Personendaten entfernen' })).toBeNull();
  await user.click(screen.getByRole('button', { name: 'Export herunterladen' }));
  expect(await screen.findByText('Export heruntergeladen (2 Buchungen).')).toBeInTheDocument();
  expect(downloads).toHaveLength(1);
  expect(JSON.parse(await downloads[0]!.text())).toMatchObject({
    bookings: [{ name: 'Anna' }, { name: 'Beat' }],
  });
  expect(api.calls(EXPORT)[0]!.body).toEqual({ p_event_id: event.id });
  expect(api.calls(SHRED)).toHaveLength(0);

  await user.click(screen.getByRole('button', { name: 'Personendaten entfernen' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Personendaten entfernen?' });
  expect(dialog).toHaveTextContent('bleiben für die Buchhaltung');
  await user.click(within(dialog).getByRole('button', { name: 'Entfernen' }));
  expect(await screen.findByText('Entfernt: 2 Buchungen anonymisiert.')).toBeInTheDocument();
  await waitFor(() => expect(api.calls(SHRED)).toHaveLength(1));
  expect(api.calls(SHRED)[0]!.body).toEqual({ p_event_id: event.id });
});

it('before the day the database names, offers only the export and says from when', async () => {
  const from = dayFromToday(5);
  answerExport(from);
  const user = userEvent.setup();
  renderWithProviders(<ShredEventCard event={event} />);
  await user.click(screen.getByRole('button', { name: 'Export herunterladen' }));
  expect(
    await screen.findByText(/^Export heruntergeladen\. Entfernen ist ab .+ möglich\.$/),
  ).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Personendaten entfernen' })).toBeNull();
});

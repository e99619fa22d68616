import { screen, within } from '@testing-library/react';
import { renderRoute } from '../../support/render';
import { installFakeBackend, json, type FakeBackend } from '../../support/fake-backend';
import { stubPointerApis } from './pointer-apis';
import { adminAuth } from './fixtures';

const LAZY = { timeout: 15_000 };
vi.setConfig({ testTimeout: 30_000 });

let api: FakeBackend;

function mail(id: string, kind: string) {
  return {
    id,
    kind,
    recipient: 'anna@example.ch',
    subject: null,
    state: 'sent',
    attempts: 1,
    last_error: null,
    created_at: '2026-11-20T09:30:00Z',
    sent_at: '2026-11-20T09:31:00Z',
  };
}

beforeEach(() => {
  api = installFakeBackend();
  stubPointerApis();
  api.on('GET /rest/v1/enquiries', () => json([]));
  api.on('GET /rest/v1/newsletter_subscriptions', () => json([]));
  api.on('GET /rest/v1/rpc/admin_inbox_counts', () => json({ open_enquiries: 0, failed_mails: 0 }));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('outbox', () => {
  it('names every kind of mail in German, the staff actions of issue 24 too', async () => {
    api.on('GET /rest/v1/mail_outbox', () =>
      json([
        mail('m-1', 'refund_issued'),
        mail('m-2', 'booking_change_notice'),
        mail('m-3', 'booking_cancelled'),
        mail('m-4', 'booking_moved'),
      ]),
    );
    renderRoute('/admin/inbox?ansicht=postausgang', { auth: adminAuth });
    const list = await screen.findByRole('heading', { name: 'Rückerstattung' }, LAZY);
    const page = list.closest('ul')!;
    for (const name of [
      'Stornierung oder Reduktion (an uns)',
      'Stornierung durch uns',
      'Umbuchung auf ein anderes Datum',
    ])
      expect(within(page).getByRole('heading', { name })).toBeInTheDocument();
    expect(page.textContent).not.toMatch(
      /refund_issued|booking_change_notice|booking_cancelled|booking_moved/,
    );
  });
});

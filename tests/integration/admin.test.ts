import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { supabase } from '@/lib/supabase';
import { NotAdminError, signInAsAdmin } from '@/features/admin-auth/api/sign-in';
import { addParticipant } from '@/features/admin-participants/api/add-participant';
import { deleteParticipant } from '@/features/admin-participants/api/delete-participant';
import { cancelBooking, recordPayment } from '@/features/admin-participants/api/booking-transitions';
import { getParticipant } from '@/features/admin-participants/api/get-participant';
import { getParticipants } from '@/features/admin-participants/api/get-participants';
import { cloneEvent } from '@/features/admin-events/api/clone-event';
import { deleteEvent } from '@/features/admin-events/api/delete-event';
import { getAdminEvent } from '@/features/admin-events/api/get-admin-event';
import { getAdminEvents } from '@/features/admin-events/api/get-admin-events';
import { saveEvent } from '@/features/admin-events/api/save-event';
import { uploadEventImage } from '@/features/admin-events/api/upload-event-image';
import { getDashboardStats } from '@/features/admin-dashboard/api/get-dashboard-stats';
import { emptyEventForm, formToEventWrite } from '@/features/admin-events/schema';
import { emptyAddParticipant } from '@/features/admin-participants/schema';
import { createUser, mailbox, resetDatabase, serviceClient, sql, type TestUser } from '../support/stack';

// The admin area's own data-access modules, run against the real local stack: every one of
// them must fail for a visitor and for a signed-in non-admin (row-level security and the admin
// functions decide, not the UI), and work for an admin.

vi.mock('@/lib/supabase', () => import('../support/stack-supabase'));

const BREATHWORK_BRUNCH = 'a1000000-0000-4000-8000-000000000001'; // seeded: published, with participants
const WALDBADEN_DRAFT = 'a1000000-0000-4000-8000-000000000004';

const PNG_BYTES = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
const pngFile = (name = 'Bild mit Umlaut ä.png') => new File([PNG_BYTES], name, { type: 'image/png' });

const newEvent = () =>
  formToEventWrite(
    {
      ...emptyEventForm,
      title: 'Integrationstest Event',
      description: 'Beschreibung',
      startDate: '2099-06-01',
      startTime: '18:00',
      endTime: '21:00',
      location: 'Suhr',
      price: 120,
      status: 'published',
    },
    null,
  );

let member: TestUser;
let admin: TestUser;

async function count(
  table: 'events' | 'participants' | 'mail_outbox',
  where = 'true',
  params: unknown[] = [],
): Promise<number> {
  const [row] = await sql<{ n: string }>(`select count(*) as n from ${table} where ${where}`, params);
  return Number(row?.n);
}

async function onsiteParticipantId(): Promise<string> {
  const [row] = await sql<{ id: string }>(
    "select id from participants where event_id = $1 and status = 'confirmed' and payment_method = 'onsite' limit 1",
    [BREATHWORK_BRUNCH],
  );
  if (!row) throw new Error('seed has no confirmed on-site participant');
  return row.id;
}

/** A booking for the seeded Breathwork & Brunch (on site, one person), as the add form sends it. */
const newBooking = (name: string, email: string, phone: string) => ({
  ...emptyAddParticipant(undefined),
  eventId: BREATHWORK_BRUNCH,
  paymentMethod: 'onsite' as const,
  name,
  email,
  phone,
});

const payments = (participantId: string) =>
  sql<{ n: string }>('select count(*) as n from payments where participant_id = $1', [participantId]).then(
    ([row]) => Number(row?.n),
  );

beforeAll(async () => {
  await resetDatabase();
  member = await createUser({ email: 'kein-admin@example.ch', password: 'kein-admin-123' });
  admin = await createUser({ email: 'verwaltung@example.ch', password: 'verwaltung-123', admin: true });
});

afterAll(() => supabase.auth.signOut());

describe('admin sign-in', () => {
  it('refuses a non-admin and leaves no session behind', async () => {
    await expect(signInAsAdmin(member.email, member.password)).rejects.toBeInstanceOf(NotAdminError);
    const { data } = await supabase.auth.getSession();
    expect(data.session).toBeNull();
  });

  it('reports wrong credentials as an auth error', async () => {
    await expect(signInAsAdmin(admin.email, 'falsch-123')).rejects.toThrow('Invalid login credentials');
  });

  it('admits an admin', async () => {
    const user = await signInAsAdmin(admin.email, admin.password);
    expect(user.email).toBe(admin.email);
    await supabase.auth.signOut();
  });
});

const outsiders: [string, () => Promise<void>][] = [
  ['a visitor', async () => void (await supabase.auth.signOut())],
  [
    'a signed-in non-admin',
    async () => {
      const { error } = await supabase.auth.signInWithPassword({
        email: member.email,
        password: member.password,
      });
      if (error) throw error;
    },
  ],
];

describe.each(outsiders)('%s', (_who, become) => {
  beforeAll(become);

  it('cannot create, change or delete events', async () => {
    const eventsBefore = await count('events');
    await expect(saveEvent({ values: newEvent() })).rejects.toBeTruthy();
    await expect(
      saveEvent({ id: BREATHWORK_BRUNCH, values: { ...newEvent(), title: 'Gekapert' } }),
    ).rejects.toBeTruthy();
    await expect(deleteEvent(BREATHWORK_BRUNCH)).rejects.toBeTruthy();
    await expect(cloneEvent(BREATHWORK_BRUNCH)).rejects.toBeTruthy();
    expect(await count('events')).toBe(eventsBefore);
    expect(await count('events', 'id = $1 and title <> $2', [BREATHWORK_BRUNCH, 'Gekapert'])).toBe(1);
  });

  it('sees no drafts and no participants', async () => {
    const events = await getAdminEvents({ status: 'all', category: 'all' });
    expect(events.length).toBeGreaterThan(0);
    expect(events.every((event) => event.status === 'published')).toBe(true);
    expect(await getAdminEvent(WALDBADEN_DRAFT)).toBeNull();
    const participants = await getParticipants().catch(() => []);
    expect(participants).toEqual([]);
  });

  it('cannot add, change or remove participants', async () => {
    const participantId = await onsiteParticipantId();
    const before = await count('participants');
    await expect(addParticipant(newBooking('X', 'x@example.ch', '+41 79 000 00 01'))).rejects.toBeTruthy();
    await expect(
      recordPayment({ id: participantId, amountCents: 100, method: 'onsite', note: '' }),
    ).rejects.toBeTruthy();
    await expect(cancelBooking({ id: participantId, refundCents: 0, note: '' })).rejects.toBeTruthy();
    await expect(deleteParticipant(participantId)).rejects.toBeTruthy();
    expect(await count('participants')).toBe(before);
    expect(await count('participants', "id = $1 and status = 'confirmed'", [participantId])).toBe(1);
    expect(await payments(participantId)).toBe(0);
  });

  it('cannot read the dashboard statistics or upload images', async () => {
    await expect(getDashboardStats()).rejects.toBeTruthy();
    await expect(uploadEventImage(pngFile())).rejects.toBeTruthy();
    const [objects] = await sql<{ n: string }>(
      "select count(*) as n from storage.objects where bucket_id = 'event-images'",
    );
    expect(Number(objects?.n)).toBe(0);
  });
});

describe('an admin', () => {
  beforeAll(async () => {
    await signInAsAdmin(admin.email, admin.password);
  });
  afterAll(() => supabase.auth.signOut());

  it('creates, updates, clones and deletes an event', async () => {
    const created = await saveEvent({ values: newEvent() });
    expect(created).toMatchObject({
      title: 'Integrationstest Event',
      status: 'published',
      current_participants: 0,
    });

    const updated = await saveEvent({
      id: created.id,
      values: { ...newEvent(), title: 'Umbenannt', start_date: null },
    });
    expect(updated).toMatchObject({ title: 'Umbenannt', start_date: null, end_date: null });

    const copy = await cloneEvent(created.id);
    expect(copy).toMatchObject({ title: 'Umbenannt (Kopie)', status: 'draft', current_participants: 0 });

    await deleteEvent(copy.id);
    await deleteEvent(created.id);
    expect(await count('events', 'id = any($1)', [[created.id, copy.id]])).toBe(0);
  });

  it('uploads an image under a safe unique name that anyone can fetch', async () => {
    const url = await uploadEventImage(pngFile());
    expect(url).toMatch(
      /\/storage\/v1\/object\/public\/event-images\/\d+-[0-9a-f-]{36}-Bild_mit_Umlaut__.png$/,
    );
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(new Uint8Array(await response.arrayBuffer())).toEqual(PNG_BYTES);
  });

  it('sees drafts and every participant with its event', async () => {
    const events = await getAdminEvents({ status: 'draft', category: 'all' });
    expect(events.map((event) => event.id)).toContain(WALDBADEN_DRAFT);
    const participants = await getParticipants();
    expect(participants.length).toBe(await count('participants'));
    expect(participants.find((p) => p.eventId === BREATHWORK_BRUNCH)?.eventTitle).toBeTruthy();
  });

  it('adds, records a payment, cancels and removes bookings through the transitions while the database keeps the count', async () => {
    const seats = async () =>
      (
        await sql<{ current_participants: number }>('select current_participants from events where id = $1', [
          BREATHWORK_BRUNCH,
        ])
      )[0]?.current_participants;
    const before = await seats();
    await mailbox().clear();

    const { participantId, emailQueued } = await addParticipant(
      newBooking('Neue Teilnehmerin', 'neu@example.ch', '+41 79 000 00 00'),
    );
    expect(emailQueued).toBe(true);
    expect(
      await count('mail_outbox', "participant_id = $1 and kind = 'participant_confirmation'", [
        participantId,
      ]),
    ).toBe(1);
    // The outbox worker, as the schedule runs it, delivers the queued confirmation.
    await serviceClient().functions.invoke('process-outbox', { body: {} });
    await mailbox().waitFor((mail) => JSON.stringify(mail.to).includes('neu@example.ch'));
    expect(await seats()).toBe((before ?? 0) + 1);

    const added = await getParticipant(participantId);
    expect(added).toMatchObject({ status: 'confirmed', openCents: 13000, paidCents: 0 });
    await recordPayment({ id: participantId, amountCents: 13000, method: 'onsite', note: 'bar' });
    expect(await getParticipant(participantId)).toMatchObject({
      openCents: 0,
      paidCents: 13000,
      paidMethod: 'onsite',
    });

    await cancelBooking({ id: participantId, refundCents: 0, note: '' });
    expect(await seats()).toBe(before);
    // Money was taken: the booking stays, with its payment and history.
    await expect(deleteParticipant(participantId)).rejects.toMatchObject({ message: 'BOOKING_HAS_MONEY' });
    expect(await getParticipant(participantId)).toMatchObject({
      status: 'cancelled',
      lastAction: 'cancelled_by_staff',
    });

    const second = await addParticipant(newBooking('Ohne Geld', 'ohne-geld@example.ch', '+41 79 000 00 02'));
    await cancelBooking({ id: second.participantId, refundCents: 0, note: '' });
    await deleteParticipant(second.participantId);
    expect(await count('participants', 'id = $1', [second.participantId])).toBe(0);
    expect(await seats()).toBe(before);
  });

  it('reads the dashboard statistics', async () => {
    const stats = await getDashboardStats();
    expect(stats.totalEvents).toBe(await count('events'));
    expect(stats.occupancyPercent).toBeGreaterThanOrEqual(0);
    const [money] = await sql<{ received: string }>(
      `select (select coalesce(sum(amount_cents), 0) from payments where state = 'succeeded')
            - (select coalesce(sum(amount_cents), 0) from refund_requests
                where kind in ('stripe_refund', 'manual_refund') and state <> 'failed') as received`,
    );
    expect(Math.round(stats.received * 100)).toBe(Number(money?.received));
  });
});

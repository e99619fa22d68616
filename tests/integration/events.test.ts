import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { registerForEvent, type RegistrationRequest } from '@/features/booking/api/register-for-event';
import { getConfirmationMailStatus } from '@/features/booking/api/get-confirmation-mail-status';
import { RegistrationError } from '@/features/booking/lib/registration-errors';
import { PLACEHOLDER_IMAGE } from '@/features/events/lib/event-row';
import { getPublishedEvent } from '@/features/events/api/get-event';
import { getPublishedEvents } from '@/features/events/api/get-events';
import { todayIso } from '@/lib/dates';
import { solvedAltcha } from '../functions/function-helpers';
import { mailbox, resetDatabase, serviceClient, sql } from '../support/stack';

// The public events data layer and registration, run as a visitor (anon key) against the real
// local stack: row-level security, the slug trigger and register_for_event decide.

vi.mock('@/lib/supabase', async () => {
  const { createClient } = await import('@supabase/supabase-js');
  const { Agent } = await import('undici');
  const { stackEnv } = await import('../support/stack');
  const env = stackEnv();
  // Each request comes from a loopback address of its own, as if from another visitor: this
  // file books more often than one address may per hour (the limit has its own tests).
  let visitors = 0;
  const fromNewVisitor: typeof fetch = (input, init) => {
    visitors += 1;
    const dispatcher = new Agent({
      localAddress: `127.78.${Math.floor(visitors / 250)}.${(visitors % 250) + 1}`,
    });
    return fetch(input, { ...init, dispatcher } as RequestInit);
  };
  return {
    supabase: createClient(env.apiUrl, env.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: { fetch: fromNewVisitor },
    }),
  };
});

// Seeded events (supabase/seed.sql).
const BRUNCH = 'a1000000-0000-4000-8000-000000000001';
const WALDBADEN_DRAFT = 'a1000000-0000-4000-8000-000000000004';
const KIDS_FREE = 'a1000000-0000-4000-8000-000000000006';
const PASTA_FULL = 'a1000000-0000-4000-8000-000000000008';
const FERMENT_CANCELLED = 'a1000000-0000-4000-8000-000000000009';
const PAST_STAMMTISCH = 'a1000000-0000-4000-8000-000000000010';

const options = { timeoutMs: 10_000, operation: 'Events laden' };

type Registration = Omit<Extract<RegistrationRequest, { eventId: string }>, 'altcha'>;

function registration(eventId: string, overrides: Partial<RegistrationRequest['values']> = {}): Registration {
  return {
    eventId,
    requestId: randomUUID(),
    values: {
      name: 'Anna Muster',
      email: `anna+${randomUUID().slice(0, 8)}@example.ch`,
      phone: '+41 79 555 66 77',
      notes: '',
      persons: 1,
      paymentMethod: 'onsite',
      answers: {},
      ...overrides,
    },
  };
}

/** Books as the form does: each submission with a freshly solved challenge. */
async function book(request: Registration) {
  return registerForEvent({ ...request, altcha: await solvedAltcha() });
}

async function registrationError(request: Registration): Promise<RegistrationError> {
  const error = await book(request).then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(RegistrationError);
  return error as RegistrationError;
}

beforeAll(() => resetDatabase());

describe('published events (visitor)', () => {
  it('lists only published events from today on, sorted by start date', async () => {
    const events = await getPublishedEvents({}, options);
    const expected = await sql<{ id: string }>(
      `select id from events where status = 'published' and start_date >= $1 order by start_date, title`,
      [todayIso()],
    );
    expect(events.map((event) => event.id)).toEqual(expected.map((row) => row.id));
    expect(events.length).toBeGreaterThan(3);
    const ids = events.map((event) => event.id);
    expect(ids).not.toContain(WALDBADEN_DRAFT);
    expect(ids).not.toContain(PAST_STAMMTISCH);
    const dates = events.map((event) => event.startDate!);
    expect([...dates].sort()).toEqual(dates);
    expect(events.every((event) => event.status === 'published' && event.startDate! >= todayIso())).toBe(
      true,
    );
  });

  it('filters by category and limits', async () => {
    const atmen = await getPublishedEvents({ categories: ['breathwork', 'sense-of-breath'] }, options);
    expect(atmen.length).toBeGreaterThanOrEqual(2);
    expect(new Set(atmen.map((event) => event.category))).toEqual(new Set(['breathwork', 'sense-of-breath']));
    const kids = await getPublishedEvents({ categories: ['kids'] }, options);
    expect(kids.map((event) => event.id)).toEqual([KIDS_FREE]);
    expect(await getPublishedEvents({ limit: 3 }, options)).toHaveLength(3);
  });

  it('maps rows to client events, with stored slugs and image rules', async () => {
    const brunch = await getPublishedEvent({ by: 'id', id: BRUNCH }, options);
    expect(brunch).toMatchObject({
      title: 'Breathwork & Brunch',
      price: 130,
      maxParticipants: 15,
      paymentMethods: ['stripe', 'onsite'],
      imageUrl: '/images/tile-atmen-960.webp',
      isSample: false,
    });
    expect(brunch!.slug).toMatch(/^breathwork-brunch-\d{2}-\d{2}-\d{4}$/);
    expect((await getPublishedEvent({ by: 'slug', slug: brunch!.slug }, options))?.id).toBe(BRUNCH);
    const kids = await getPublishedEvent({ by: 'id', id: KIDS_FREE }, options);
    expect(kids?.imageUrl).not.toBe(PLACEHOLDER_IMAGE);
    // A missing image and the example domain of a form placeholder both become the placeholder.
    await sql(
      "update events set image_url = case when category = 'sense-of-breath' then null else 'https://example.com/bild.jpg' end where category in ('sense-of-breath', 'retreat')",
    );
    const withoutImage = (await getPublishedEvents({ categories: ['sense-of-breath'] }, options))[0];
    expect(withoutImage?.imageUrl).toBe(PLACEHOLDER_IMAGE);
    const exampleImage = (await getPublishedEvents({ categories: ['retreat'] }, options))[0];
    expect(exampleImage?.imageUrl).toBe(PLACEHOLDER_IMAGE);
  });

  it('keeps drafts invisible, even by id or slug', async () => {
    const [draft] = await sql<{ slug: string }>('select slug from events where id = $1', [WALDBADEN_DRAFT]);
    expect(await getPublishedEvent({ by: 'id', id: WALDBADEN_DRAFT }, options)).toBeNull();
    expect(await getPublishedEvent({ by: 'slug', slug: draft!.slug }, options)).toBeNull();
    expect(await getPublishedEvent({ by: 'id', id: 'kein-uuid' }, options)).toBeNull();
  });

  it('never exposes participants to visitors', async () => {
    const { supabase } = await import('@/lib/supabase');
    const { data, error } = await supabase.from('participants').select('id');
    expect(data).toBeNull();
    expect(error?.code).toBe('42501');
  });
});

describe('registration (visitor)', () => {
  it('registers, counts the seat and sends the confirmation mails', async () => {
    const before = (await getPublishedEvent({ by: 'id', id: BRUNCH }, options))!.currentParticipants;
    const request = registration(BRUNCH);
    const receipt = await book(request);
    expect(receipt).toMatchObject({
      payment_status: 'pending',
      current_participants: before + 1,
      confirmation_token: expect.any(String),
    });
    expect((await getPublishedEvent({ by: 'id', id: BRUNCH }, options))!.currentParticipants).toBe(
      before + 1,
    );

    // The mails were queued with the registration; the outbox worker (run here as the
    // schedule runs it) delivers them, and the visitor's status question then says 'sent'.
    await serviceClient().functions.invoke('process-outbox', { body: {} });
    await mailbox().waitFor((mail) => mail.to.includes(request.values.email));
    expect(await getConfirmationMailStatus(receipt.participant_id, receipt.confirmation_token ?? '')).toBe(
      'sent',
    );
  });

  it('turns a repeated request id into the first registration', async () => {
    const request = registration(BRUNCH);
    const first = await book(request);
    const again = await book(request);
    expect(again.participant_id).toBe(first.participant_id);
    const rows = await sql('select id from participants where email = $1', [request.values.email]);
    expect(rows).toHaveLength(1);
  });

  it('marks a free registration as paid', async () => {
    const receipt = await book(registration(KIDS_FREE, { paymentMethod: 'free' }));
    expect(receipt.payment_status).toBe('paid');
  });

  it('refuses a sold-out event, a cancelled event and a method the event does not allow', async () => {
    expect((await registrationError(registration(PASTA_FULL))).code).toBe('EVENT_SOLD_OUT');
    expect((await registrationError(registration(FERMENT_CANCELLED))).code).toBe('EVENT_CANCELLED');
    expect((await registrationError(registration(BRUNCH, { paymentMethod: 'free' }))).code).toBe(
      'PAYMENT_METHOD_NOT_ALLOWED',
    );
    expect((await registrationError(registration(WALDBADEN_DRAFT))).code).toMatch(
      /EVENT_NOT_(BOOKABLE|FOUND)/,
    );
  });

  it('refuses the last seat to a second visitor', async () => {
    const [{ id }] = (await sql<{ id: string }>(
      `insert into events (title, description, category, start_date, start_time, location, price, max_participants, status, payment_methods)
       values ('Ein Platz', 'Test', 'workshop', current_date + 5, '10:00', 'Suhr', 10, 1, 'published', '{onsite}')
       returning id`,
    )) as [{ id: string }];
    await book(registration(id));
    expect((await registrationError(registration(id))).code).toBe('EVENT_SOLD_OUT');
    // Full is derived from the count; is_sold_out stays the admin's switch.
    expect(await getPublishedEvent({ by: 'id', id }, options)).toMatchObject({
      currentParticipants: 1,
      maxParticipants: 1,
      availability: { seatsLeft: 0, isFull: true, isBookable: false, reason: 'full' },
    });
    const [row] = await sql<{ is_sold_out: boolean }>('select is_sold_out from events where id = $1', [id]);
    expect(row?.is_sold_out).toBe(false);
  });
});

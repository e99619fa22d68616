import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { anonClient, resetDatabase, sql, stackEnv } from '../support/stack';
import {
  booking,
  createEvent,
  expiredAltcha,
  fetchChallenge,
  invoke,
  solve,
  solvedAltcha,
  uniqueEmail,
  visitor,
} from './function-helpers';

// Issue 13 against the real stack: the proof-of-work challenge on every public form, the limit
// of registrations per client address (which forged forwarding headers do not lift), the
// e-mail-once rule, no existence oracle and no free booking of a priced event.

const LIMIT_MESSAGE =
  'Von deiner Internetverbindung sind in der letzten Stunde schon mehrere Anmeldungen eingegangen. Bitte versuche es in einer Stunde erneut oder melde dich direkt bei uns.';
const PERSONS_LIMIT_MESSAGE = (n: number) =>
  `Von deiner Internetverbindung können für dieses Event höchstens ${n} Personen pro Stunde gebucht werden. Für eine grössere Gruppe melde dich bitte direkt bei uns.`;
const CHALLENGE_INVALID =
  'Die Sicherheitsprüfung ist fehlgeschlagen oder abgelaufen. Bitte sende das Formular noch einmal.';
const CHALLENGE_USED =
  'Diese Sicherheitsprüfung wurde schon verwendet. Bitte sende das Formular noch einmal.';

const DRAFT_EVENT = 'a1000000-0000-4000-8000-000000000004'; // seed: Waldbaden & Meditation

const participantsOf = (eventId: string) =>
  sql<{ email: string }>('select email from public.participants where event_id = $1', [eventId]);

/** Forwarding headers an attacker might rotate to look like many clients. */
function forgedHeaders(index: number): Record<string, string> {
  const forged = `203.0.113.${index + 1}`;
  return { 'cf-connecting-ip': forged, 'x-forwarded-for': forged, 'x-real-ip': forged };
}

beforeAll(() => resetDatabase());

describe('register-for-event', () => {
  it('books with a solved challenge and answers like register_for_event', async () => {
    const event = await createEvent();
    const answer = await invoke(visitor(), 'register-for-event', booking(event.id, { persons: 2 }));
    expect(answer).toEqual({
      status: 200,
      body: {
        success: true,
        participant_id: expect.any(String),
        reference: expect.stringMatching(/^SW-/),
        confirmation_token: expect.stringMatching(/^[0-9a-f]{64}$/),
        manage_token: expect.any(String),
        status: expect.stringMatching(/^(held|confirmed)$/),
        payment_status: 'pending',
        payment_state: expect.stringMatching(/^(open|pending)$/),
        persons: 2,
        current_participants: 2,
      },
    });
  });

  it("passes the database's refusal on with its code and DETAIL", async () => {
    const event = await createEvent({ maxParticipants: 2 });
    const answer = await invoke(visitor(), 'register-for-event', booking(event.id, { persons: 3 }));
    expect(answer).toEqual({
      status: 400,
      body: { success: false, error: 'NOT_ENOUGH_SEATS', code: 'NOT_ENOUGH_SEATS', detail: '2' },
    });
    expect(await participantsOf(event.id)).toEqual([]);
  });

  it("passes the answers to the event's questions through, and refuses a malformed answer shape", async () => {
    const event = await createEvent();
    const question = randomUUID();
    await sql(`update public.events set questions = $2 where id = $1`, [
      event.id,
      JSON.stringify([
        { id: question, kind: 'text', label: 'Alter des Kindes', required: true, options: [] },
      ]),
    ]);
    const missing = await invoke(visitor(), 'register-for-event', booking(event.id));
    expect(missing.body).toMatchObject({ code: 'ANSWER_REQUIRED', detail: question });
    const malformed = await invoke(
      visitor(),
      'register-for-event',
      booking(event.id, { answers: { [question]: 7 } }),
    );
    expect(malformed).toEqual({
      status: 400,
      body: {
        success: false,
        error: 'Die Antworten sind ungültig.',
        code: 'INVALID_INPUT',
        detail: 'answers',
      },
    });
    const booked = await invoke(
      visitor(),
      'register-for-event',
      booking(event.id, { answers: { [question]: '7' } }),
    );
    expect(booked.status).toBe(200);
    expect(
      await sql<{ answers: unknown }>('select answers from public.participants where id = $1', [
        booked.body.participant_id,
      ]),
    ).toEqual([{ answers: [{ question_id: question, label: 'Alter des Kindes', answer: '7' }] }]);
  });

  it('accepts at most 5 registrations per client address and hour, whatever forwarding headers say', async () => {
    const event = await createEvent();
    const caller = visitor();
    const answers = [];
    for (let i = 0; i < 12; i += 1) {
      answers.push(await invoke(caller, 'register-for-event', booking(event.id), forgedHeaders(i)));
    }
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(5);
    expect(answers.slice(5)).toEqual(
      Array.from({ length: 7 }, () => ({ status: 429, body: { success: false, error: LIMIT_MESSAGE } })),
    );
    expect(await participantsOf(event.id)).toHaveLength(5);
    // The limit counts per address across all events, and another address is not affected.
    const other = await createEvent();
    expect((await invoke(caller, 'register-for-event', booking(other.id))).status).toBe(429);
    expect((await invoke(visitor(), 'register-for-event', booking(other.id))).status).toBe(200);
  });

  it('lets one address hold at most a share of an event: 6 + 6 + 3 persons into 15 seats leaves 6', async () => {
    const event = await createEvent({ maxParticipants: 15 });
    const hoarder = visitor();
    const answers = [];
    for (const persons of [6, 6, 3]) {
      answers.push(await invoke(hoarder, 'register-for-event', booking(event.id, { persons })));
    }
    expect(answers.map((answer) => answer.status)).toEqual([200, 429, 429]);
    expect(answers[1]!.body).toEqual({ success: false, error: PERSONS_LIMIT_MESSAGE(6) });
    const held = await sql<{ persons: number }>(
      'select coalesce(sum(persons), 0)::int as persons from public.participants where event_id = $1',
      [event.id],
    );
    expect(held).toEqual([{ persons: 6 }]);
    // A family of four from another address books in one form, and the hoarder's other events
    // are not affected.
    expect((await invoke(visitor(), 'register-for-event', booking(event.id, { persons: 4 }))).status).toBe(
      200,
    );
    const other = await createEvent({ maxParticipants: 15 });
    expect((await invoke(hoarder, 'register-for-event', booking(other.id, { persons: 2 }))).status).toBe(200);
  });

  it('allows a larger share of a large event, and a refused booking costs the address no persons', async () => {
    const big = await createEvent({ maxParticipants: 40 });
    const group = visitor();
    for (const persons of [6, 6, 4]) {
      expect((await invoke(group, 'register-for-event', booking(big.id, { persons }))).status).toBe(200);
    }
    expect(await invoke(group, 'register-for-event', booking(big.id, { persons: 1 }))).toEqual({
      status: 429,
      body: { success: false, error: PERSONS_LIMIT_MESSAGE(16) },
    });

    const event = await createEvent({ maxParticipants: 10 });
    expect((await invoke(visitor(), 'register-for-event', booking(event.id, { persons: 5 }))).status).toBe(
      200,
    );
    const caller = visitor();
    const tooMany = await invoke(caller, 'register-for-event', booking(event.id, { persons: 6 }));
    expect(tooMany.body).toMatchObject({ code: 'NOT_ENOUGH_SEATS' });
    // The 6 were given back: 5 more fit under the address's 6.
    expect((await invoke(caller, 'register-for-event', booking(event.id, { persons: 5 }))).status).toBe(200);
  });

  it('counts a retried request (same request id) once', async () => {
    const event = await createEvent({ maxParticipants: 15 });
    const caller = visitor();
    const family = booking(event.id, { persons: 4 });
    const first = await invoke(caller, 'register-for-event', family);
    const retry = await invoke(caller, 'register-for-event', family);
    expect([first.status, retry.status]).toEqual([200, 200]);
    expect(retry.body).toMatchObject({ reference: (first.body as { reference: string }).reference });
    expect((await invoke(caller, 'register-for-event', booking(event.id, { persons: 2 }))).status).toBe(200);
  });

  it('refuses a booking without a valid challenge, and stores nothing', async () => {
    const event = await createEvent();
    const challenge = await fetchChallenge();
    const tampered = JSON.parse(atob(solve(challenge))) as Record<string, unknown>;
    const wrongNumber = btoa(JSON.stringify({ ...tampered, number: Number(tampered.number) + 1 }));
    const forged = btoa(JSON.stringify({ ...tampered, signature: 'f'.repeat(64) }));
    for (const altcha of [undefined, '', 'keine-loesung', wrongNumber, forged, await expiredAltcha()]) {
      const answer = await invoke(visitor(), 'register-for-event', { ...booking(event.id), altcha });
      expect(answer).toEqual({ status: 400, body: { success: false, error: CHALLENGE_INVALID } });
    }
    expect(await participantsOf(event.id)).toHaveLength(0);
  });

  it('accepts each solution once', async () => {
    const event = await createEvent();
    const altcha = await solvedAltcha();
    const first = await invoke(visitor(), 'register-for-event', { ...booking(event.id), altcha });
    const replay = await invoke(visitor(), 'register-for-event', { ...booking(event.id), altcha });
    expect(first.status).toBe(200);
    expect(replay).toEqual({ status: 400, body: { success: false, error: CHALLENGE_USED } });
    expect(await participantsOf(event.id)).toHaveLength(1);
  });

  it('keeps one registration per e-mail address and event', async () => {
    const event = await createEvent();
    const email = uniqueEmail('doppelt');
    expect((await invoke(visitor(), 'register-for-event', booking(event.id, { email }))).status).toBe(200);
    const again = await invoke(
      visitor(),
      'register-for-event',
      booking(event.id, { email: email.toUpperCase() }),
    );
    expect(again).toEqual({
      status: 400,
      body: { success: false, error: 'ALREADY_REGISTERED', code: 'ALREADY_REGISTERED', detail: null },
    });
    expect(await participantsOf(event.id)).toEqual([{ email }]);
  });

  it('answers an unknown and a draft event id alike', async () => {
    const unknown = await invoke(visitor(), 'register-for-event', booking(randomUUID()));
    const draft = await invoke(visitor(), 'register-for-event', booking(DRAFT_EVENT));
    expect(unknown).toEqual({
      status: 400,
      body: { success: false, error: 'EVENT_NOT_FOUND', code: 'EVENT_NOT_FOUND', detail: null },
    });
    expect(draft).toEqual(unknown);
  });

  it('refuses a priced event booked as free, and a priced event cannot offer free', async () => {
    const event = await createEvent();
    const answer = await invoke(
      visitor(),
      'register-for-event',
      booking(event.id, { paymentMethod: 'free' }),
    );
    expect(answer.body.code).toBe('PAYMENT_METHOD_NOT_ALLOWED');
    await expect(
      sql(`update public.events set payment_methods = '{onsite,free}' where id = $1`, [event.id]),
    ).rejects.toMatchObject({ constraint: 'events_payment_methods_free_check' });
    expect(await participantsOf(event.id)).toHaveLength(0);
  });

  it('is the only way in: visitors may not call register_for_event themselves', async () => {
    const event = await createEvent();
    const { error } = await anonClient().rpc('register_for_event', {
      p_event_id: event.id,
      p_name: 'Anna Muster',
      p_email: uniqueEmail(),
      p_phone: '+41 79 123 45 67',
      p_payment_method: 'onsite',
    });
    expect(error?.code).toBe('42501');
  });
});

describe('the other public forms', () => {
  it.each([
    ['send-contact-email', { name: 'Anna', email: 'anna@example.ch', subject: 'Frage', message: 'Hallo' }],
    ['send-contact-email', { type: 'corporate-breathwork', email: 'hr@example.ch' }],
    ['newsletter-subscribe', { email: 'neu@example.ch', ccAdmin: false }],
  ])('%s refuses a request without a valid challenge and a replayed one', async (name, body) => {
    expect(await invoke(visitor(), name, { ...body, altcha: undefined })).toEqual({
      status: 400,
      body: { success: false, error: CHALLENGE_INVALID },
    });
    const altcha = await solvedAltcha();
    expect((await invoke(visitor(), name, { ...body, altcha })).status).toBe(200);
    expect(await invoke(visitor(), name, { ...body, altcha })).toEqual({
      status: 400,
      body: { success: false, error: CHALLENGE_USED },
    });
  });
});

describe('altcha-challenge', () => {
  it('hands out a signed challenge with a ten-minute expiry to a plain GET, uncached', async () => {
    const response = await fetch(`${stackEnv().apiUrl}/functions/v1/altcha-challenge`, {
      headers: { Origin: 'http://127.0.0.1:5173' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
    const challenge = (await response.json()) as { algorithm: string; salt: string; signature: string };
    expect(challenge.algorithm).toBe('SHA-256');
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    const expires = Number(new URLSearchParams(challenge.salt.split('?')[1]).get('expires'));
    expect(expires * 1000 - Date.now()).toBeGreaterThan(9 * 60 * 1000);
    expect(expires * 1000 - Date.now()).toBeLessThanOrEqual(10 * 60 * 1000);
  });
});

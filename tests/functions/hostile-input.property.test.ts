import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { isUnsafeText } from '@common/input-rules.ts';
import { resetDatabase, sql } from '../support/stack';
import { booking, createEvent, invoke, solvedAltcha, uniqueEmail, visitor } from './function-helpers';

// Issue 25, property-based: every public function answers hostile input (wrong types, numbers
// out of range, NUL, lone surrogates, very long strings, missing fields, invalid JSON, arrays or
// objects where text goes; extra fields as noise) with a 4xx and a German `error`, writes no
// row, and spends neither the proof-of-work challenge nor a rate-limit slot. Each case changes
// one field of a valid body to a value that field can never take, so every case must be refused;
// all cases of a function share one solved challenge, which a valid request uses at the end
// (proof that no refusal spent it). The numbers of cases are kept modest for `npm test`.

const RUNS = 120;
/** Counted by each run (the report of issue 25 quotes the total). */
let generated = 0;

/** zod's or JavaScript's own English texts must never reach a visitor. */
const ENGLISH = /\b(invalid|expected|received|required|must|error|undefined|null|unexpected)\b/i;

const TABLES = [
  'participants',
  'waitlist_entries',
  'enquiries',
  'newsletter_subscriptions',
  'mail_outbox',
  'booking_changes',
] as const;

interface Footprint {
  rows: Record<string, number>;
  challenges: number;
  hits: number;
}

async function footprint(): Promise<Footprint> {
  const [row] = await sql<Record<string, string>>(
    `select ${TABLES.map((table) => `(select count(*) from public.${table}) as ${table}`).join(', ')},
            (select count(*) from public.altcha_used_challenges) as challenges,
            (select coalesce(sum(hits), 0) from public.function_rate_limits) as hits`,
  );
  return {
    rows: Object.fromEntries(TABLES.map((table) => [table, Number(row![table])])),
    challenges: Number(row!.challenges),
    hits: Number(row!.hits),
  };
}

// ---- Hostile values ------------------------------------------------------------------------

const LONG = fc.integer({ min: 6_000, max: 40_000 }).map((length) => 'a'.repeat(length));
const withNul = fc.tuple(fc.string(), fc.string()).map(([a, b]) => `${a}\u0000${b}`);
const withLoneSurrogate = fc
  .tuple(fc.string(), fc.integer({ min: 0xd800, max: 0xdfff }), fc.string({ maxLength: 3 }))
  .map(([a, unit, b]) => `${a}${String.fromCharCode(unit)}${b.replace(/^[\uDC00-\uDFFF]/, 'x')}`)
  .filter((text) => isUnsafeText(text));
const notText = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 3 }),
);
/** Never a valid value of any text field of the public functions. */
const hostileText = fc.oneof(notText, withNul, withLoneSurrogate, LONG);
/** Never a valid `persons` (1..50): huge, negative, fractional, not a number. */
const hostilePersons = fc.oneof(
  fc.constantFrom(2147483648, 1e15, -1e15, 0, -1, 51, 1.5, 2 ** 53, '2', null, true, [2], {}),
  fc.integer({ min: 51 }),
  fc.integer({ max: 0 }),
  fc.double({ min: 1.0001, max: 49.9999, noNaN: true }).filter((value) => !Number.isInteger(value)),
  fc.double({ min: 1e10, max: 1e300, noNaN: true }),
);
const hostileAnswers = fc.oneof(
  fc.string().map((text) => text),
  fc.array(fc.string(), { minLength: 1, maxLength: 3 }),
  fc.integer(),
  fc.constant(null),
  fc.dictionary(
    fc.string({ minLength: 1 }).filter((key) => !/^[0-9a-f-]{36}$/i.test(key)),
    fc.string(),
    {
      minKeys: 1,
      maxKeys: 3,
    },
  ),
  fc.constant(Object.fromEntries(Array.from({ length: 11 }, () => [randomUUID(), 'ja']))),
  fc.constant({ [randomUUID()]: 5 }),
);
/** Unknown fields a client might add: zod strips them, so they are noise around the real fault. */
const extraFields = fc.dictionary(
  fc.string({ minLength: 1, maxLength: 8 }).filter((key) => !['__proto__', 'altcha'].includes(key)),
  fc.oneof(fc.string({ maxLength: 20 }), fc.integer(), fc.constant(null)),
  { maxKeys: 3 },
);

type Body = Record<string, unknown>;

/**
 * A hostile request for a function: one field of a valid body replaced by a hostile value or
 * left out, or a whole body that is no object, or no JSON at all.
 */
function hostileRequests(
  valid: () => Body,
  fields: Record<string, fc.Arbitrary<unknown>>,
  required: readonly string[],
): fc.Arbitrary<{ body: unknown; fault: string }> {
  const replaced = fc
    .tuple(fc.constantFrom(...Object.keys(fields)), extraFields)
    .chain(([field, extra]) =>
      fields[field]!.map((value) => ({ body: { ...extra, ...valid(), [field]: value }, fault: field })),
    );
  const missing = fc.tuple(fc.constantFrom(...required), extraFields).map(([field, extra]) => {
    const body: Body = { ...extra, ...valid() };
    delete body[field];
    return { body, fault: `missing ${field}` };
  });
  const notAnObject = fc
    .oneof(fc.constant(null), fc.array(fc.integer(), { maxLength: 3 }), fc.integer(), fc.boolean())
    .map((body) => ({ body, fault: 'body' }));
  const notJson = fc
    .constantFrom('{', '{"name": "Anna",}', 'undefined', "{'a': 1}", '\u0000', '[1, 2')
    .map((text) => ({ body: `raw:${text}`, fault: 'json' }));
  return fc.oneof(
    { arbitrary: replaced, weight: 6 },
    { arbitrary: missing, weight: 2 },
    { arbitrary: notAnObject, weight: 1 },
    { arbitrary: notJson, weight: 1 },
  );
}

/**
 * Runs the property for one function: each hostile request, sent with the shared solved
 * challenge, is refused with a 4xx in German and leaves the database as it was.
 */
async function refusesAll(
  name: string,
  requests: fc.Arbitrary<{ body: unknown; fault: string }>,
  altcha: string | null,
): Promise<void> {
  const client = visitor();
  const before = await footprint();
  await fc.assert(
    fc.asyncProperty(requests, async ({ body, fault }) => {
      generated += 1;
      const sent =
        typeof body === 'string' && body.startsWith('raw:')
          ? body.slice(4)
          : body !== null && typeof body === 'object' && !Array.isArray(body) && altcha
            ? { ...body, altcha }
            : body;
      const answer = await invoke(client, name, sent);
      expect(answer.status, `${fault}: ${JSON.stringify(answer.body).slice(0, 200)}`).toBeGreaterThanOrEqual(
        400,
      );
      expect(answer.status, fault).toBeLessThan(500);
      expect(answer.body.success).toBe(false);
      expect(typeof answer.body.error, fault).toBe('string');
      expect(answer.body.error, fault).not.toMatch(ENGLISH);
      expect(await footprint(), fault).toEqual(before);
    }),
    { numRuns: RUNS, endOnFailure: true },
  );
}

let eventId = '';

beforeAll(async () => {
  await resetDatabase();
  eventId = (await createEvent({ maxParticipants: 40 })).id;
});

describe('hostile input (property-based, fast-check)', () => {
  it('register-for-event refuses it all before the challenge and the limit', async () => {
    const altcha = await solvedAltcha();
    const valid = () => booking(eventId, { persons: 2 });
    await refusesAll(
      'register-for-event',
      hostileRequests(
        valid,
        {
          eventId: fc.oneof(hostileText, fc.string({ maxLength: 35 })),
          name: fc.oneof(
            hostileText,
            fc.constantFrom(
              'Ihr Konto wird gesperrt - jetzt bestaetigen: https://evil.example/login',
              'anna@example.ch',
              'Anna 2',
              '',
              '   ',
            ),
          ),
          email: fc.oneof(hostileText, fc.constantFrom('anna', 'anna@beispiel', '')),
          phone: fc.oneof(hostileText, fc.constantFrom('123', 'keine', '')),
          paymentMethod: hostileText,
          notes: hostileText,
          requestId: fc.oneof(withNul, LONG, fc.integer(), fc.constant('nicht-eine-uuid')),
          persons: hostilePersons,
          answers: fc.oneof(hostileAnswers, fc.constant({ [randomUUID()]: 'a\u0000' })),
        },
        ['eventId', 'name', 'email', 'phone', 'paymentMethod'],
      ),
      altcha,
    );
    // The shared challenge was never spent: a valid booking still gets through with it.
    const answer = await invoke(visitor(), 'register-for-event', { ...valid(), altcha });
    expect(answer.status).toBe(200);
  });

  it('join-waitlist refuses it all before the challenge and the limit', async () => {
    const altcha = await solvedAltcha();
    const valid = () => ({
      eventId,
      name: 'Jürg Müller',
      email: uniqueEmail('warte'),
      phone: '+41 79 123 45 67',
      persons: 2,
    });
    await refusesAll(
      'join-waitlist',
      hostileRequests(
        valid,
        {
          eventId: hostileText,
          name: fc.oneof(hostileText, fc.constantFrom('https://evil.example', 'a@b.ch', '1234')),
          email: hostileText,
          phone: hostileText,
          persons: hostilePersons,
          answers: hostileAnswers,
        },
        ['eventId', 'name', 'email', 'phone'],
      ),
      altcha,
    );
  });

  it('send-contact-email refuses it all (contact and corporate enquiry)', async () => {
    const altcha = await solvedAltcha();
    const contact = () => ({
      name: 'Anne-Marie O’Neill',
      email: uniqueEmail('kontakt'),
      subject: 'Frage',
      message: 'Grüezi',
    });
    await refusesAll(
      'send-contact-email',
      fc.oneof(
        hostileRequests(
          contact,
          {
            name: fc.oneof(hostileText, fc.constantFrom('www.evil.example', 'Anna <script>')),
            email: hostileText,
            subject: hostileText,
            message: hostileText,
            type: fc.oneof(hostileText, fc.constant('spam')),
          },
          ['name', 'email', 'subject', 'message'],
        ),
        hostileRequests(
          () => ({ type: 'corporate-breathwork', email: uniqueEmail('firma'), name: '', message: '' }),
          { name: hostileText, email: hostileText, message: hostileText },
          ['email'],
        ),
      ),
      altcha,
    );
    const answer = await invoke(visitor(), 'send-contact-email', { ...contact(), altcha });
    expect(answer.status).toBe(200);
  });

  it('newsletter-subscribe refuses it all', async () => {
    const altcha = await solvedAltcha();
    await refusesAll(
      'newsletter-subscribe',
      hostileRequests(
        () => ({ email: uniqueEmail('news'), ccAdmin: false }),
        {
          email: hostileText,
          ccAdmin: fc.oneof(fc.string(), fc.integer(), fc.constant(null), withNul),
          adminEmail: fc.oneof(withNul, withLoneSurrogate, LONG, fc.integer()),
        },
        ['email'],
      ),
      altcha,
    );
  });

  it('create-checkout refuses it all', async () => {
    await refusesAll(
      'create-checkout',
      fc.oneof(
        hostileRequests(
          () => ({ participantId: randomUUID(), token: 'a'.repeat(64) }),
          { participantId: hostileText, token: hostileText },
          ['participantId', 'token'],
        ),
        hostileRequests(
          () => ({ reference: 'SW-ABCDEF', token: 'a'.repeat(64) }),
          { reference: hostileText, token: hostileText },
          ['reference', 'token'],
        ),
      ),
      null,
    );
  });

  it('payment-options and altcha-challenge answer any body without a 5xx and store nothing', async () => {
    const client = visitor();
    const before = await footprint();
    const anyBody = fc.oneof(
      hostileText,
      extraFields,
      fc.constantFrom('raw:{', 'raw:\u0000', 'raw:[1,'),
      fc.constant({ x: '\uD800' }),
    );
    await fc.assert(
      fc.asyncProperty(
        anyBody,
        fc.constantFrom('payment-options', 'altcha-challenge'),
        async (body, name) => {
          generated += 1;
          const sent = typeof body === 'string' && body.startsWith('raw:') ? body.slice(4) : body;
          const answer = await invoke(client, name, sent);
          expect(answer.status).toBeLessThan(500);
          if (answer.status >= 400) {
            expect(typeof answer.body.error).toBe('string');
            expect(answer.body.error).not.toMatch(ENGLISH);
          }
          expect(await footprint()).toEqual(before);
        },
      ),
      { numRuns: RUNS, endOnFailure: true },
    );
    console.info(`hostile-input: ${generated} generated requests, none answered with a 5xx`);
  });
});

import { createHash, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { anon, inRolledBackTransaction, service, type Session } from './support/db';
import {
  availabilityOf,
  eventById,
  insertEvent,
  type EventRow,
  type ParticipantRow,
} from './support/fixtures';

interface Registration {
  participant_id: string;
  confirmation_token: string | null;
  payment_status: string;
  current_participants: number;
}

const REGISTER = 'select public.register_for_event($1, $2, $3, $4, $5, $6, $7) as result';

interface Form {
  name: string;
  email: string;
  phone: string;
  paymentMethod: string;
  notes: string;
  requestId: string | null;
}

const validForm: Form = {
  name: 'Petra Muster',
  email: 'petra@example.ch',
  phone: '+41 79 123 45 67',
  paymentMethod: 'onsite',
  notes: '',
  requestId: null,
};

/**
 * Registers as the register-for-event edge function does (service role; visitors may not call
 * the SQL function themselves: the function checks the challenge and the address limit first).
 */
async function register(db: Session, event: Pick<EventRow, 'id'>, form: Partial<Form> = {}) {
  const f = { ...validForm, ...form };
  const outcome = await db.as<{ result: Registration }>(service, REGISTER, [
    event.id,
    f.name,
    f.email,
    f.phone,
    f.paymentMethod,
    f.notes,
    f.requestId,
  ]);
  return { result: outcome.rows[0]?.result, error: outcome.error };
}

async function participant(db: Session, id: string): Promise<ParticipantRow> {
  const [row] = await db.query<ParticipantRow>('select * from public.participants where id = $1', [id]);
  if (!row) throw new Error(`participant ${id} not found`);
  return row;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

describe('register_for_event: success', () => {
  it('stores the trimmed participant as pending, counts it and returns a one-time token', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db);
      const { result, error } = await register(db, event, {
        name: '  Petra Muster ',
        email: ' petra@example.ch ',
        notes: '  Vegetarisch  ',
      });
      expect(error).toBeNull();
      expect(result).toMatchObject({ payment_status: 'pending', current_participants: 1 });
      expect(result?.confirmation_token).toMatch(/^[0-9a-f]{64}$/);

      const row = await participant(db, result!.participant_id);
      expect(row).toMatchObject({
        event_id: event.id,
        name: 'Petra Muster',
        email: 'petra@example.ch',
        notes: 'Vegetarisch',
        status: 'confirmed',
        payment_method: 'onsite',
      });
      // Only the hash is stored, in the form the confirmation-mail function checks.
      expect(row.confirmation_token_hash).toBe(sha256(result!.confirmation_token!));
      expect((await eventById(db, event.id)).current_participants).toBe(1);
    }));

  it.each([
    ['+41 79 123 45 67', '+41791234567'],
    ['079 123 45 67', '+41791234567'],
    ['0049 (30) 1234-5678', '+493012345678'],
    ['+41791234567', '+41791234567'],
  ])('stores the phone %j in E.164 (%s)', (typed, e164) =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db);
      const { result, error } = await register(db, event, { phone: typed });
      expect(error).toBeNull();
      expect((await participant(db, result!.participant_id)).phone).toBe(e164);
    }),
  );

  it('marks a free registration as paid', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, { payment_methods: ['free'], price: 0 });
      const { result } = await register(db, event, { paymentMethod: 'free' });
      expect(result?.payment_status).toBe('paid');
    }));

  it('books an event without a start date and one that starts today', () =>
    inRolledBackTransaction(async (db) => {
      const undated = await insertEvent(db, { startInDays: null });
      const today = await insertEvent(db, { startInDays: 0 });
      expect((await register(db, undated)).error).toBeNull();
      expect((await register(db, today)).error).toBeNull();
    }));

  it('the last seat makes the event full (derived from the count; is_sold_out stays off)', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, { max_participants: 2 });
      await register(db, event);
      expect((await availabilityOf(db, event.id)).is_full).toBe(false);
      const { result } = await register(db, event, { email: 'zweite@example.ch' });
      expect(result?.current_participants).toBe(2);
      expect(await availabilityOf(db, event.id)).toMatchObject({ is_full: true, reason: 'full' });
      expect((await eventById(db, event.id)).is_sold_out).toBe(false);
    }));
});

describe('register_for_event: idempotent on the request id', () => {
  it('returns the first registration for a repeated request id, with a fresh token', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db);
      const requestId = randomUUID();
      const first = (await register(db, event, { requestId })).result!;
      const again = (await register(db, event, { requestId, name: 'Anders' })).result!;

      expect(again.participant_id).toBe(first.participant_id);
      expect(again.current_participants).toBe(1);
      const [{ count } = { count: -1 }] = await db.query<{ count: number }>(
        'select count(*)::int as count from public.participants where event_id = $1',
        [event.id],
      );
      expect(count).toBe(1);
      // The repeat's token replaces the first one (only one hash is kept).
      const row = await participant(db, first.participant_id);
      expect(row.confirmation_token_hash).toBe(sha256(again.confirmation_token!));
      expect(row.name).toBe('Petra Muster');
    }));

  it('answers a repeat even after the event filled up, and gives no token once the mail was sent', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, { max_participants: 1 });
      const requestId = randomUUID();
      const first = (await register(db, event, { requestId })).result!;
      await db.query('update public.participants set confirmation_sent_at = now() where id = $1', [
        first.participant_id,
      ]);
      const again = await register(db, event, { requestId });
      expect(again.error).toBeNull();
      expect(again.result).toMatchObject({ participant_id: first.participant_id, confirmation_token: null });
    }));

  it('refuses a request id that belongs to another event', () =>
    inRolledBackTransaction(async (db) => {
      const requestId = randomUUID();
      await register(db, await insertEvent(db), { requestId });
      const { error } = await register(db, await insertEvent(db, { title: 'Anderes' }), { requestId });
      expect({ message: error?.message, detail: error?.detail }).toEqual({
        message: 'INVALID_INPUT',
        detail: 'request_id',
      });
    }));
});

describe('register_for_event: refusals', () => {
  const refusals: Array<
    [string, Record<string, unknown> & { startInDays?: number | null }, Partial<Form>, string]
  > = [
    // Invisible to visitors: answered like an unknown id, so the function is no oracle.
    ['a draft', { status: 'draft' }, {}, 'EVENT_NOT_FOUND'],
    ['an archived event', { status: 'archived' }, {}, 'EVENT_NOT_FOUND'],
    ['an event in the past', { startInDays: -1 }, {}, 'EVENT_NOT_BOOKABLE'],
    ['a cancelled event', { is_cancelled: true }, {}, 'EVENT_CANCELLED'],
    ['a cancelled and sold-out event', { is_cancelled: true, is_sold_out: true }, {}, 'EVENT_CANCELLED'],
    ['an event the admin closed for bookings', { is_sold_out: true }, {}, 'EVENT_SOLD_OUT'],
    [
      'a payment method the event does not allow',
      { payment_methods: ['stripe'] },
      { paymentMethod: 'onsite' },
      'PAYMENT_METHOD_NOT_ALLOWED',
    ],
  ];

  it.each(refusals)('refuses %s', (_label, eventColumns, form, message) =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, eventColumns);
      const { error } = await register(db, event, form);
      expect(error?.code).toBe('P0001');
      expect(error?.message).toBe(message);
      expect((await eventById(db, event.id)).current_participants).toBe(0);
    }),
  );

  it('refuses an unknown event', () =>
    inRolledBackTransaction(async (db) => {
      const { error } = await register(db, { id: randomUUID() });
      expect(error?.message).toBe('EVENT_NOT_FOUND');
    }));

  it('refuses a full event although the admin has not closed bookings', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, { max_participants: 1 });
      await register(db, event);
      expect((await eventById(db, event.id)).is_sold_out).toBe(false);
      const { error } = await register(db, event, { email: 'zu-spaet@example.ch' });
      expect(error?.message).toBe('EVENT_SOLD_OUT');
    }));

  const invalid: Array<[keyof Form, string]> = [
    ['name', '   '],
    ['name', 'x'.repeat(101)],
    // Names as names (issue 25): no link, message, address or digits mailed back as a greeting.
    ['name', 'Ihr Konto wird gesperrt - jetzt bestaetigen: https://evil.example/login'],
    ['name', 'Konto gesperrt evil.example'],
    ['name', 'anna@example.ch'],
    ['name', 'Anna 2'],
    ['name', '-Anna'],
    ['email', 'petra.example.ch'],
    ['email', 'petra@example'],
    ['email', 'pe tra@example.ch'],
    ['email', `${'x'.repeat(250)}@example.ch`],
    ['phone', ''],
    ['phone', 'call me'],
    ['phone', '12'],
    ['phone', '12345'],
    ['phone', '+41 79 123 45 67 89 01 23 45'],
    ['phone', '+0 79 123 45 67'],
    ['paymentMethod', 'bitcoin'],
    ['paymentMethod', ''],
    ['notes', 'x'.repeat(2001)],
  ];

  it.each(invalid)('refuses an invalid %s (%j) as INVALID_INPUT naming the field', (field, value) =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db);
      const { error } = await register(db, event, { [field]: value });
      const column = field === 'paymentMethod' ? 'payment_method' : field;
      expect({ code: error?.code, message: error?.message, detail: error?.detail }).toEqual({
        code: 'P0001',
        message: 'INVALID_INPUT',
        detail: column,
      });
    }),
  );

  it.each([
    'Zoë Müller-Brändli',
    'Jose\u0301 Ñandú',
    '山田 太郎',
    'Ngũgĩ wa Thiong’o',
    "Anna O'Brien",
    'Dr. med. Anna Muster',
  ])('accepts the name %j as typed (any script, marks, dots, hyphens, apostrophes)', (name) =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db);
      const { result, error } = await register(db, event, { name });
      expect(error).toBeNull();
      expect((await participant(db, result!.participant_id)).name).toBe(name);
    }),
  );

  it('refuses null arguments as INVALID_INPUT', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db);
      const outcome = await db.as(service, REGISTER, [event.id, null, null, null, null, null, null]);
      expect(outcome.error?.message).toBe('INVALID_INPUT');
    }));
});

/** As the edge function books for a visitor: with the client address and the minimum allowance. */
const REGISTER_FROM = `select public.register_for_event($1, $2, $3, $4, $5, '', null, $6, '{}', $7, $8) as result`;

async function registerFrom(
  db: Session,
  event: Pick<EventRow, 'id'>,
  address: string,
  persons: number,
  form: Partial<Form> = {},
) {
  const f = { ...validForm, email: `${randomUUID()}@example.ch`, ...form };
  const outcome = await db.as<{ result: Registration }>(service, REGISTER_FROM, [
    event.id,
    f.name,
    f.email,
    f.phone,
    f.paymentMethod,
    persons,
    address,
    6,
  ]);
  return { result: outcome.rows[0]?.result, error: outcome.error };
}

const unitsOf = async (db: Session, address: string, event: Pick<EventRow, 'id'>) =>
  (
    await db.query<{ hits: number }>('select hits from public.function_rate_limits where key = $1', [
      `persons:${address}:event:${event.id}`,
    ])
  ).map((row) => row.hits);

describe('register_for_event: persons per client address, in the booking transaction', () => {
  it('6 + 6 + 3 persons from one address into 15 seats leaves 6; another address books a family of 4', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, { max_participants: 15, max_persons_per_booking: 6 });
      const address = `ip:${randomUUID()}`;
      const outcomes = [];
      for (const persons of [6, 6, 3]) outcomes.push(await registerFrom(db, event, address, persons));
      expect(outcomes.map(({ error }) => error?.message ?? 'booked')).toEqual([
        'booked',
        'ADDRESS_PERSONS_LIMIT',
        'ADDRESS_PERSONS_LIMIT',
      ]);
      expect(outcomes[1]!.error?.detail).toBe('6');
      expect((await eventById(db, event.id)).current_participants).toBe(6);
      expect(await unitsOf(db, address, event)).toEqual([6]);
      expect((await registerFrom(db, event, `ip:${randomUUID()}`, 4)).error).toBeNull();
    }));

  it('grants the larger of the minimum, the per-booking limit and 40 % of the seats', () =>
    inRolledBackTransaction(async (db) => {
      const big = await insertEvent(db, { max_participants: 40, max_persons_per_booking: 10 });
      const address = `ip:${randomUUID()}`;
      expect((await registerFrom(db, big, address, 10)).error).toBeNull();
      expect((await registerFrom(db, big, address, 6)).error).toBeNull();
      expect((await registerFrom(db, big, address, 1)).error?.detail).toBe('16');
      const group = await insertEvent(db, { max_participants: 10, max_persons_per_booking: 8 });
      expect((await registerFrom(db, group, address, 8)).error).toBeNull();
    }));

  it('counts nothing for a refused booking (sold out, name refused, e-mail taken, too many persons, no method)', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, { max_participants: 4, max_persons_per_booking: 4 });
      const address = `ip:${randomUUID()}`;
      const refused = [
        await registerFrom(db, event, address, 5),
        await registerFrom(db, event, address, 2, {
          name: 'Ihr Konto wird gesperrt - jetzt bestaetigen: https://evil.example/login',
        }),
        await registerFrom(db, event, address, 2, { paymentMethod: 'invoice' }),
      ];
      expect(
        (await registerFrom(db, event, `ip:${randomUUID()}`, 3, { email: 'taken@example.ch' })).error,
      ).toBeNull();
      refused.push(await registerFrom(db, event, address, 1, { email: 'taken@example.ch' }));
      refused.push(await registerFrom(db, event, address, 2));
      expect(refused.map(({ error }) => error?.message)).toEqual([
        'TOO_MANY_PERSONS',
        'INVALID_INPUT',
        'PAYMENT_METHOD_NOT_ALLOWED',
        'ALREADY_REGISTERED',
        'NOT_ENOUGH_SEATS',
      ]);
      const soldOut = await insertEvent(db, { is_sold_out: true });
      expect((await registerFrom(db, soldOut, address, 1)).error?.message).toBe('EVENT_SOLD_OUT');
      expect(await unitsOf(db, address, event)).toEqual([]);
      expect(await unitsOf(db, address, soldOut)).toEqual([]);
    }));

  it('counts a repeated request id once, and nothing without an address key', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, { max_participants: 15, max_persons_per_booking: 6 });
      const address = `ip:${randomUUID()}`;
      const requestId = randomUUID();
      const twice = `select public.register_for_event($1, 'Petra Muster', 'petra@example.ch', '+41 79 123 45 67', 'onsite', '', $2, 4, '{}', $3, 6) as result`;
      expect((await db.as(service, twice, [event.id, requestId, address])).error).toBeNull();
      expect((await db.as(service, twice, [event.id, requestId, address])).error).toBeNull();
      expect(await unitsOf(db, address, event)).toEqual([4]);
      expect((await register(db, event, { email: 'ohne@example.ch' })).error).toBeNull();
    }));
});

describe('register_for_event: abuse rules', () => {
  it('may not be called by visitors directly, only by the service role (the edge function)', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db);
      const args = [event.id, 'Petra', 'petra@example.ch', '+41 79 123 45 67', 'onsite', '', null];
      expect((await db.as(anon, REGISTER, args)).error?.code).toBe('42501');
      expect((await db.as(service, REGISTER, args)).error).toBeNull();
    }));

  it('answers an unknown and a draft event id alike', () =>
    inRolledBackTransaction(async (db) => {
      const draft = await insertEvent(db, { status: 'draft' });
      const unknown = await register(db, { id: randomUUID() });
      const hidden = await register(db, draft);
      expect({ code: hidden.error?.code, message: hidden.error?.message }).toEqual({
        code: unknown.error?.code,
        message: unknown.error?.message,
      });
    }));

  it('holds one active registration per e-mail address and event (any case); a cancelled one frees it', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db);
      const first = await register(db, event, { email: 'petra@example.ch' });
      const second = await register(db, event, { email: ' PETRA@example.CH ', name: 'Petra Zwei' });
      expect({ code: second.error?.code, message: second.error?.message }).toEqual({
        code: 'P0001',
        message: 'ALREADY_REGISTERED',
      });
      expect((await eventById(db, event.id)).current_participants).toBe(1);
      // Another event takes the same address.
      expect((await register(db, await insertEvent(db, { title: 'Anderes' }))).error).toBeNull();

      await db.query(`update public.participants set status = 'cancelled' where id = $1`, [
        first.result!.participant_id,
      ]);
      expect((await register(db, event)).error).toBeNull();
    }));

  it("allows 'free' only on events without a price", () =>
    inRolledBackTransaction(async (db) => {
      const paid = await insertEvent(db, { price: 40 });
      const offerFree = await db.as(
        service,
        `update public.events set payment_methods = '{onsite,free}' where id = $1`,
        [paid.id],
      );
      expect(offerFree.error?.code).toBe('23514');
      expect(offerFree.error?.constraint).toBe('events_payment_methods_free_check');

      const free = await insertEvent(db, { price: 0, payment_methods: ['free'] });
      const raise = await db.as(service, 'update public.events set price = 10 where id = $1', [free.id]);
      expect(raise.error?.constraint).toBe('events_payment_methods_free_check');
    }));

  it('never marks a registration of a priced event as paid', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, { price: 25, payment_methods: ['onsite'] });
      const { error } = await register(db, event, { paymentMethod: 'free' });
      expect(error?.message).toBe('PAYMENT_METHOD_NOT_ALLOWED');
      const { result } = await register(db, event, { paymentMethod: 'onsite' });
      expect(result?.payment_status).toBe('pending');
    }));
});

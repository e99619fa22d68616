import { anon, type Actor, type Session } from './db';

export interface EventRow {
  id: string;
  title: string;
  slug: string;
  status: string;
  start_date: string | null;
  max_participants: number;
  max_persons_per_booking: number;
  current_participants: number;
  /** Persons of the open waiting-list offers (supabase/schemas/30_waiting_list.sql). */
  offered_persons: number;
  is_sold_out: boolean;
  is_cancelled: boolean;
  payment_methods: string[];
  price: string;
}

export interface ParticipantRow {
  id: string;
  event_id: string;
  name: string;
  email: string;
  phone: string;
  /** held | confirmed | cancelled | expired (the booking's state; money lives in payments). */
  status: string;
  payment_method: string;
  notes: string;
  request_id: string | null;
  confirmation_token_hash: string | null;
  persons: number;
  reference: string;
}

/** 'yyyy-MM-dd' of today plus n days, computed by the database in Zurich time. */
export const daysFromToday = (days: number) =>
  `((now() at time zone 'Europe/Zurich')::date + ${Number(days)})`;

const COLUMNS = new Set([
  'title',
  'subtitle',
  'description',
  'category',
  'start_date',
  'end_date',
  'start_time',
  'end_time',
  'location',
  'price',
  'max_participants',
  'max_persons_per_booking',
  'min_age',
  'max_age',
  'status',
  'image_url',
  'payment_methods',
  'is_sold_out',
  'is_cancelled',
  'bring_along',
  'current_participants',
  'slug',
  'questions',
]);

/**
 * Inserts an event as the superuser: a published, bookable event in 30 days unless the
 * overrides say otherwise. `startInDays` sets start_date relative to today (null: no date).
 */
export async function insertEvent(
  session: Session,
  overrides: Record<string, unknown> & { startInDays?: number | null } = {},
): Promise<EventRow> {
  const { startInDays = 30, ...columns } = overrides;
  const values: Record<string, unknown> = {
    title: 'Testevent',
    status: 'published',
    price: 50,
    max_participants: 15,
    // 'free' only on events without a price (events_payment_methods_free_check).
    payment_methods: ['stripe', 'onsite'],
    ...columns,
  };
  const names = Object.keys(values);
  for (const name of names) {
    if (!COLUMNS.has(name)) throw new Error(`insertEvent: unknown column ${name}`);
  }
  const placeholders = names.map((_, index) => `$${index + 1}`);
  const startDate = startInDays === null ? 'null' : daysFromToday(startInDays);
  const [event] = await session.query<EventRow>(
    `insert into public.events (${[...names, 'start_date'].join(', ')})
     values (${[...placeholders, startDate].join(', ')})
     returning *`,
    names.map((name) => values[name]),
  );
  if (!event) throw new Error('event not inserted');
  return event;
}

/** Inserts a participant directly as the superuser (the count follows by trigger). */
export async function insertParticipant(
  session: Session,
  eventId: string,
  overrides: Partial<
    Pick<ParticipantRow, 'name' | 'email' | 'phone' | 'status' | 'payment_method' | 'persons'>
  > & {
    /** Inserts a succeeded payment row of the booking's full price (card for 'stripe'). */
    paid?: boolean;
  } = {},
): Promise<ParticipantRow> {
  const method = overrides.payment_method ?? 'onsite';
  const status = overrides.status ?? 'confirmed';
  const [participant] = await session.query<ParticipantRow>(
    `insert into public.participants (event_id, name, email, phone, status, payment_method, persons, hold_expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, case when $5 = 'held' then now() + interval '30 minutes' end) returning *`,
    [
      eventId,
      overrides.name ?? 'Petra Muster',
      overrides.email ?? 'petra@example.ch',
      overrides.phone ?? '+41 79 123 45 67',
      status,
      method,
      overrides.persons ?? 1,
    ],
  );
  if (!participant) throw new Error('participant not inserted');
  if (overrides.paid) await insertPayment(session, participant.id);
  return participant;
}

/**
 * A succeeded payment of the booking's price x persons (or `amountCents`), as the transitions
 * record them: card with a payment intent for online bookings, else the booking's own method.
 */
export async function insertPayment(
  session: Session,
  participantId: string,
  amountCents?: number,
): Promise<{ id: string; amount_cents: number }> {
  const [payment] = await session.query<{ id: string; amount_cents: number }>(
    `insert into public.payments (participant_id, method, amount_cents, currency, provider_reference)
     select p.id,
            case when p.payment_method = 'stripe' then 'card'
                 when p.payment_method = 'invoice' then 'invoice' else 'onsite' end,
            coalesce($2::int, (round(e.price * 100))::int * p.persons),
            'CHF',
            case when p.payment_method = 'stripe' then 'pi_test' || substr(md5(p.id::text), 1, 16) end
       from public.participants p join public.events e on e.id = p.event_id
      where p.id = $1
     returning id, amount_cents`,
    [participantId, amountCents ?? null],
  );
  if (!payment) throw new Error('payment not inserted');
  return payment;
}

export async function eventById(session: Session, id: string): Promise<EventRow> {
  const [event] = await session.query<EventRow>('select * from public.events where id = $1', [id]);
  if (!event) throw new Error(`event ${id} not found`);
  return event;
}

/** Persons of the event's non-cancelled participants, counted directly. */
export async function activeParticipantCount(session: Session, eventId: string): Promise<number> {
  const [row] = await session.query<{ count: number }>(
    `select coalesce(sum(persons), 0)::int as count from public.participants where event_id = $1 and status in ('held', 'confirmed')`,
    [eventId],
  );
  return row?.count ?? 0;
}

export interface Availability {
  seats_left: number;
  is_full: boolean;
  is_bookable: boolean;
  reason: string | null;
  /** The most persons one booking may hold now. */
  max_persons: number;
}

/** public.availability(events) of the event, read as the actor would (a visitor by default). */
export async function availabilityOf(
  session: Session,
  eventId: string,
  actor: Actor = anon,
): Promise<Availability> {
  const outcome = await session.as<Availability>(
    actor,
    'select (public.availability(e)).* from public.events e where e.id = $1',
    [eventId],
  );
  if (outcome.error) throw outcome.error;
  const [row] = outcome.rows;
  if (!row) throw new Error(`event ${eventId} not visible`);
  return row;
}

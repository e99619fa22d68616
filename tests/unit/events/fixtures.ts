import { mapEventRow, type EventRow } from '@/features/events/lib/event-row';
import type { EventAvailability, PublicEvent } from '@/features/events/types';
import { todayIso } from '@/lib/dates';
import { restTable, type Responder } from '../../support/fake-backend';

/** A row as the fake table stores it: what the API serves plus the admin's is_sold_out switch. */
export type StoredEventRow = EventRow & { is_sold_out: boolean };

/**
 * Stand-in for public.availability(events), which the real API computes for every row it serves
 * (the real function is tested in tests/db/availability.test.ts). The fake events table applies
 * it on every answer, so a test that changes a stored row sees the new answer.
 */
export function servedAvailability(row: StoredEventRow, today = todayIso()): EventRow['availability'] {
  const isFull = row.current_participants >= row.max_participants;
  const reason =
    row.status !== 'published'
      ? row.status
      : row.is_cancelled
        ? 'cancelled'
        : row.start_date !== null && row.start_date < today
          ? 'past'
          : row.is_sold_out
            ? 'closed'
            : isFull
              ? 'full'
              : null;
  return {
    seats_left: Math.max(row.max_participants - row.current_participants, 0),
    is_full: isFull,
    is_bookable: reason === null,
    reason,
    max_persons: Math.min(
      Math.max(row.max_participants - row.current_participants, 0),
      row.max_persons_per_booking,
    ),
  };
}

/**
 * The fake backend's events table: the stored rows with the availability the API would compute
 * for each on this request, filtered and sorted by date like the real list queries.
 */
export function eventsTable(rows: () => StoredEventRow[]): Responder {
  return restTable(
    () => rows().map((row) => ({ ...row, availability: servedAvailability(row) })),
    'start_date',
  );
}

// Test data shaped exactly like PostgREST rows, so tests also exercise the mapping.
export function eventRow(overrides: Partial<StoredEventRow> = {}): StoredEventRow {
  const row = {
    id: '7f1f6c1e-1111-4a4a-9c9c-000000000001',
    slug: 'breathwork-abend-05-03-2026',
    title: 'Breathwork Abend',
    subtitle: 'Atmen im Kreis',
    description: 'Eine Session.',
    category: 'breathwork',
    start_date: '2026-03-05',
    end_date: '2026-03-05',
    start_time: '18:30',
    end_time: '20:30',
    location: 'Suhr',
    price: 45,
    max_participants: 12,
    max_persons_per_booking: 6,
    current_participants: 3,
    status: 'published',
    image_url: 'https://cdn.example.ch/a.jpg',
    payment_methods: ['stripe', 'onsite'],
    is_sold_out: false,
    is_cancelled: false,
    bring_along: 'Decke',
    cancellation_deadline_hours: 48,
    questions: [],
    min_age: null,
    max_age: null,
    availability: null,
    ticket_price_from: null,
    ...overrides,
  };
  return { ...row, availability: overrides.availability ?? servedAvailability(row) };
}

let counter = 0;

/** A published future event row with a fresh id and slug. */
export function uniqueRow(overrides: Partial<StoredEventRow> = {}): StoredEventRow {
  counter += 1;
  const id = `7f1f6c1e-1111-4a4a-9c9c-${String(counter).padStart(12, '0')}`;
  return eventRow({
    id,
    slug: `event-${counter}-05-03-2099`,
    start_date: '2099-03-05',
    end_date: '2099-03-05',
    ...overrides,
  });
}

export function event(overrides: Partial<PublicEvent> = {}): PublicEvent {
  return { ...mapEventRow(uniqueRow()), ...overrides };
}

/** The database's answer for a bookable event with this many seats left. */
export function bookable(seatsLeft: number): { availability: EventAvailability } {
  return {
    availability: {
      seatsLeft,
      isFull: false,
      isBookable: true,
      reason: null,
      maxPersons: Math.min(seatsLeft, 6),
    },
  };
}

/** The database's answer for an event that cannot be booked, and why. */
export function notBookable(
  reason: NonNullable<EventAvailability['reason']>,
  seatsLeft = 0,
): { availability: EventAvailability } {
  return {
    availability: { seatsLeft, isFull: reason === 'full', isBookable: false, reason, maxPersons: 0 },
  };
}

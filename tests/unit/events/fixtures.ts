import { mapEventRow, type EventRow } from '@/features/events/lib/event-row';
import type { PublicEvent } from '@/features/events/types';

// Test data shaped exactly like PostgREST rows, so tests also exercise the mapping.
export function eventRow(overrides: Partial<EventRow> = {}): EventRow {
  return {
    id: '7f1f6c1e-1111-4a4a-9c9c-000000000001',
    slug: 'breathwork-abend-05-03-2026',
    title: 'Breathwork Abend',
    subtitle: 'Atmen im Kreis',
    description: 'Eine Session.',
    category: 'breathwork',
    start_date: '2026-03-05',
    end_date: '2026-03-05',
    time: '18:30 - 20:30',
    location: 'Suhr',
    price: 45,
    max_participants: 12,
    current_participants: 3,
    status: 'published',
    image_url: 'https://cdn.example.ch/a.jpg',
    payment_methods: ['stripe', 'onsite'],
    is_sold_out: false,
    is_cancelled: false,
    bring_along: 'Decke',
    ...overrides,
  };
}

let counter = 0;

/** A published future event row with a fresh id and slug. */
export function uniqueRow(overrides: Partial<EventRow> = {}): EventRow {
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

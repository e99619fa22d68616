import type { User } from '@supabase/supabase-js';
import type { EventRow } from '@/features/admin-events/lib/admin-event';
import type { ParticipantRow } from '@/features/admin-participants/lib/admin-participant';

export const adminAuth = {
  user: { id: '00000000-0000-4000-8000-0000000000ad', email: 'admin@example.ch' } as User,
  isAdmin: true,
};

export function eventRow(overrides: Partial<EventRow> = {}): EventRow {
  return {
    id: 'e0000000-0000-4000-8000-000000000001',
    title: 'Breathwork & Brunch',
    subtitle: null,
    description: 'Atmen und essen',
    category: 'breathwork',
    start_date: '2099-03-15',
    end_date: null,
    start_time: '10:00:00',
    end_time: '13:00:00',
    location: 'Suhr',
    price: 130,
    max_participants: 15,
    max_persons_per_booking: 6,
    cancellation_deadline_hours: 48,
    questions: [],
    min_age: null,
    max_age: null,
    series_id: null,
    current_participants: 3,
    status: 'published',
    image_url: null,
    payment_methods: ['stripe', 'onsite'],
    is_sold_out: false,
    is_cancelled: false,
    bring_along: null,
    slug: 'breathwork-brunch-15-03-2099',
    created_at: '2026-01-01T10:00:00Z',
    updated_at: '2026-01-01T10:00:00Z',
    ...overrides,
  };
}

/** A row of admin_bookings: a confirmed booking paid on site, nothing paid yet (CHF 130 open). */
export function participantRow(overrides: Partial<ParticipantRow> = {}): ParticipantRow {
  return {
    id: 'p0000000-0000-4000-8000-000000000001',
    // The event comes from GET /rest/v1/events by this id (the test's events list).
    event_id: 'e-1',
    reference: 'SW-7K3M',
    name: 'Anna Muster',
    email: 'anna@example.ch',
    phone: '+41 79 111 22 33',
    status: 'confirmed',
    payment_method: 'onsite',
    persons: 1,
    invoice_reference: null,
    registration_date: '2026-11-20T09:30:00Z',
    notes: '',
    answers: [],
    created_at: '2026-11-20T09:30:00Z',
    owed_cents: 13000,
    paid_cents: 0,
    refunded_cents: 0,
    open_cents: 13000,
    excess_cents: 0,
    needs_review: false,
    paid_method: null,
    refund_open: false,
    last_action: 'booked',
    last_action_at: '2026-11-20T09:30:00Z',
    anonymised_at: null,
    discount_code: null,
    code_discount_cents: null,
    tickets: null,
    event: {
      id: 'e-1',
      title: 'Breathwork & Brunch',
      start_date: '2099-03-15',
      price: 130,
    },
    ...overrides,
  };
}

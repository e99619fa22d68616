// The public event as the UI sees it (spec §3): camelCase, validated, never the raw row.
import type { EventCategory, EventStatus, PaymentMethod } from '@/lib/event-domain';
import type { Json } from '@common/database.ts';

/**
 * Named PublicEvent, not Event, so it never shadows the DOM's global Event. Admin screens have
 * their own model (AdminEvent).
 */
export interface PublicEvent {
  id: string;
  slug: string;
  title: string;
  subtitle: string | null;
  description: string;
  category: EventCategory;
  /** 'yyyy-MM-dd' or null when the event has no fixed date. */
  startDate: string | null;
  endDate: string | null;
  /** Wall-clock start and end in Zurich, 'HH:MM', or null (see @common/event-time.ts). */
  startTime: string | null;
  endTime: string | null;
  location: string;
  price: number;
  /** With ticket types (issue 28): the lowest price, shown as 'ab CHF 25.00'; null without types. */
  priceFrom: number | null;
  maxParticipants: number;
  /** The most persons one booking (or waiting-list entry) may hold (events.max_persons_per_booking). */
  maxPersonsPerBooking: number;
  currentParticipants: number;
  status: EventStatus;
  /** Never empty: a missing or unusable image becomes the placeholder. */
  imageUrl: string;
  paymentMethods: PaymentMethod[];
  isCancelled: boolean;
  /** The database's answer: seats left, full, bookable and why not. */
  availability: EventAvailability;
  bringAlong: string | null;
  /** Until how many hours before the start a booking may be cancelled or reduced free of charge. */
  cancellationDeadlineHours: number;
  /**
   * events.questions as stored: asked with every booking (and waiting-list entry), read with
   * readQuestions (src/lib/event-questions.ts) by the booking page only, so the reader stays out
   * of the public pages' initial JavaScript.
   */
  questions: Json;
  /** For which ages (years) the event is meant (events.min_age / max_age); null: not stated. */
  minAge: number | null;
  maxAge: number | null;
  /** Built-in sample shown while the database is unreachable; it can never be booked. */
  isSample: boolean;
}

/** public.availability(events) (docs/data-model.md); reason is null when bookable. */
export interface EventAvailability {
  seatsLeft: number;
  isFull: boolean;
  isBookable: boolean;
  reason: 'draft' | 'archived' | 'cancelled' | 'past' | 'closed' | 'full' | null;
  /** The most persons one booking may hold now: min(seats left, the event's per-booking limit). */
  maxPersons: number;
}

/** Singular names for the badge on a card. */
export const CATEGORY_NAMES: Record<EventCategory, string> = {
  breathwork: 'Breathwork',
  workshop: 'Workshop',
  retreat: 'Retreat',
  stammtisch: 'Stammtisch',
  kids: 'Kids',
  'sense-of-breath': 'Sense of Breath',
};

/** Which published events a list shows. */
export interface PublishedEventsFilter {
  /** Only these categories; all when absent or empty. */
  categories?: readonly EventCategory[];
  limit?: number;
}

// Row shape of `events` (until src/types/database.ts is generated) and the client-side model.

import {
  CATEGORY_LABELS,
  type EventCategory,
  type EventStatus,
  type PaymentMethod,
} from '@/lib/event-domain';

export {
  EVENT_CATEGORIES,
  EVENT_STATUSES,
  PAYMENT_METHODS,
  type EventCategory,
  type EventStatus,
  type PaymentMethod,
} from '@/lib/event-domain';

export interface EventRow {
  id: string;
  title: string;
  subtitle: string | null;
  description: string;
  category: string;
  start_date: string | null;
  end_date: string | null;
  time: string;
  location: string;
  price: number | string;
  max_participants: number;
  max_persons_per_booking: number;
  current_participants: number;
  status: EventStatus;
  image_url: string | null;
  payment_methods: PaymentMethod[];
  is_sold_out: boolean;
  is_cancelled: boolean;
  bring_along: string | null;
  slug: string | null;
  created_at: string;
  updated_at: string;
}

/** The columns an admin writes; the rest are kept by the database. */
export type EventWrite = Omit<
  EventRow,
  'id' | 'current_participants' | 'slug' | 'created_at' | 'updated_at' | 'price'
> & {
  price: number;
};

export interface AdminEvent {
  id: string;
  title: string;
  subtitle: string | null;
  description: string;
  category: string;
  startDate: string | null;
  endDate: string | null;
  time: string;
  location: string;
  price: number;
  maxParticipants: number;
  /** How many persons one visitor's booking may hold. */
  maxPersonsPerBooking: number;
  currentParticipants: number;
  status: EventStatus;
  imageUrl: string | null;
  paymentMethods: PaymentMethod[];
  isSoldOut: boolean;
  isCancelled: boolean;
  bringAlong: string | null;
}

export function toAdminEvent(row: EventRow): AdminEvent {
  return {
    id: row.id,
    title: row.title,
    subtitle: row.subtitle,
    description: row.description,
    category: row.category,
    startDate: row.start_date,
    endDate: row.end_date,
    time: row.time,
    location: row.location,
    // numeric(10,2) may arrive as a string depending on the PostgREST version.
    price: Number(row.price),
    maxParticipants: row.max_participants,
    maxPersonsPerBooking: row.max_persons_per_booking,
    currentParticipants: row.current_participants,
    status: row.status,
    imageUrl: row.image_url || null,
    paymentMethods: row.payment_methods ?? [],
    isSoldOut: row.is_sold_out,
    isCancelled: row.is_cancelled,
    bringAlong: typeof row.bring_along === 'string' ? row.bring_along : null,
  };
}

export function categoryLabel(category: string): string {
  return CATEGORY_LABELS[category as EventCategory] ?? category;
}

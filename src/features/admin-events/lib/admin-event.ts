// The admin's model of an event, mapped once from the generated row type.

import {
  CATEGORY_LABELS,
  isEventCategory,
  isEventStatus,
  isPaymentMethod,
  type EventStatus,
  type PaymentMethod,
} from '@/lib/event-domain';
import { readQuestions, type EventQuestion } from '@/lib/event-questions';
import type { Tables, TablesInsert } from '@common/database.ts';
import { clockText } from '@common/event-time.ts';

/** The columns the admin screens read. A literal, so supabase-js infers the row type from it. */
export const ADMIN_EVENT_COLUMNS =
  'id, title, subtitle, description, category, start_date, end_date, start_time, end_time, location, price, max_participants, max_persons_per_booking, cancellation_deadline_hours, current_participants, status, image_url, payment_methods, is_sold_out, is_cancelled, bring_along, questions, min_age, max_age, series_id, slug, created_at, updated_at';

/** The row as PostgREST sends it for ADMIN_EVENT_COLUMNS. */
export type EventRow = Pick<
  Tables<'events'>,
  | 'id'
  | 'title'
  | 'subtitle'
  | 'description'
  | 'category'
  | 'start_date'
  | 'end_date'
  | 'start_time'
  | 'end_time'
  | 'location'
  | 'price'
  | 'max_participants'
  | 'max_persons_per_booking'
  | 'cancellation_deadline_hours'
  | 'current_participants'
  | 'status'
  | 'image_url'
  | 'payment_methods'
  | 'is_sold_out'
  | 'is_cancelled'
  | 'bring_along'
  | 'questions'
  | 'min_age'
  | 'max_age'
  | 'series_id'
  | 'slug'
  | 'created_at'
  | 'updated_at'
>;

/** The columns an admin writes, all of them on every save; the rest are kept by the database. */
export type EventWrite = Required<
  Pick<
    TablesInsert<'events'>,
    | 'title'
    | 'subtitle'
    | 'description'
    | 'category'
    | 'start_date'
    | 'end_date'
    | 'start_time'
    | 'end_time'
    | 'location'
    | 'price'
    | 'max_participants'
    | 'max_persons_per_booking'
    | 'cancellation_deadline_hours'
    | 'status'
    | 'image_url'
    | 'payment_methods'
    | 'is_sold_out'
    | 'is_cancelled'
    | 'bring_along'
    | 'questions'
    | 'min_age'
    | 'max_age'
  >
>;

export interface AdminEvent {
  id: string;
  title: string;
  subtitle: string | null;
  description: string;
  category: string;
  startDate: string | null;
  endDate: string | null;
  /** 'HH:MM' wall clock in Zurich, or null. */
  startTime: string | null;
  endTime: string | null;
  location: string;
  price: number;
  maxParticipants: number;
  /** How many persons one visitor's booking may hold. */
  maxPersonsPerBooking: number;
  /** Until how many hours before the start a visitor may cancel or reduce free of charge. */
  cancellationDeadlineHours: number;
  currentParticipants: number;
  status: EventStatus;
  imageUrl: string | null;
  paymentMethods: PaymentMethod[];
  isSoldOut: boolean;
  isCancelled: boolean;
  bringAlong: string | null;
  /** Asked with every booking (docs/data-model.md, "Questions per event"). */
  questions: EventQuestion[];
  /** For which ages (years) the event is meant; null: not stated. */
  minAge: number | null;
  maxAge: number | null;
  /** The series it was created in (admin_create_event_series), null for a single event. */
  seriesId: string | null;
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
    startTime: clockText(row.start_time),
    endTime: clockText(row.end_time),
    location: row.location,
    // numeric(10,2) may arrive as a string depending on the PostgREST version.
    price: Number(row.price),
    maxParticipants: row.max_participants,
    maxPersonsPerBooking: row.max_persons_per_booking,
    cancellationDeadlineHours: row.cancellation_deadline_hours,
    currentParticipants: row.current_participants,
    // The check constraints allow only known values; anything else would be a schema change.
    status: isEventStatus(row.status) ? row.status : 'draft',
    imageUrl: row.image_url || null,
    paymentMethods: (row.payment_methods ?? []).filter(isPaymentMethod),
    isSoldOut: row.is_sold_out,
    isCancelled: row.is_cancelled,
    bringAlong: typeof row.bring_along === 'string' ? row.bring_along : null,
    questions: readQuestions(row.questions),
    minAge: row.min_age,
    maxAge: row.max_age,
    seriesId: row.series_id,
  };
}

export function categoryLabel(category: string): string {
  // A fondue hut evening (issue 27) is no category of the event form, but its bookings are listed.
  if (category === 'fondue') return 'Fonduehüsli';
  return isEventCategory(category) ? CATEGORY_LABELS[category] : category;
}

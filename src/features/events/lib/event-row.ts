import { clockText } from '@common/event-time.ts';
import { isEventCategory, isEventStatus, isPaymentMethod, type EventStatus } from '@/lib/event-domain';
import type { Tables } from '@common/database.ts';
import placeholderImage from '../assets/event-placeholder.svg';
import type { EventAvailability, PublicEvent } from '../types';

/**
 * Columns the public side reads. Participants are never selected here (RLS forbids it anyway).
 * A literal, so supabase-js infers the row type from it.
 */
export const EVENT_COLUMNS =
  'id, slug, title, subtitle, description, category, start_date, end_date, start_time, end_time, location, price, max_participants, max_persons_per_booking, current_participants, status, image_url, payment_methods, is_cancelled, bring_along, cancellation_deadline_hours, questions, min_age, max_age, availability, ticket_price_from';

/** The row as PostgREST sends it for EVENT_COLUMNS (generated from the schema). */
export type EventRow = Pick<
  Tables<'events'>,
  | 'id'
  | 'slug'
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
  | 'current_participants'
  | 'status'
  | 'image_url'
  | 'payment_methods'
  | 'is_cancelled'
  | 'bring_along'
  | 'cancellation_deadline_hours'
  | 'questions'
  | 'min_age'
  | 'max_age'
  | 'availability'
  | 'ticket_price_from'
>;

export const PLACEHOLDER_IMAGE: string = placeholderImage;

// Seed data and old forms sometimes hold example-domain URLs that never resolve. Exported for the
// new-event frame's early script, which applies the same rules (early-event-script.ts).
export const PLACEHOLDER_DOMAIN =
  /(^|[/.])(example\.(com|org|net)|placeholder\.com|placehold\.co)([/:?#]|$)/i;

export const ABSOLUTE_URL = /^(https?|data|blob):/i;

/**
 * Spec §3 image rules: absolute URLs are kept, relative ones get one leading slash with duplicate
 * slashes collapsed; empty strings and example-domain URLs count as missing ('').
 */
export function normalizeImageUrl(value: string | null): string {
  const url = value?.trim() ?? '';
  if (url === '' || PLACEHOLDER_DOMAIN.test(url)) return '';
  if (ABSOLUTE_URL.test(url)) return url;
  return `/${url}`.replace(/\/{2,}/g, '/');
}

function toText(value: string | null): string | null {
  const text = value?.trim() ?? '';
  return text === '' ? null : text;
}

// The check constraint allows only the domain's statuses; a value outside them would be a schema change.
function toStatus(value: string): EventStatus {
  return isEventStatus(value) ? value : 'draft';
}

const REASONS = ['draft', 'archived', 'cancelled', 'past', 'closed', 'full'] as const;

function toReason(value: string | null): EventAvailability['reason'] {
  return REASONS.find((reason) => reason === value) ?? null;
}

/** The database's answer as is; a missing one counts as not bookable. */
function toAvailability(value: EventRow['availability']): EventAvailability {
  const isBookable = value?.is_bookable === true;
  return {
    seatsLeft: value?.seats_left ?? 0,
    isFull: value?.is_full ?? false,
    isBookable,
    reason: isBookable ? null : (toReason(value?.reason ?? null) ?? 'closed'),
    maxPersons: value?.max_persons ?? 0,
  };
}

export function mapEventRow(row: EventRow): PublicEvent {
  return {
    id: row.id,
    slug: row.slug || row.id,
    title: row.title,
    subtitle: toText(row.subtitle),
    description: row.description,
    category: isEventCategory(row.category) ? row.category : 'breathwork',
    startDate: row.start_date,
    endDate: row.end_date,
    startTime: clockText(row.start_time),
    endTime: clockText(row.end_time),
    location: row.location,
    price: Number(row.price),
    priceFrom: row.ticket_price_from === null ? null : Number(row.ticket_price_from),
    maxParticipants: row.max_participants,
    maxPersonsPerBooking: row.max_persons_per_booking,
    currentParticipants: row.current_participants,
    status: toStatus(row.status),
    imageUrl: normalizeImageUrl(row.image_url) || PLACEHOLDER_IMAGE,
    paymentMethods: row.payment_methods.filter(isPaymentMethod),
    isCancelled: row.is_cancelled,
    availability: toAvailability(row.availability),
    bringAlong: toText(row.bring_along),
    cancellationDeadlineHours: row.cancellation_deadline_hours,
    // Read (src/lib/event-questions.ts) only where a form asks them: lists never need them.
    questions: row.questions,
    minAge: row.min_age,
    maxAge: row.max_age,
    isSample: false,
  };
}

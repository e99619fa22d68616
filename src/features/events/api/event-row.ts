import placeholderImage from '../assets/event-placeholder.svg';
import { isEventCategory, isPaymentMethod, type Event, type EventStatus } from '../types';

/** Columns the public side reads. Participants are never selected here (RLS forbids it anyway). */
export const EVENT_COLUMNS =
  'id, slug, title, subtitle, description, category, start_date, end_date, time, location, price, max_participants, current_participants, status, image_url, payment_methods, is_sold_out, is_cancelled, bring_along';

/**
 * The row as PostgREST sends it. Written out by hand so the module is typed before the generated
 * Database types exist; fields that older data got wrong are typed `unknown` and checked below.
 */
export interface EventRow {
  id: string;
  slug: string | null;
  title: string;
  subtitle: string | null;
  description: string | null;
  category: string;
  start_date: string | null;
  end_date: string | null;
  time: string | null;
  location: string | null;
  /** numeric(10,2): a number from PostgREST, a string from some drivers. */
  price: number | string | null;
  max_participants: number | null;
  current_participants: number | null;
  status: string;
  image_url: unknown;
  payment_methods: unknown;
  is_sold_out: boolean | null;
  is_cancelled: boolean | null;
  bring_along: unknown;
}

export const PLACEHOLDER_IMAGE: string = placeholderImage;

// Seed data and old forms sometimes hold example-domain URLs that never resolve.
const PLACEHOLDER_DOMAIN = /(^|[/.])(example\.(com|org|net)|placeholder\.com|placehold\.co)([/:?#]|$)/i;

/**
 * Spec §3 image rules: absolute URLs are kept, relative ones get one leading slash with duplicate
 * slashes collapsed; objects, empty strings and example-domain URLs count as missing ('').
 */
export function normalizeImageUrl(value: unknown): string {
  if (typeof value !== 'string') return '';
  const url = value.trim();
  if (url === '' || PLACEHOLDER_DOMAIN.test(url)) return '';
  if (/^(https?|data|blob):/i.test(url)) return url;
  return `/${url}`.replace(/\/{2,}/g, '/');
}

/** A malformed bring_along (an object from an old form) is dropped. */
function toBringAlong(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return text === '' ? null : text;
}

function toStatus(value: string): EventStatus {
  return value === 'published' || value === 'archived' ? value : 'draft';
}

function toNumber(value: number | string | null, fallback: number): number {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : fallback;
}

export function mapEventRow(row: EventRow): Event {
  const paymentMethods = Array.isArray(row.payment_methods)
    ? row.payment_methods.filter(isPaymentMethod)
    : [];
  return {
    id: row.id,
    slug: row.slug || row.id,
    title: row.title,
    subtitle: row.subtitle?.trim() || null,
    description: row.description ?? '',
    category: isEventCategory(row.category) ? row.category : 'breathwork',
    startDate: row.start_date,
    endDate: row.end_date,
    time: row.time ?? '',
    location: row.location ?? '',
    price: toNumber(row.price, 0),
    maxParticipants: toNumber(row.max_participants, 15),
    currentParticipants: toNumber(row.current_participants, 0),
    status: toStatus(row.status),
    imageUrl: normalizeImageUrl(row.image_url) || PLACEHOLDER_IMAGE,
    paymentMethods,
    isSoldOut: row.is_sold_out === true,
    isCancelled: row.is_cancelled === true,
    bringAlong: toBringAlong(row.bring_along),
    isSample: false,
  };
}

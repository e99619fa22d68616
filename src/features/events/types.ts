// The public event as the UI sees it (spec §3): camelCase, validated, never the raw row.
export const EVENT_CATEGORIES = [
  'breathwork',
  'workshop',
  'retreat',
  'stammtisch',
  'kids',
  'sense-of-breath',
] as const;
export type EventCategory = (typeof EVENT_CATEGORIES)[number];

export const PAYMENT_METHODS = ['stripe', 'onsite', 'free'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export type EventStatus = 'draft' | 'published' | 'archived';

export interface Event {
  id: string;
  slug: string;
  title: string;
  subtitle: string | null;
  description: string;
  category: EventCategory;
  /** 'yyyy-MM-dd' or null when the event has no fixed date. */
  startDate: string | null;
  endDate: string | null;
  /** Free text, e.g. '18:30 - 21:30'. */
  time: string;
  location: string;
  price: number;
  maxParticipants: number;
  currentParticipants: number;
  status: EventStatus;
  /** Never empty: a missing or unusable image becomes the placeholder. */
  imageUrl: string;
  paymentMethods: PaymentMethod[];
  isSoldOut: boolean;
  isCancelled: boolean;
  bringAlong: string | null;
  /** Built-in sample shown while the database is unreachable; it can never be booked. */
  isSample: boolean;
}

/** Labels of the public category filter, in the order the spec lists them. */
export const CATEGORY_LABELS: Record<EventCategory, string> = {
  breathwork: 'Breathwork',
  workshop: 'Workshops',
  retreat: 'Retreats',
  stammtisch: 'Stammtisch',
  kids: 'Kids',
  'sense-of-breath': 'Sense of Breath',
};

export function isEventCategory(value: unknown): value is EventCategory {
  return typeof value === 'string' && (EVENT_CATEGORIES as readonly string[]).includes(value);
}

export function isPaymentMethod(value: unknown): value is PaymentMethod {
  return typeof value === 'string' && (PAYMENT_METHODS as readonly string[]).includes(value);
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

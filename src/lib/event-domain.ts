// The vocabulary of events and registrations, shared by the public pages and the admin area.
// The same value lists are enforced by check constraints in the database.

export const EVENT_CATEGORIES = [
  'breathwork',
  'workshop',
  'retreat',
  'stammtisch',
  'kids',
  'sense-of-breath',
] as const;
export type EventCategory = (typeof EVENT_CATEGORIES)[number];

/** Plural labels used by category filters, in the order the spec lists them. */
export const CATEGORY_LABELS: Record<EventCategory, string> = {
  breathwork: 'Breathwork',
  workshop: 'Workshops',
  retreat: 'Retreats',
  stammtisch: 'Stammtisch',
  kids: 'Kids',
  'sense-of-breath': 'Sense of Breath',
};

export const EVENT_STATUSES = ['draft', 'published', 'archived'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

export const EVENT_STATUS_LABELS: Record<EventStatus, string> = {
  published: 'Veröffentlicht',
  draft: 'Entwurf',
  archived: 'Archiviert',
};

export const PAYMENT_METHODS = ['stripe', 'onsite', 'free', 'invoice'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** How a visitor or admin chooses a payment method (spec §5 labels for onsite and free). */
export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  onsite: 'Vor-Ort-Zahlung (bar oder TWINT)',
  free: 'Kostenlos',
  stripe: 'Online-Zahlung (Karte)',
  invoice: 'Rechnung (QR-Rechnung)',
};

export const PAYMENT_STATUSES = ['pending', 'paid', 'cancelled', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  paid: 'Bezahlt',
  pending: 'Ausstehend',
  cancelled: 'Storniert',
  refunded: 'Erstattet',
};

export function isEventCategory(value: unknown): value is EventCategory {
  return typeof value === 'string' && (EVENT_CATEGORIES as readonly string[]).includes(value);
}

export function isEventStatus(value: unknown): value is EventStatus {
  return typeof value === 'string' && (EVENT_STATUSES as readonly string[]).includes(value);
}

export function isPaymentMethod(value: unknown): value is PaymentMethod {
  return typeof value === 'string' && (PAYMENT_METHODS as readonly string[]).includes(value);
}

// The admin's model of a participant, mapped once from the generated row type.

import { formatReference } from 'swissqrbill/utils';
import { PAYMENT_STATUS_LABELS } from '@/lib/event-domain';
import { readAnswers, type StoredAnswer } from '@/lib/event-questions';
import type { Tables } from '@common/database.ts';

/** What an admin may choose when adding someone; 'refunded' only exists as a filter and badge. */
export const ADDABLE_PAYMENT_STATUSES = ['pending', 'paid', 'cancelled'] as const;

/** Short labels for the participants table, where the full form labels would not fit. */
export const paymentMethodLabels: Record<string, string> = {
  stripe: 'Online (Karte)',
  onsite: 'Vor Ort',
  free: 'Kostenlos',
  invoice: 'Rechnung',
};

/** Spec §4: unknown values are shown as they are. */
export function paymentStatusLabel(status: string): string {
  return (PAYMENT_STATUS_LABELS as Record<string, string>)[status] ?? status;
}

export function paymentMethodLabel(method: string): string {
  return paymentMethodLabels[method] ?? method;
}

/**
 * The columns the admin screens read, with the participant's event embedded. A literal, so
 * supabase-js infers the row type from it; tokens and mail bookkeeping stay in the database.
 */
export const PARTICIPANT_COLUMNS =
  'id, event_id, name, email, phone, status, payment_method, persons, invoice_reference, registration_date, notes, answers, created_at, event:events(id, title, start_date, price), refund_requests(kind, state, amount_cents), payments(state, amount_cents)';

/** The row as PostgREST sends it for PARTICIPANT_COLUMNS (the event is null if it is gone). */
export type ParticipantRow = Pick<
  Tables<'participants'>,
  | 'id'
  | 'event_id'
  | 'name'
  | 'email'
  | 'phone'
  | 'status'
  | 'payment_method'
  | 'persons'
  | 'invoice_reference'
  | 'registration_date'
  | 'notes'
  | 'answers'
  | 'created_at'
> & {
  event: Pick<Tables<'events'>, 'id' | 'title' | 'start_date' | 'price'> | null;
  refund_requests: Pick<Tables<'refund_requests'>, 'kind' | 'state' | 'amount_cents'>[];
  payments: Pick<Tables<'payments'>, 'state' | 'amount_cents'>[];
};

/**
 * The payment word the screens show (pending / paid / cancelled / refunded), derived from the
 * booking's status and its money rows as private.payment_word does in SQL.
 */
export function paymentWord(
  status: string,
  owedCents: number,
  payments: { state: string; amount_cents: number }[],
  refunds: { kind: string; state: string; amount_cents: number | null }[],
): string {
  const paid = payments.filter((p) => p.state === 'succeeded').reduce((sum, p) => sum + p.amount_cents, 0);
  const refunded = refunds
    .filter((r) => r.kind !== 'expire_checkout' && r.state !== 'failed')
    .reduce((sum, r) => sum + (r.amount_cents ?? 0), 0);
  if (status === 'cancelled' || status === 'expired') {
    return refunded > 0 && paid - refunded <= 0 ? 'refunded' : 'cancelled';
  }
  return paid - refunded >= owedCents ? 'paid' : 'pending';
}

export interface AdminParticipant {
  id: string;
  eventId: string;
  eventTitle: string;
  eventDate: string | null;
  name: string;
  email: string;
  phone: string;
  paymentStatus: string;
  paymentMethod: string;
  /** Seats the booking holds. */
  persons: number;
  /** Payment by invoice: the reference the bank statement shows, grouped for reading. */
  invoiceReference: string | null;
  registrationDate: string;
  notes: string;
  /**
   * Money to give back that waits for the admin: a bank transfer after the visitor's own
   * cancellation or reduction of a booking paid by invoice (or on site), or a Stripe refund that
   * failed for good (refund_requests).
   */
  refundOpen: boolean;
  /** Answers to the event's questions, with the question texts as booked. */
  answers: StoredAnswer[];
}

/** The status filter's extra value: bookings whose refund waits for the admin. */
export const REFUND_OPEN_FILTER = 'refund_open';

export const UNKNOWN_EVENT_TITLE = 'Unknown Event';

export function toAdminParticipant(row: ParticipantRow): AdminParticipant {
  return {
    id: row.id,
    eventId: row.event_id,
    eventTitle: row.event?.title || UNKNOWN_EVENT_TITLE,
    eventDate: row.event?.start_date ?? null,
    name: row.name,
    email: row.email,
    phone: row.phone,
    paymentStatus: paymentWord(
      row.status,
      Math.round(Number(row.event?.price ?? 0) * 100) * row.persons,
      row.payments ?? [],
      row.refund_requests ?? [],
    ),
    paymentMethod: row.payment_method,
    persons: row.persons,
    invoiceReference: row.invoice_reference ? formatReference(row.invoice_reference) : null,
    registrationDate: row.registration_date ?? row.created_at,
    notes: row.notes ?? '',
    refundOpen: (row.refund_requests ?? []).some(
      (request) =>
        (request.kind === 'manual_refund' && request.state === 'queued') ||
        (request.kind === 'stripe_refund' && request.state === 'failed'),
    ),
    answers: readAnswers(row.answers),
  };
}

/** An event as offered in the filters and the add form. */
export interface EventOption {
  id: string;
  title: string;
  startDate: string | null;
  status: string;
}

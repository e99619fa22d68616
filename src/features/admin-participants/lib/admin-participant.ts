// The admin's model of a participant, mapped once from the generated row type.

import { formatReference } from 'swissqrbill/utils';
import { z } from 'zod';
import type { TicketLine } from '@common/format.ts';
import { readAnswers, type StoredAnswer } from '@/lib/event-questions';
import type { Tables } from '@common/database.ts';
import type { BookingMoney } from './booking-state';

/** Short labels for the participants table, where the full form labels would not fit. */
export const paymentMethodLabels: Record<string, string> = {
  stripe: 'Online (Karte oder TWINT)',
  onsite: 'Vor Ort',
  free: 'Kostenlos',
  invoice: 'Rechnung',
};

export function paymentMethodLabel(method: string): string {
  return paymentMethodLabels[method] ?? method;
}

/**
 * The columns the admin screens read from admin_bookings (participants with the sums of their
 * payment and refund rows). A literal, so supabase-js infers the row type from it; tokens and
 * mail bookkeeping stay in the database. The event is read apart (EVENT_COLUMNS) and joined here:
 * the local API gateway cannot embed a table through a view.
 */
export const PARTICIPANT_COLUMNS =
  'id, event_id, reference, name, email, phone, status, payment_method, persons, invoice_reference, registration_date, notes, answers, created_at, owed_cents, paid_cents, refunded_cents, open_cents, excess_cents, needs_review, paid_method, refund_open, last_action, last_action_at, anonymised_at, discount_code, code_discount_cents, tickets';

export const EVENT_COLUMNS = 'id, title, start_date, price';

/** A row of PARTICIPANT_COLUMNS (a view's columns may all be null) with its event (null if gone). */
export type ParticipantRow = Pick<
  Tables<'admin_bookings'>,
  | 'id'
  | 'event_id'
  | 'reference'
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
  | 'owed_cents'
  | 'paid_cents'
  | 'refunded_cents'
  | 'open_cents'
  | 'excess_cents'
  | 'needs_review'
  | 'paid_method'
  | 'last_action'
  | 'refund_open'
  | 'last_action_at'
  | 'anonymised_at'
  | 'discount_code'
  | 'code_discount_cents'
  | 'tickets'
> & {
  event: Pick<Tables<'events'>, 'id' | 'title' | 'start_date' | 'price'> | null;
};

export interface AdminParticipant extends BookingMoney {
  id: string;
  eventId: string;
  eventTitle: string;
  eventDate: string | null;
  /** The event's price per person in cents (what a change of persons costs). */
  priceCents: number;
  /** The booking's short reference ('SW-7K3M'). */
  reference: string;
  name: string;
  email: string;
  phone: string;
  /** held, confirmed, cancelled or expired (the money is apart). */
  status: string;
  /** How the booking pays: stripe, onsite, invoice, free. */
  paymentMethod: string;
  /** How the latest payment came in: card, twint, invoice, onsite; null while nothing came in. */
  paidMethod: string | null;
  /** Seats the booking holds. */
  persons: number;
  /** Payment by invoice: the QR reference the bank statement shows, grouped for reading. */
  invoiceReference: string | null;
  registrationDate: string;
  notes: string;
  /**
   * Money to give back that waits for the admin: a bank transfer after a cancellation or
   * reduction of a booking paid by invoice or on site (admin_record_manual_refund closes it).
   */
  refundOpen: boolean;
  /** Stripe took money that did not match what was owed ("Zahlung prüfen"). */
  needsReview: boolean;
  /** The booking's last history entry (action name) and when. */
  lastAction: string | null;
  lastActionAt: string | null;
  /** Answers to the event's questions, with the question texts as booked. */
  answers: StoredAnswer[];
  /** The person was erased (Datenschutz): the booking keeps only its books and cannot come back. */
  anonymised: boolean;
  /** The discount code booked with and what it takes off now (issue 28); null without one. */
  discount: { code: string; cents: number } | null;
  /** The tickets per type as booked (issue 28); null for an event without types. */
  tickets: TicketLine[] | null;
}

/** The status filter's extra values: refunds waiting for the admin, payments to check, money open. */
export const REFUND_OPEN_FILTER = 'refund_open';
export const NEEDS_REVIEW_FILTER = 'needs_review';
export const MONEY_OPEN_FILTER = 'money_open';

export const UNKNOWN_EVENT_TITLE = 'Unknown Event';

const ticketLines = z.array(
  z.object({ name: z.string(), persons: z.number().int(), price_cents: z.number().int() }),
);

/** admin_bookings.tickets (private.booking_ticket_lines): null, or the lines as booked. */
export function readTickets(value: unknown): TicketLine[] | null {
  const parsed = ticketLines.safeParse(value);
  return parsed.success && parsed.data.length > 0 ? parsed.data : null;
}

export function toAdminParticipant(row: ParticipantRow): AdminParticipant {
  return {
    id: row.id ?? '',
    eventId: row.event_id ?? '',
    eventTitle: row.event?.title || UNKNOWN_EVENT_TITLE,
    eventDate: row.event?.start_date ?? null,
    priceCents: Math.round(Number(row.event?.price ?? 0) * 100),
    reference: row.reference ?? '',
    name: row.name ?? '',
    email: row.email ?? '',
    phone: row.phone ?? '',
    status: row.status ?? '',
    paymentMethod: row.payment_method ?? '',
    paidMethod: row.paid_method ?? null,
    persons: row.persons ?? 0,
    invoiceReference: row.invoice_reference ? formatReference(row.invoice_reference) : null,
    registrationDate: row.registration_date ?? row.created_at ?? '',
    notes: row.notes ?? '',
    owedCents: row.owed_cents ?? 0,
    paidCents: row.paid_cents ?? 0,
    refundedCents: row.refunded_cents ?? 0,
    openCents: row.open_cents ?? 0,
    excessCents: row.excess_cents ?? 0,
    needsReview: row.needs_review ?? false,
    lastAction: row.last_action ?? null,
    lastActionAt: row.last_action_at ?? null,
    refundOpen: row.refund_open ?? false,
    answers: readAnswers(row.answers ?? []),
    anonymised: row.anonymised_at != null,
    discount: row.discount_code ? { code: row.discount_code, cents: row.code_discount_cents ?? 0 } : null,
    tickets: readTickets(row.tickets),
  };
}

/** An event as offered in the filters, the add form and the move dialog. */
export interface EventOption {
  id: string;
  title: string;
  startDate: string | null;
  status: string;
  isCancelled: boolean;
  /** Price per person in cents. */
  priceCents: number;
  /** The ways of paying the event offers (stripe, onsite, invoice, free). */
  paymentMethods: string[];
}

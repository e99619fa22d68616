import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { readAnswers } from '@/lib/event-questions';
import { supabase } from '@/lib/supabase';
import { bookingKeys } from './booking-keys';
import { BookingChangeError, bookingChangeErrorCode } from '../lib/booking-change-errors';

// The visitor's own booking, read and changed through its manage link (reference + secret token;
// docs/data-model.md, "Self-service"). The functions answer jsonb, checked here where it enters.

const bookingSchema = z.object({
  status: z.literal('valid'),
  reference: z.string(),
  name: z.string(),
  email: z.string(),
  persons: z.number().int(),
  payment_method: z.string(),
  /** held | confirmed | cancelled | expired (participants.status). */
  booking_status: z.string(),
  payment_status: z.string(),
  /** How it was actually paid (card, twint, invoice, onsite), null before any payment (issue 24). */
  paid_method: z.string().nullish(),
  /** The visitor's answers to the event's questions, with each question's text as booked. */
  answers: z.json().transform(readAnswers),
  state: z.enum(['paid', 'open', 'expired', 'pending', 'cancelled', 'refunded']),
  amount_cents: z.number().nullable(),
  /** What went back (or is on its way back) to the visitor, in Rappen. */
  refunded_cents: z.number().int().optional(),
  /** What gift vouchers pay of the booking now (issue 28), in Rappen. */
  voucher_cents: z.number().int().optional(),
  /** Of refunded_cents, what went back onto gift vouchers rather than to the visitor. */
  voucher_returned_cents: z.number().int().optional(),
  event: z.object({
    title: z.string(),
    slug: z.string(),
    description: z.string(),
    start_date: z.string().nullable(),
    end_date: z.string().nullable(),
    /** 'HH:MM' or null (events.start_time / end_time). */
    start_time: z.string().nullable(),
    end_time: z.string().nullable(),
    location: z.string(),
    price: z.coerce.number(),
    bring_along: z.string().nullable(),
    is_cancelled: z.boolean(),
    cancellation_deadline_hours: z.number().int(),
    /** 'fondue': a fondue hut evening (issue 27). */
    category: z.string().optional(),
    /** The share a cancellation after the deadline keeps (the hut: 50); null: no late cancellation. */
    late_cancellation_charge_percent: z.number().int().nullish(),
  }),
  /** The discount code booked with (issue 28) and what it takes off now (cents). */
  discount: z
    .object({
      code: z.string(),
      percent: z.number().nullable(),
      amount_cents: z.number().nullable(),
      cents: z.number().int(),
    })
    .nullish(),
  /** What 1 .. persons would cost by the booking's terms (the reduce form's choices), in Rappen; null with ticket types. */
  total_cents_by_persons: z.array(z.number().int()).nullish(),
  /** The tickets per type as booked (issue 28); null for an event without types. */
  tickets: z
    .array(
      z.object({
        ticket_type_id: z.string().nullable(),
        name: z.string(),
        persons: z.number().int(),
        price_cents: z.number().int(),
      }),
    )
    .nullish(),
  /** The QR ticket's code (issue 28): only for a booked seat at an event that takes place. */
  ticket_code: z.string().nullish(),
  /** Until when the visitor may cancel or reduce; null when the event has no date yet. */
  deadline: z.string().nullable(),
  can_change: z.boolean(),
  /** Fewer persons possible (never for the hut: its price is the group's). */
  can_reduce: z.boolean().optional(),
  /** What cancelling now keeps (private.cancellation_terms): nothing before the deadline. */
  cancellation: z
    .object({
      deadline: z.string().nullable(),
      late: z.boolean(),
      late_charge_percent: z.number().int().nullable(),
      keep_cents: z.number().int(),
    })
    .optional(),
});

const viewSchema = z.union([bookingSchema, z.object({ status: z.literal('expired') })]);

export type BookingView = z.infer<typeof bookingSchema>;
/** 'invalid': wrong or incomplete link (the database tells nothing more). */
export type BookingLookup = BookingView | { status: 'expired' } | { status: 'invalid' };

export async function fetchBooking(reference: string, token: string): Promise<BookingLookup> {
  if (token === '') return { status: 'invalid' };
  const { data, error } = await supabase.rpc('booking_by_token', { p_reference: reference, p_token: token });
  if (error) throw error;
  return data === null ? { status: 'invalid' } : viewSchema.parse(data);
}

/** How often the page asks again while Stripe's confirmation is on its way. */
export const PAYMENT_CONFIRMATION_POLL_MS = 1500;

/**
 * `awaitingPayment`: the visitor came back from Stripe's success page, so an 'open' payment is
 * only Stripe's webhook still on its way; the booking is read again until it changes.
 */
export function useBooking(reference: string, token: string, awaitingPayment = false) {
  return useQuery({
    queryKey: bookingKeys.view(reference, token),
    queryFn: () => fetchBooking(reference, token),
    refetchInterval: (query) => {
      const data = query.state.data;
      return awaitingPayment && data?.status === 'valid' && data.state === 'open'
        ? PAYMENT_CONFIRMATION_POLL_MS
        : false;
    },
  });
}

const changeSchema = z.object({
  kind: z.enum(['cancelled', 'reduced']),
  persons: z.number().int(),
  /** What a late cancellation keeps, in Rappen (0 when free). */
  kept_cents: z.number().int().optional(),
});
export type BookingChange = z.infer<typeof changeSchema>;

/**
 * persons 0 cancels the booking; fewer persons than now reduces it. A booking with ticket types
 * names the new count of each type it gives up tickets of (`tickets`, by type id).
 */
export async function changeBooking(
  reference: string,
  token: string,
  persons: number,
  tickets?: Record<string, number>,
): Promise<BookingChange> {
  const { data, error } = await supabase.rpc('change_booking', {
    p_reference: reference,
    p_token: token,
    p_persons: persons,
    ...(tickets ? { p_tickets: tickets } : {}),
  });
  if (error)
    throw new BookingChangeError(bookingChangeErrorCode(error.message), error.message, error.details || null);
  return changeSchema.parse(data);
}

/** Changes the booking, then reads it again (the page shows the database's new state). */
export function useChangeBooking(reference: string, token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ persons, tickets }: { persons: number; tickets?: Record<string, number> }) =>
      changeBooking(reference, token, persons, tickets),
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingKeys.view(reference, token) }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_ROOT_KEY } from '@/lib/admin-query-keys';
import { supabase } from '@/lib/supabase';

// The staff's changes to a booking, each one SQL transition (issue 24, supabase/schemas): the
// database checks the status, takes the event's lock, re-checks the seats, writes the money rows
// and one history row, and queues the customer's mail in the same transaction. The admin area
// writes no booking column itself.

export interface RecordPayment {
  id: string;
  amountCents: number;
  method: 'invoice' | 'onsite';
  note: string;
}

export async function recordPayment({ id, amountCents, method, note }: RecordPayment): Promise<void> {
  const { error } = await supabase.rpc('admin_record_payment', {
    p_participant_id: id,
    p_amount_cents: amountCents,
    p_method: method,
    p_note: note,
  });
  if (error) throw error;
}

export interface CancelBooking {
  id: string;
  /** What goes back to the customer; the balance by default, 0 keeps the money. */
  refundCents: number;
  note: string;
}

export async function cancelBooking({ id, refundCents, note }: CancelBooking): Promise<void> {
  const { error } = await supabase.rpc('admin_cancel_booking', {
    p_participant_id: id,
    p_refund_cents: refundCents,
    p_note: note,
  });
  if (error) throw error;
}

export interface RefundBooking {
  id: string;
  amountCents: number;
  reason: string;
}

export async function refundBooking({ id, amountCents, reason }: RefundBooking): Promise<void> {
  const { error } = await supabase.rpc('admin_refund', {
    p_participant_id: id,
    p_amount_cents: amountCents,
    p_reason: reason,
  });
  if (error) throw error;
}

export interface ChangePersons {
  id: string;
  persons: number;
  override: boolean;
  /** A booking with ticket types: the new count per type id, summing to `persons` (issue 28). */
  tickets?: Record<string, number>;
}

export async function changePersons({ id, persons, override, tickets }: ChangePersons): Promise<void> {
  const { error } = await supabase.rpc('admin_change_persons', {
    p_participant_id: id,
    p_persons: persons,
    p_override: override,
    ...(tickets ? { p_tickets: tickets } : {}),
  });
  if (error) throw error;
}

export interface MoveBooking {
  id: string;
  eventId: string;
  override: boolean;
}

export async function moveBooking({ id, eventId, override }: MoveBooking): Promise<void> {
  const { error } = await supabase.rpc('admin_move_booking', {
    p_participant_id: id,
    p_event_id: eventId,
    p_override: override,
  });
  if (error) throw error;
}

export async function reactivateBooking({ id, override }: { id: string; override: boolean }): Promise<void> {
  const { error } = await supabase.rpc('admin_reactivate_booking', {
    p_participant_id: id,
    p_override: override,
  });
  if (error) throw error;
}

/**
 * A transition as a mutation; every admin list and count is refreshed afterwards (not awaited,
 * so the caller's toast comes first).
 */
function useTransition<Variables>(mutationFn: (variables: Variables) => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ADMIN_ROOT_KEY }),
  });
}

export const useRecordPayment = () => useTransition(recordPayment);
export const useCancelBooking = () => useTransition(cancelBooking);
export const useRefundBooking = () => useTransition(refundBooking);
export const useChangePersons = () => useTransition(changePersons);
export const useMoveBooking = () => useTransition(moveBooking);
export const useReactivateBooking = () => useTransition(reactivateBooking);

/** Stripe took an amount that did not match: accept it (CHF only) or send it back. */
export async function resolvePayment({
  paymentId,
  accept,
  note,
}: {
  paymentId: string;
  accept: boolean;
  note: string;
}): Promise<void> {
  const { error } = await supabase.rpc('admin_resolve_payment', {
    p_payment_id: paymentId,
    p_accept: accept,
    p_note: note,
  });
  if (error) throw error;
}

export const useResolvePayment = () => useTransition(resolvePayment);

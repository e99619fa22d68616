import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { errorCode } from '@/lib/error-codes';
import { supabase } from '@/lib/supabase';

// The click on "Buchung bestätigen" in the mail of a large on-site or invoice booking (issue 25):
// public.confirm_booking confirms it while its 60-minute hold runs (docs/contracts.md). The
// function is idempotent, so opening the link again only reads "already confirmed".

const confirmedSchema = z.object({
  outcome: z.enum(['confirmed', 'already_confirmed']),
  reference: z.string(),
  event_slug: z.string(),
  event_title: z.string(),
});

export type ConfirmOutcome =
  | z.infer<typeof confirmedSchema>
  /** The hold lapsed (CONFIRMATION_EXPIRED): the seats are free again; the event to book anew. */
  | { outcome: 'expired'; event_slug: string | null }
  /** Wrong or incomplete link (TOKEN_INVALID). */
  | { outcome: 'invalid' }
  /** The booking was cancelled meanwhile (BOOKING_CANCELLED). */
  | { outcome: 'cancelled' };

export async function confirmBooking(reference: string, token: string): Promise<ConfirmOutcome> {
  if (token === '') return { outcome: 'invalid' };
  const { data, error } = await supabase.rpc('confirm_booking', { p_reference: reference, p_token: token });
  if (error) {
    const code = errorCode(error.message);
    if (code === 'CONFIRMATION_EXPIRED') return { outcome: 'expired', event_slug: error.details || null };
    if (code === 'TOKEN_INVALID') return { outcome: 'invalid' };
    if (code === 'BOOKING_CANCELLED') return { outcome: 'cancelled' };
    throw error;
  }
  return confirmedSchema.parse(data);
}

export function useConfirmBooking(reference: string, token: string) {
  return useQuery({
    queryKey: ['confirm-booking', reference, token],
    queryFn: () => confirmBooking(reference, token),
    // One confirmation per page view: asking again would only turn "bestätigt" into "bereits".
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
  });
}

import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { classifyFunctionError } from '@/lib/function-failure';
import { supabase } from '@/lib/supabase';
import { RegistrationError, registrationErrorCode } from '../lib/registration-errors';
import { WaitlistError, waitlistErrorCode } from '../lib/waitlist-errors';
import type { WaitlistValues } from '../schema';

// Joining the waiting list through the join-waitlist edge function, which checks the challenge
// and the per-address limit before the database decides (docs/data-model.md, "Waiting list").

const joinedSchema = z.object({
  entry_id: z.string(),
  position: z.number(),
  persons: z.number(),
  /** The leave link's secret (only its hash is stored); also mailed. */
  leave_token: z.string(),
});
export type WaitlistJoined = z.infer<typeof joinedSchema>;

const refusalSchema = z.object({
  error: z.string().optional(),
  code: z.string().optional(),
  detail: z.string().nullable().optional(),
});

/** A waiting-list code, a booking code (cancelled, too many persons...), or the function's own text. */
async function refusalError(error: Error): Promise<Error> {
  const failure = await classifyFunctionError(error);
  const refused = failure.kind === 'http' && failure.status >= 400 && failure.status < 500;
  const refusal = refused ? refusalSchema.safeParse(failure.body) : null;
  if (!refusal?.success) return new RegistrationError(null, error.message);
  const { code, error: text, detail } = refusal.data;
  const own = waitlistErrorCode(code);
  if (own) return new WaitlistError(own, own, detail ?? null);
  const booking = registrationErrorCode(code);
  if (booking) return new RegistrationError(booking, booking, null, detail ?? null);
  return new RegistrationError(null, text ?? error.message, text ?? null);
}

export async function joinWaitlist(
  eventId: string,
  values: WaitlistValues,
  altcha: string,
): Promise<WaitlistJoined> {
  const { data, error } = await supabase.functions.invoke<unknown>('join-waitlist', {
    body: { eventId, ...values, altcha },
  });
  if (error) throw await refusalError(error);
  return joinedSchema.parse(data);
}

export function useJoinWaitlist(eventId: string) {
  return useMutation({
    mutationFn: ({ values, altcha }: { values: WaitlistValues; altcha: string }) =>
      joinWaitlist(eventId, values, altcha),
  });
}

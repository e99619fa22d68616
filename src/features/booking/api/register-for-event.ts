import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { classifyFunctionError } from '@/lib/function-failure';
import { supabase } from '@/lib/supabase';
import { RegistrationError, registrationErrorCode } from '../lib/registration-errors';
import type { RegistrationValues } from '../schema';

/**
 * What is booked: an event (register-for-event), or a fondue hut evening by its day
 * (book-fondue-evening, issue 27: the same booking, for the day's hut event).
 */
export type BookingTarget = { eventId: string; hutDay?: never } | { hutDay: string; eventId?: never };

export type RegistrationRequest = BookingTarget & {
  values: RegistrationValues;
  /** One id per form fill: the database turns a repeated submit into the first registration. */
  requestId: string;
  /** The solved proof-of-work challenge (src/components/proof-of-work.tsx). */
  altcha: string;
};

/**
 * What `register_for_event` answers (docs/contracts.md), passed on by the edge function. The
 * answer is checked here where it enters the app.
 */
const receiptSchema = z.object({
  participant_id: z.string(),
  /** The booking reference (SW-7K3M): the confirmation page's address. */
  reference: z.string(),
  /** Secret of the confirmation page and the manage link (only its hash is stored). */
  manage_token: z.string(),
  /** null when a repeated request finds the confirmation already sent (only its hash is kept). */
  confirmation_token: z.string().nullable(),
  payment_status: z.string(),
  persons: z.number(),
  current_participants: z.number(),
});
export type RegistrationReceipt = z.infer<typeof receiptSchema>;

/**
 * A refusal's body: the database's code (its DETAIL in `detail`) or the function's own German text
 * (limit reached, failed security check).
 */
const refusalSchema = z.object({
  error: z.string().optional(),
  code: z.string().optional(),
  detail: z.string().nullable().optional(),
});

async function refusalError(error: Error): Promise<RegistrationError> {
  const failure = await classifyFunctionError(error);
  // Only a 4xx is about this request; a 5xx gets the generic text.
  const refused = failure.kind === 'http' && failure.status >= 400 && failure.status < 500;
  const refusal = refused ? refusalSchema.safeParse(failure.body) : null;
  if (!refusal?.success) return new RegistrationError(null, error.message);
  const { code, error: text, detail } = refusal.data;
  const known = registrationErrorCode(code);
  if (known) return new RegistrationError(known, known, null, detail ?? null);
  return new RegistrationError(null, text ?? error.message, text ?? null);
}

/**
 * Registers through the register-for-event edge function (or book-fondue-evening for a hut
 * evening), which checks the challenge and the per-address limit before the database decides.
 */
export async function registerForEvent({
  values,
  requestId,
  altcha,
  ...target
}: RegistrationRequest): Promise<RegistrationReceipt> {
  const hut = target.hutDay !== undefined;
  const { data, error } = await supabase.functions.invoke<unknown>(
    hut ? 'book-fondue-evening' : 'register-for-event',
    {
      body: {
        ...(hut ? { day: target.hutDay } : { eventId: target.eventId }),
        name: values.name,
        email: values.email,
        phone: values.phone,
        paymentMethod: values.paymentMethod,
        notes: values.notes,
        persons: values.persons,
        answers: values.answers,
        // The hut's group price takes no codes (issue 27's own rule).
        ...(hut || !values.discountCode ? {} : { discountCode: values.discountCode }),
        ...(hut || !values.tickets ? {} : { tickets: values.tickets }),
        // A gift voucher pays an event or the hut (issue 28).
        ...(values.voucherCode ? { voucherCode: values.voucherCode } : {}),
        requestId,
        altcha,
      },
    },
  );
  if (error) throw await refusalError(error);
  const receipt = receiptSchema.safeParse(data);
  // Saved, but the answer breaks the contract: a repeat with the same requestId finds this row.
  if (!receipt.success) throw new RegistrationError(null, `Unexpected answer: ${receipt.error.message}`);
  return receipt.data;
}

export function useRegisterForEvent() {
  return useMutation({ mutationFn: registerForEvent });
}

import { functionErrorMessage } from '@/lib/function-failure';
import { supabase } from '@/lib/supabase';

// Opens (or reopens) the Stripe Checkout of an online registration through the create-checkout
// function; the amount is the database's. The visitor's id and one-time token (right after
// booking, /zahlung links) or the booking reference and manage token (the confirmation page)
// prove the registration is theirs.

export type CheckoutStart = { ok: true; url: string } | { ok: false; message: string };

const UNREACHABLE =
  'Die Zahlung konnte nicht gestartet werden. Deine Anmeldung ist gespeichert; bitte versuche es in einem Moment erneut.';

export type CheckoutOf = { participantId: string; token: string } | { reference: string; token: string };

export async function startCheckout(booking: CheckoutOf): Promise<CheckoutStart> {
  try {
    const { data, error } = await supabase.functions.invoke<{ url?: string }>('create-checkout', {
      body: booking,
    });
    if (!error && typeof data?.url === 'string') return { ok: true, url: data.url };
    const message = error ? await functionErrorMessage(error) : null;
    return { ok: false, message: message ?? UNREACHABLE };
  } catch {
    return { ok: false, message: UNREACHABLE };
  }
}

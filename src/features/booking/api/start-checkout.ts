import { FunctionsHttpError } from '@supabase/supabase-js';
import { supabase } from '@/lib/supabase';

// Opens (or reopens) the Stripe Checkout of an online registration through the create-checkout
// function; the amount is the database's. The visitor's id and one-time token prove the
// registration is theirs.

export type CheckoutStart = { ok: true; url: string } | { ok: false; message: string };

const UNREACHABLE =
  'Die Zahlung konnte nicht gestartet werden. Deine Anmeldung ist gespeichert; bitte versuche es in einem Moment erneut.';

export async function startCheckout(participantId: string, token: string): Promise<CheckoutStart> {
  try {
    const { data, error } = await supabase.functions.invoke<{ url?: string }>('create-checkout', {
      body: { participantId, token },
    });
    if (!error && typeof data?.url === 'string') return { ok: true, url: data.url };
    if (error instanceof FunctionsHttpError) {
      const answer: unknown = await (error.context as Response).json().catch(() => null);
      const message = (answer as { error?: unknown } | null)?.error;
      if (typeof message === 'string') return { ok: false, message };
    }
    return { ok: false, message: UNREACHABLE };
  } catch {
    return { ok: false, message: UNREACHABLE };
  }
}

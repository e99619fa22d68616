import { useMutation } from '@tanstack/react-query';
import { loadSupabase } from '@/lib/load-supabase';
import type { ContactFormValues, CorporateEnquiryValues } from '../schema';

// Both forms post to the send-contact-email edge function. It stores the enquiry before it
// mails, so a failure answer may still carry the id of a kept enquiry.

export interface EnquiryAnswer {
  success: boolean;
  enquiryId?: string;
  error?: string;
}

export type EnquiryPayload = ContactFormValues | ({ type: 'corporate-breathwork' } & CorporateEnquiryValues);

export class EnquiryError extends Error {
  constructor(
    message: string,
    readonly enquiryId?: string,
  ) {
    super(message);
    this.name = 'EnquiryError';
  }
}

/** The function's JSON error body, when the failure came from the function itself. */
async function answerOf(error: unknown): Promise<EnquiryAnswer | null> {
  const context = (error as { context?: unknown } | null)?.context;
  if (!(context instanceof Response)) return null;
  return (await context.json().catch(() => null)) as EnquiryAnswer | null;
}

export async function sendEnquiry(payload: EnquiryPayload): Promise<EnquiryAnswer> {
  // Loaded on submit: supabase-js stays off the page's critical path.
  const supabase = await loadSupabase();
  const { data, error } = await supabase.functions.invoke<EnquiryAnswer>('send-contact-email', {
    body: payload,
  });
  if (error) {
    const answer = await answerOf(error);
    throw new EnquiryError(answer?.error ?? error.message, answer?.enquiryId);
  }
  if (!data?.success)
    throw new EnquiryError(data?.error ?? 'Die Anfrage wurde nicht angenommen.', data?.enquiryId);
  return data;
}

export function useSendEnquiry() {
  return useMutation({ mutationFn: sendEnquiry });
}

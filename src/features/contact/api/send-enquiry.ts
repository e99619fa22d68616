import { useMutation } from '@tanstack/react-query';
import { classifyFunctionError } from '@/lib/function-failure';
import { loadSupabase } from '@/lib/load-supabase';
import type { ContactFormValues, CorporateEnquiryValues } from '../schema';
import type { EnquiryAnswer } from './enquiry-answer';

// Both forms post to the send-contact-email edge function. It stores the enquiry before it
// mails, so a failure answer may still carry the id of a kept enquiry.

// The answer's schema (zod) loads with the request, not with the page (first paint).
const loadAnswerSchema = () => import('./enquiry-answer').then((module) => module.enquiryAnswerSchema);

export type EnquiryPayload = ContactFormValues | ({ type: 'corporate-breathwork' } & CorporateEnquiryValues);

export class EnquiryError extends Error {
  constructor(
    message: string,
    readonly enquiryId?: string,
    /** The function's HTTP status, when it answered. */
    readonly status?: number,
    /** The body field the function refused (its message is this error's). */
    readonly field?: string,
  ) {
    super(message);
    this.name = 'EnquiryError';
  }
}

/** The function's JSON error body and status, when the failure came from the function itself. */
async function answerOf(error: unknown): Promise<{ status?: number; answer: Partial<EnquiryAnswer> | null }> {
  const failure = await classifyFunctionError(error);
  if (failure.kind !== 'http') return { answer: null };
  const answer = (await loadAnswerSchema()).partial().safeParse(failure.body);
  return { status: failure.status, answer: answer.success ? answer.data : null };
}

/** Sends an enquiry with its solved proof-of-work challenge (src/components/proof-of-work.tsx). */
export async function sendEnquiry({
  payload,
  altcha,
}: {
  payload: EnquiryPayload;
  altcha: string;
}): Promise<EnquiryAnswer> {
  // Loaded on submit: supabase-js stays off the page's critical path.
  const [supabase, enquiryAnswerSchema] = await Promise.all([loadSupabase(), loadAnswerSchema()]);
  const { data, error } = await supabase.functions.invoke<unknown>('send-contact-email', {
    body: { ...payload, altcha },
  });
  if (error) {
    const { status, answer } = await answerOf(error);
    const field = answer?.code === 'INVALID_INPUT' ? (answer.detail ?? undefined) : undefined;
    throw new EnquiryError(answer?.error ?? error.message, answer?.enquiryId, status, field);
  }
  const answer = enquiryAnswerSchema.safeParse(data);
  if (!answer.success || !answer.data.success) {
    const kept = answer.success ? answer.data : null;
    throw new EnquiryError(kept?.error ?? 'Die Anfrage wurde nicht angenommen.', kept?.enquiryId);
  }
  return answer.data;
}

export function useSendEnquiry() {
  return useMutation({ mutationFn: sendEnquiry });
}

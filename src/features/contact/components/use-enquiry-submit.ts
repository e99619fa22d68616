import { useEffect, useState } from 'react';
import type { DefaultValues, FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { PROOF_OF_WORK_FAILED, useProofOfWork } from '@/components/proof-of-work';
import { toast } from '@/components/ui/use-toast';
import { EnquiryError, useSendEnquiry, type EnquiryPayload } from '../api/send-enquiry';
import type { ToastText } from '../messages';

interface EnquirySubmitOptions<TValues extends FieldValues> {
  /** What the form is reset to after a sent enquiry. */
  empty: DefaultValues<TValues>;
  messages: { success: ToastText; failure: ToastText };
  toPayload: (values: TValues) => EnquiryPayload;
  /** After the success toast and the reset. */
  onSent?: () => void;
}

/**
 * What the visitor reads when sending failed. A refusal that is about the request itself (a
 * limit reached, a failed security check: 4xx) comes as a German text from the function; for
 * anything else the spec's failure text applies.
 */
function failureDescription(error: unknown, fallback: string): string {
  if (error instanceof EnquiryError && error.status && error.status >= 400 && error.status < 500)
    return error.message;
  return fallback;
}

/**
 * Sends a validated enquiry form with a solved proof-of-work challenge and announces the
 * outcome (spec §8 toasts). `proofOfWork.start` belongs on the form's focus, `field` inside it.
 */
export function useEnquirySubmit<TValues extends FieldValues>(
  form: UseFormReturn<TValues>,
  { empty, messages, toPayload, onSent }: EnquirySubmitOptions<TValues>,
) {
  const sendEnquiry = useSendEnquiry();
  const proofOfWork = useProofOfWork();
  const sending = form.formState.isSubmitting || sendEnquiry.isPending;
  // The fields are disabled while sending: a refused one gets the focus once they are enabled
  // again, so its message is read out.
  const [refused, setRefused] = useState<{ field: Path<TValues> } | null>(null);
  useEffect(() => {
    if (refused && !sending) form.setFocus(refused.field);
  }, [refused, sending, form]);
  const onSubmit = form.handleSubmit(async (values) => {
    setRefused(null);
    try {
      const altcha = await proofOfWork.solve().catch(() => {
        throw new EnquiryError(PROOF_OF_WORK_FAILED, undefined, 400);
      });
      await sendEnquiry.mutateAsync({ payload: toPayload(values), altcha });
      toast(messages.success);
      form.reset(empty);
      onSent?.();
    } catch (error) {
      // The input stays so the visitor can retry or copy it into an e-mail. A refused field gets
      // the server's message at the field too (aria-invalid, described by it).
      const field = error instanceof EnquiryError ? error.field : undefined;
      if (error instanceof EnquiryError && field && field in form.getValues()) {
        form.setError(field as Path<TValues>, { type: 'server', message: error.message });
        setRefused({ field: field as Path<TValues> });
      }
      toast({
        title: messages.failure.title,
        description: failureDescription(error, messages.failure.description),
        variant: 'destructive',
      });
    }
  });
  return { onSubmit, sending, proofOfWork };
}

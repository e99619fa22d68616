import type { DefaultValues, FieldValues, UseFormReturn } from 'react-hook-form';
import { toast } from '@/components/ui/use-toast';
import { useSendEnquiry, type EnquiryPayload } from '../api/send-enquiry';
import type { ToastText } from '../messages';

interface EnquirySubmitOptions<TValues extends FieldValues> {
  /** What the form is reset to after a sent enquiry. */
  empty: DefaultValues<TValues>;
  messages: { success: ToastText; failure: ToastText };
  toPayload: (values: TValues) => EnquiryPayload;
  /** After the success toast and the reset. */
  onSent?: () => void;
}

/** Sends a validated enquiry form and announces the outcome (spec §8 toasts). */
export function useEnquirySubmit<TValues extends FieldValues>(
  form: UseFormReturn<TValues>,
  { empty, messages, toPayload, onSent }: EnquirySubmitOptions<TValues>,
) {
  const sendEnquiry = useSendEnquiry();
  const onSubmit = form.handleSubmit((values) =>
    sendEnquiry.mutateAsync(toPayload(values)).then(
      () => {
        toast(messages.success);
        form.reset(empty);
        onSent?.();
      },
      // The input stays so the visitor can retry or copy it into an e-mail.
      () => toast({ ...messages.failure, variant: 'destructive' }),
    ),
  );
  return { onSubmit, sending: sendEnquiry.isPending };
}

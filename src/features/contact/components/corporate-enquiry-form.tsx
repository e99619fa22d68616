import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { DialogFooter } from '@/components/ui/dialog';
import { Form, TextAreaField, TextField } from '@/components/ui/form';
import { lazyResolver } from '@/lib/lazy-resolver';
import { emptyCorporateEnquiry } from '../empty-values';
import { corporateMessages, SENDING_LABEL } from '../messages';
import type { CorporateEnquiryValues } from '../schema';
import { CORPORATE_ENQUIRY_LABEL as LABEL } from './corporate-enquiry-label';
import { useEnquirySubmit } from './use-enquiry-submit';

const resolver = lazyResolver(() => import('../resolvers').then((module) => module.corporateEnquiryResolver));

export interface CorporateEnquiryFormProps {
  /** Tells the dialog while the enquiry is being sent (it must not close then). */
  onSendingChange: (sending: boolean) => void;
  onSent: () => void;
}

/** The form inside the 'Unternehmensangebot anfragen' dialog (loaded when the dialog opens). */
export function CorporateEnquiryForm({ onSendingChange, onSent }: CorporateEnquiryFormProps) {
  const form = useForm<CorporateEnquiryValues>({
    resolver,
    defaultValues: emptyCorporateEnquiry,
  });
  const { onSubmit, sending, proofOfWork } = useEnquirySubmit(form, {
    empty: emptyCorporateEnquiry,
    messages: corporateMessages,
    toPayload: (values) => ({ type: 'corporate-breathwork', ...values }),
    onSent,
  });
  useEffect(() => {
    onSendingChange(sending);
    // Closed after sending (unmounted): the dialog may open and close again.
    return () => onSendingChange(false);
  }, [sending, onSendingChange]);

  return (
    <Form {...form}>
      <form
        onSubmit={onSubmit}
        onFocus={proofOfWork.start}
        noValidate
        aria-label={LABEL}
        className="space-y-4"
      >
        <TextField
          control={form.control}
          name="email"
          label="E-Mail"
          type="email"
          autoComplete="email"
          required
          disabled={sending}
        />
        <TextField
          control={form.control}
          name="name"
          label="Name und Unternehmen (optional)"
          autoComplete="organization"
          disabled={sending}
        />
        <TextAreaField
          control={form.control}
          name="message"
          label="Deine Wünsche (optional)"
          rows={4}
          disabled={sending}
        />
        {proofOfWork.field}
        <DialogFooter>
          <Button type="submit" disabled={sending}>
            {sending ? SENDING_LABEL : 'Anfrage senden'}
          </Button>
        </DialogFooter>
      </form>
    </Form>
  );
}

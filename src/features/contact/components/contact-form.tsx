import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Form, RequiredMark, TextAreaField, TextField } from '@/components/ui/form';
import { lazyResolver } from '@/lib/lazy-resolver';
import { cn } from '@/lib/utils';
import { emptyContactForm } from '../empty-values';
import { contactMessages, SENDING_LABEL } from '../messages';
import type { ContactFormValues } from '../schema';
import { useEnquirySubmit } from './use-enquiry-submit';

const resolver = lazyResolver(() => import('../resolvers').then((module) => module.contactFormResolver));

export interface ContactFormProps {
  className?: string;
}

/** Contact form (name, email, subject, message), sent to the provider by send-contact-email. */
export function ContactForm({ className }: ContactFormProps) {
  const form = useForm<ContactFormValues>({
    resolver,
    defaultValues: emptyContactForm,
  });
  const { onSubmit, sending, proofOfWork } = useEnquirySubmit(form, {
    empty: emptyContactForm,
    messages: contactMessages,
    toPayload: (values) => values,
  });

  return (
    <Form {...form}>
      <form
        onSubmit={onSubmit}
        onFocus={proofOfWork.start}
        noValidate
        aria-label="Kontaktformular"
        className={cn('space-y-5', className)}
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            control={form.control}
            name="name"
            label={
              <>
                Name
                <RequiredMark />
              </>
            }
            autoComplete="name"
            required
            disabled={sending}
          />
          <TextField
            control={form.control}
            name="email"
            label={
              <>
                E-Mail
                <RequiredMark />
              </>
            }
            type="email"
            autoComplete="email"
            required
            disabled={sending}
          />
        </div>
        <TextField
          control={form.control}
          name="subject"
          label={
            <>
              Betreff
              <RequiredMark />
            </>
          }
          required
          disabled={sending}
        />
        <TextAreaField
          control={form.control}
          name="message"
          label={
            <>
              Nachricht
              <RequiredMark />
            </>
          }
          rows={6}
          required
          disabled={sending}
        />
        {proofOfWork.field}
        <Button type="submit" disabled={sending} className="w-full sm:w-auto">
          {sending ? SENDING_LABEL : 'Nachricht senden'}
        </Button>
      </form>
    </Form>
  );
}

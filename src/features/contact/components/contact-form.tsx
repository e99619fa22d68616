import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { cn } from '@/lib/utils';
import { useSendEnquiry } from '../api/send-enquiry';
import { contactMessages, SENDING_LABEL } from '../messages';
import { contactFormSchema, emptyContactForm, type ContactFormValues } from '../schema';

export interface ContactFormProps {
  className?: string;
}

/** Contact form (name, email, subject, message), sent to the provider by send-contact-email. */
export function ContactForm({ className }: ContactFormProps) {
  const form = useForm<ContactFormValues>({
    resolver: zodResolver(contactFormSchema),
    defaultValues: emptyContactForm,
  });
  const sendEnquiry = useSendEnquiry();
  const sending = sendEnquiry.isPending;

  const onSubmit = form.handleSubmit((values) =>
    sendEnquiry.mutateAsync(values).then(
      () => {
        toast(contactMessages.success);
        form.reset(emptyContactForm);
      },
      // The input stays so the visitor can retry or copy it into an e-mail.
      () => toast({ ...contactMessages.failure, variant: 'destructive' }),
    ),
  );

  return (
    <Form {...form}>
      <form
        onSubmit={onSubmit}
        noValidate
        aria-label="Kontaktformular"
        className={cn('space-y-5', className)}
      >
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField
            control={form.control}
            name="name"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Name</FormLabel>
                <FormControl>
                  <Input autoComplete="name" required disabled={sending} {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="email"
            render={({ field }) => (
              <FormItem>
                <FormLabel>E-Mail</FormLabel>
                <FormControl>
                  <Input type="email" autoComplete="email" required disabled={sending} {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
        </div>
        <FormField
          control={form.control}
          name="subject"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Betreff</FormLabel>
              <FormControl>
                <Input required disabled={sending} {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="message"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Nachricht</FormLabel>
              <FormControl>
                <Textarea rows={6} required disabled={sending} {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <Button type="submit" disabled={sending} className="w-full sm:w-auto">
          {sending ? SENDING_LABEL : 'Nachricht senden'}
        </Button>
      </form>
    </Form>
  );
}

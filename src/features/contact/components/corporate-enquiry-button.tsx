import { lazy, Suspense, useCallback, useState } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { CORPORATE_ENQUIRY_LABEL as LABEL } from './corporate-enquiry-label';

// The form stack (react-hook-form, zod, the schema) loads when the dialog opens, not with /atmen.
const CorporateEnquiryForm = lazy(() =>
  import('./corporate-enquiry-form').then((module) => ({ default: module.CorporateEnquiryForm })),
);

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
  const [sending, setSending] = useState(false);
  const close = useCallback(() => setOpen(false), []);

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
        <Suspense fallback={<p className="text-sm text-muted-foreground">Formular wird geladen...</p>}>
          <CorporateEnquiryForm onSendingChange={setSending} onSent={close} />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}

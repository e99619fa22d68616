import { lazy, Suspense, useCallback, useState } from 'react';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { CORPORATE_ENQUIRY_LABEL as LABEL } from './corporate-enquiry-label';

// The form stack (react-hook-form, the schema) loads when the dialog opens.
const CorporateEnquiryForm = lazy(() =>
  import('./corporate-enquiry-form').then((module) => ({ default: module.CorporateEnquiryForm })),
);

export interface CorporateEnquiryDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After closing: focus goes back to the button that opened the dialog. */
  onClosed: () => void;
}

/** The dialog of CorporateEnquiryButton: the visitor's name, e-mail and wishes. */
export function CorporateEnquiryDialog({ open, onOpenChange, onClosed }: CorporateEnquiryDialogProps) {
  const [sending, setSending] = useState(false);
  const close = useCallback(() => onOpenChange(false), [onOpenChange]);

  return (
    <Dialog open={open} onOpenChange={(next) => !sending && onOpenChange(next)}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          onClosed();
        }}
      >
        <DialogHeader>
          <DialogTitle>{LABEL}</DialogTitle>
          <DialogDescription>
            Breathwork für dein Team: Workshops, Programme oder Retreats. Hinterlass uns deine Kontaktdaten,
            wir melden uns mit einem Angebot.
          </DialogDescription>
        </DialogHeader>
        <Suspense fallback={<p className="text-sm text-muted-foreground">Formular wird geladen…</p>}>
          <CorporateEnquiryForm onSendingChange={setSending} onSent={close} />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}

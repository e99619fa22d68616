import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { CORPORATE_ENQUIRY_LABEL as LABEL } from './corporate-enquiry-label';

// The dialog (Radix Dialog, focus trap, scroll lock) and the form load when the button is
// pointed at, focused or pressed, not with /atmen.
const loadDialog = () => import('./corporate-enquiry-dialog');
const CorporateEnquiryDialog = lazy(() =>
  loadDialog().then((module) => ({ default: module.CorporateEnquiryDialog })),
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
  // Mounted from the first opening on, so that closing animates and returns focus.
  const [everOpened, setEverOpened] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const focusButton = useCallback(() => button.current?.focus(), []);

  return (
    <>
      <Button
        ref={button}
        className={className}
        variant={variant}
        size={size}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => {
          setEverOpened(true);
          setOpen(true);
        }}
      >
        {LABEL}
      </Button>
      {everOpened ? (
        <Suspense fallback={null}>
          <CorporateEnquiryDialog open={open} onOpenChange={setOpen} onClosed={focusButton} />
        </Suspense>
      ) : null}
    </>
  );
}

import { useEffect, useMemo, useRef, useState } from 'react';
import { formatDateLong } from '@/lib/dates';
import { useSearchParams } from 'react-router-dom';
import { useHydrated } from '@/lib/use-hydrated';
import { dropOrderDraft, takeOrderDraft } from '../order-draft';
import { type InvoicedOrder, VoucherOrderForm } from './voucher-order-form';

type Outcome = 'bezahlt' | 'abgebrochen';

const NOTICES: Record<Outcome, { heading: string; text: string }> = {
  bezahlt: {
    heading: 'Danke für deinen Gutscheinkauf!',
    text: 'Sobald die Zahlung bei uns eingegangen ist, schicken wir dir eine Bestätigung per E-Mail. Den Gutschein senden wir am gewählten Tag an die angegebene Adresse.',
  },
  abgebrochen: {
    heading: 'Zahlung abgebrochen',
    text: 'Es wurde nichts belastet. Deine Angaben sind noch da: Du kannst die Bestellung unten erneut absenden.',
  },
};

/**
 * The purchase on /gutscheine and the way back from Stripe (?bestellung=bezahlt|abgebrochen).
 * The notice and a kept draft appear only after hydration: the prerendered HTML knows no query.
 */
export function VoucherPurchase() {
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const asked = params.get('bestellung');
  const outcome: Outcome | null = hydrated && (asked === 'bezahlt' || asked === 'abgebrochen') ? asked : null;
  const draft = useMemo(() => (outcome === 'abgebrochen' ? takeOrderDraft() : null), [outcome]);
  useEffect(() => {
    if (outcome === 'bezahlt') dropOrderDraft();
  }, [outcome]);
  const [invoiced, setInvoiced] = useState<InvoicedOrder | null>(null);

  return (
    <div className="space-y-6">
      {invoiced ? (
        <Notice
          key={invoiced.reference}
          heading="Danke für deine Bestellung!"
          text={`Die Rechnung mit QR-Einzahlungsschein ist unterwegs an ${invoiced.email}; bitte bezahle sie bis ${formatDateLong(invoiced.dueDate)}. Sobald die Zahlung eingegangen ist, stellen wir den Gutschein aus und senden ihn am gewählten Tag. Bestellnummer: ${invoiced.reference}.`}
        />
      ) : outcome ? (
        <Notice {...NOTICES[outcome]} success={outcome === 'bezahlt'} />
      ) : null}
      <VoucherOrderForm
        key={invoiced?.reference ?? (draft ? 'draft' : 'new')}
        draft={invoiced ? null : draft}
        onInvoiced={setInvoiced}
      />
    </div>
  );
}

/** What happened to the order, read first: the heading takes the focus. */
function Notice({ heading, text, success = true }: { heading: string; text: string; success?: boolean }) {
  const title = useRef<HTMLHeadingElement>(null);
  useEffect(() => title.current?.focus(), []);
  return (
    <div
      role="status"
      className={
        success
          ? 'space-y-2 rounded-lg border border-primary/40 bg-primary/5 p-5'
          : 'space-y-2 rounded-lg border bg-card p-5 text-card-foreground'
      }
    >
      <h3 ref={title} tabIndex={-1} className="text-lg font-semibold outline-none">
        {heading}
      </h3>
      <p className="leading-relaxed">{text}</p>
    </div>
  );
}

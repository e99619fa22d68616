import { useEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useHydrated } from '@/lib/use-hydrated';
import { dropOrderDraft, takeOrderDraft } from '../order-draft';
import { VoucherOrderForm } from './voucher-order-form';

type Outcome = 'bezahlt' | 'abgebrochen';

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

  return (
    <div className="space-y-6">
      {outcome ? <ReturnNotice outcome={outcome} /> : null}
      <VoucherOrderForm key={draft ? 'draft' : 'new'} draft={draft} />
    </div>
  );
}

function ReturnNotice({ outcome }: { outcome: Outcome }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Back from Stripe: the outcome is what the buyer wants to read first.
  useEffect(() => heading.current?.focus(), []);
  const paid = outcome === 'bezahlt';
  return (
    <div
      role="status"
      className={
        paid
          ? 'space-y-2 rounded-lg border border-primary/40 bg-primary/5 p-5'
          : 'space-y-2 rounded-lg border bg-card p-5 text-card-foreground'
      }
    >
      <h3 ref={heading} tabIndex={-1} className="text-lg font-semibold outline-none">
        {paid ? 'Danke für deinen Gutscheinkauf!' : 'Zahlung abgebrochen'}
      </h3>
      <p className="leading-relaxed">
        {paid
          ? 'Sobald die Zahlung bei uns eingegangen ist, schicken wir dir eine Bestätigung per E-Mail. Den Gutschein senden wir am gewählten Tag an die angegebene Adresse.'
          : 'Es wurde nichts belastet. Deine Angaben sind noch da: Du kannst die Bestellung unten erneut absenden.'}
      </p>
    </div>
  );
}

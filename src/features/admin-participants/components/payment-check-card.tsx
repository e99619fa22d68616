import { Check, Undo2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { formatDateTime } from '@/lib/dates';
import { useResolvePayment } from '../api/booking-transitions';
import { participantChangeError } from '../api/edit-participant';
import { usePaymentsToCheck, type PaymentToCheck } from '../api/get-payments-to-check';
import type { AdminParticipant } from '../lib/admin-participant';
import { cents } from '../lib/booking-state';
import { paidMethodLabel } from '@common/format.ts';

function amountText(payment: PaymentToCheck): string {
  return payment.currency.toUpperCase() === 'CHF'
    ? cents(payment.amountCents)
    : `${payment.currency.toUpperCase()} ${(payment.amountCents / 100).toFixed(2)}`;
}

/**
 * 'Zahlung prüfen': Stripe took an amount or currency that did not match what the booking owed
 * (it was not counted as paid). The admin accepts it (CHF only) or sends it back through Stripe.
 */
export function PaymentCheckCard({ participant: p }: { participant: AdminParticipant }) {
  const payments = usePaymentsToCheck(p.id, p.needsReview);
  const resolve = useResolvePayment();
  if (!p.needsReview || !payments.data || payments.data.length === 0) return null;

  function decide(payment: PaymentToCheck, accept: boolean) {
    resolve.mutate(
      { paymentId: payment.id, accept, note: '' },
      {
        onSuccess: () => toast({ title: accept ? 'Zahlung angenommen' : 'Zahlung zurückgewiesen' }),
        onError: (error) =>
          toast({
            title: 'Die Zahlung konnte nicht geprüft werden',
            description: participantChangeError(error),
            variant: 'destructive',
          }),
      },
    );
  }

  return (
    <Card role="region" aria-label="Zahlung prüfen" className="border-destructive/60">
      <CardHeader>
        <CardTitle>Zahlung prüfen</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <p className="text-sm">
          Stripe hat einen Betrag erhalten, der nicht dem geschuldeten Betrag ({cents(p.owedCents)})
          entspricht. Er zählt noch nicht als bezahlt.
        </p>
        <ul className="space-y-3">{paymentItems(payments.data, p, resolve.isPending, decide)}</ul>
      </CardContent>
    </Card>
  );
}

function paymentItems(
  payments: PaymentToCheck[],
  p: AdminParticipant,
  busy: boolean,
  decide: (payment: PaymentToCheck, accept: boolean) => void,
) {
  return payments.map((payment) => {
    const chf = payment.currency.toUpperCase() === 'CHF';
    return (
      <li key={payment.id} className="flex flex-wrap items-center gap-2">
        <span className="font-medium tabular-nums">{amountText(payment)}</span>
        <span className="text-sm text-muted-foreground">
          {paidMethodLabel(payment.method)} · {formatDateTime(payment.createdAt)}
        </span>
        {chf ? (
          <ConfirmDialog
            trigger={
              <Button type="button" size="sm" variant="outline" disabled={busy}>
                <Check aria-hidden="true" />
                Annehmen
              </Button>
            }
            title="Zahlung annehmen"
            description={`${amountText(payment)} zählt danach als bezahlt; ist nichts mehr offen, ist die Buchung von ${p.name} bestätigt.`}
            confirmLabel="Annehmen"
            onConfirm={() => decide(payment, true)}
          />
        ) : null}
        <ConfirmDialog
          trigger={
            <Button type="button" size="sm" variant="outline" disabled={busy}>
              <Undo2 aria-hidden="true" />
              Zurückweisen
            </Button>
          }
          title="Zahlung zurückweisen"
          description={`${amountText(payment)} geht über Stripe an ${p.name} zurück. Das lässt sich nicht rückgängig machen.`}
          confirmLabel="Zurückweisen"
          onConfirm={() => decide(payment, false)}
        />
      </li>
    );
  });
}

import { Ban, CheckCircle2, Trash2, Undo2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { useDeleteParticipant } from '../api/delete-participant';
import { useRefundPayment } from '../api/refund-payment';
import { useSetPaymentStatus } from '../api/set-payment-status';
import type { AdminParticipant } from '../lib/admin-participant';

/** The toasts after a status change from the row actions. */
const statusChangeToasts = {
  paid: { success: 'Zahlung bestätigt', failure: 'Fehler bei der Zahlungsbestätigung' },
  cancelled: { success: 'Anmeldung storniert', failure: 'Fehler beim Stornieren der Anmeldung' },
} as const;

interface ParticipantActionsProps {
  participant: AdminParticipant;
  /** Called after a successful removal (the detail page then leaves). */
  onRemoved?: () => void;
}

export function ParticipantActions({ participant, onRemoved }: ParticipantActionsProps) {
  const setStatus = useSetPaymentStatus();
  const remove = useDeleteParticipant();
  const refund = useRefundPayment();
  const busy = setStatus.isPending || remove.isPending || refund.isPending;
  const who = participant.name;

  function changeStatus(status: keyof typeof statusChangeToasts) {
    const text = statusChangeToasts[status];
    setStatus.mutate(
      { id: participant.id, status },
      {
        onSuccess: () => toast({ title: text.success }),
        onError: () => toast({ title: text.failure, variant: 'destructive' }),
      },
    );
  }

  function removeParticipant() {
    remove.mutate(participant.id, {
      onSuccess: () => {
        toast({ title: 'Teilnehmer entfernt' });
        onRemoved?.();
      },
      onError: () => toast({ title: 'Fehler beim Entfernen des Teilnehmers', variant: 'destructive' }),
    });
  }

  function refundPayment() {
    refund.mutate(participant.id, {
      onSuccess: () => toast({ title: 'Zahlung zurückerstattet' }),
      onError: (error) =>
        toast({ title: 'Fehler bei der Rückerstattung', description: error.message, variant: 'destructive' }),
    });
  }

  return (
    <div className="flex justify-end gap-1">
      {participant.paymentMethod === 'stripe' && participant.paymentStatus === 'paid' ? (
        <ConfirmDialog
          trigger={
            <Button
              variant="ghost"
              size="icon"
              disabled={busy}
              aria-label={`${who} rückerstatten`}
              title="Rückerstatten"
            >
              <Undo2 aria-hidden="true" />
            </Button>
          }
          title="Zahlung rückerstatten"
          description={
            <>
              Die Online-Zahlung von {who} wird über Stripe vollständig zurückerstattet, und der Platz wird
              freigegeben. Das lässt sich nicht rückgängig machen.
            </>
          }
          confirmLabel="Rückerstatten"
          onConfirm={refundPayment}
        />
      ) : null}
      {participant.paymentStatus !== 'paid' ? (
        <Button
          variant="ghost"
          size="icon"
          disabled={busy}
          onClick={() => changeStatus('paid')}
          aria-label={`${who} als bezahlt markieren`}
          title="Als bezahlt markieren"
        >
          <CheckCircle2 aria-hidden="true" />
        </Button>
      ) : null}
      {participant.paymentStatus !== 'cancelled' ? (
        <Button
          variant="ghost"
          size="icon"
          disabled={busy}
          onClick={() => changeStatus('cancelled')}
          aria-label={`${who} stornieren`}
          title="Stornieren"
        >
          <Ban aria-hidden="true" />
        </Button>
      ) : null}
      <ConfirmDialog
        trigger={
          <Button
            variant="ghost"
            size="icon"
            disabled={busy}
            aria-label={`${who} entfernen`}
            title="Entfernen"
          >
            <Trash2 aria-hidden="true" />
          </Button>
        }
        title="Teilnehmer entfernen"
        description={<>Sind Sie sicher, dass Sie {who} von diesem Event entfernen möchten?</>}
        confirmLabel="Entfernen"
        onConfirm={removeParticipant}
      />
    </div>
  );
}

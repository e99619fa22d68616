import { Ban, CheckCircle2, Landmark, Trash2, Undo2 } from 'lucide-react';
import { forwardRef, type ReactNode } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toast } from '@/components/ui/use-toast';
import { formatChf } from '@common/format.ts';
import { useDeleteParticipant } from '../api/delete-participant';
import { useRefundAmount } from '../api/get-refund-details';
import { useRecordManualRefund } from '../api/record-manual-refund';
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
  /** Text beside the icons (cards and the detail page); icon-only with a tooltip in the table. */
  labelled?: boolean;
}

export function ParticipantActions({ participant, onRemoved, labelled = false }: ParticipantActionsProps) {
  const setStatus = useSetPaymentStatus();
  const remove = useDeleteParticipant();
  const refund = useRefundPayment();
  const manualRefund = useRecordManualRefund();
  const busy = setStatus.isPending || remove.isPending || refund.isPending || manualRefund.isPending;
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

  function recordManualRefund() {
    manualRefund.mutate(participant.id, {
      onSuccess: () => toast({ title: 'Rückerstattung erfasst' }),
      onError: (error) =>
        toast({ title: 'Fehler bei der Rückerstattung', description: error.message, variant: 'destructive' }),
    });
  }

  // Paid by invoice (or an open refund of a booking paid on site): money goes back by bank
  // transfer, which the admin makes and then records here.
  const byTransfer =
    participant.paymentMethod !== 'stripe' &&
    participant.paymentMethod !== 'free' &&
    (participant.refundOpen ||
      (participant.paymentMethod === 'invoice' && participant.paymentStatus === 'paid'));

  const paymentAction = byTransfer ? (
    <ConfirmDialog
      trigger={
        <ActionButton
          labelled={labelled}
          icon={<Landmark aria-hidden="true" />}
          label="Rückerstattung erfasst"
          name={`Rückerstattung an ${who} erfasst`}
          disabled={busy}
        />
      }
      title="Rückerstattung erfassen"
      description={
        <>
          Haben Sie {who} den Betrag per Überweisung zurückbezahlt? Die Rückerstattung wird erfasst und {who}{' '}
          erhält eine Bestätigung per E-Mail. Das lässt sich nicht rückgängig machen.
        </>
      }
      confirmLabel="Rückerstattung erfasst"
      onConfirm={recordManualRefund}
    />
  ) : participant.paymentMethod === 'stripe' &&
    (participant.paymentStatus === 'paid' || participant.refundOpen) ? (
    <ConfirmDialog
      trigger={
        <ActionButton
          labelled={labelled}
          icon={<Undo2 aria-hidden="true" />}
          label="Rückerstatten"
          name={`${who} rückerstatten`}
          disabled={busy}
        />
      }
      title="Zahlung rückerstatten"
      description={<StripeRefundText participantId={participant.id} who={who} />}
      confirmLabel="Rückerstatten"
      onConfirm={refundPayment}
    />
  ) : participant.paymentStatus !== 'paid' ? (
    <ActionButton
      labelled={labelled}
      icon={<CheckCircle2 aria-hidden="true" />}
      label="Als bezahlt markieren"
      name={`${who} als bezahlt markieren`}
      disabled={busy}
      onClick={() => changeStatus('paid')}
    />
  ) : null;

  // Three slots in a fixed order, an empty slot where an action does not apply, so an action is
  // in the same place on every row.
  return (
    <div className={labelled ? 'grid grid-cols-3 gap-2' : 'flex justify-end gap-1'}>
      <Slot labelled={labelled}>{paymentAction}</Slot>
      <Slot labelled={labelled}>
        {participant.paymentStatus !== 'cancelled' ? (
          <ActionButton
            labelled={labelled}
            icon={<Ban aria-hidden="true" />}
            label="Stornieren"
            name={`${who} stornieren`}
            disabled={busy}
            onClick={() => changeStatus('cancelled')}
          />
        ) : null}
      </Slot>
      <ConfirmDialog
        trigger={
          <ActionButton
            labelled={labelled}
            icon={<Trash2 aria-hidden="true" />}
            label="Entfernen"
            name={`${who} entfernen`}
            disabled={busy}
          />
        }
        title="Teilnehmer entfernen"
        description={<>Sind Sie sicher, dass Sie {who} von diesem Event entfernen möchten?</>}
        confirmLabel="Entfernen"
        onConfirm={removeParticipant}
      />
    </div>
  );
}

/**
 * What 'Rückerstatten' gives back: the amount the database says is left of the online payment
 * (after a reduction's partial refund, only the rest), asked when the dialog opens.
 */
function StripeRefundText({ participantId, who }: { participantId: string; who: string }) {
  const amount = useRefundAmount(participantId);
  const what =
    amount.data != null
      ? `${formatChf(amount.data / 100)} zurück, alles, was von der Online-Zahlung noch nicht erstattet ist`
      : 'alles zurück, was von der Online-Zahlung noch nicht erstattet ist';
  return (
    <>
      {who} erhält über Stripe {what}. Der Platz wird freigegeben. Das lässt sich nicht rückgängig machen.
    </>
  );
}

/** An action's place: keeps its width when the action does not apply to this registration. */
function Slot({ labelled, children }: { labelled: boolean; children: ReactNode }) {
  if (children) return <>{children}</>;
  return <span aria-hidden="true" className={labelled ? '' : 'h-10 w-10'} />;
}

interface ActionButtonProps extends Omit<ButtonProps, 'children'> {
  labelled: boolean;
  icon: ReactNode;
  /** The visible text (cards) or tooltip (table). */
  label: string;
  /** The accessible name, with the participant's name (it contains `label`). */
  name: string;
}

/**
 * Icon-only in the table, icon and text on the cards. The table's icons are named by a tooltip
 * that also opens on keyboard focus (a `title` attribute shows only to a mouse).
 */
const ActionButton = forwardRef<HTMLButtonElement, ActionButtonProps>(function ActionButton(
  { labelled, icon, label, name, ...props },
  ref,
) {
  const button = (
    <Button
      ref={ref}
      type="button"
      variant={labelled ? 'outline' : 'ghost'}
      size={labelled ? 'sm' : 'icon'}
      className={labelled ? 'h-auto min-h-10 w-full whitespace-normal px-2 py-1 text-xs' : undefined}
      aria-label={name}
      {...props}
    >
      {icon}
      {labelled ? label : null}
    </Button>
  );
  if (labelled) return button;
  return (
    <Tooltip>
      <TooltipTrigger asChild>{button}</TooltipTrigger>
      <TooltipContent>{label}</TooltipContent>
    </Tooltip>
  );
});

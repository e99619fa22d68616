import { Ban, CircleDollarSign, Landmark, RotateCcw, Trash2, Undo2 } from 'lucide-react';
import { forwardRef, useState, type ReactNode } from 'react';
import { Button, type ButtonProps } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { Tooltip, TooltipContent, TooltipTrigger } from '@/components/ui/tooltip';
import { toast } from '@/components/ui/use-toast';
import { paidMethodLabel, personsLabel } from '@common/format.ts';
import {
  useCancelBooking,
  useReactivateBooking,
  useRecordPayment,
  useRefundBooking,
} from '../api/booking-transitions';
import { useDeleteParticipant } from '../api/delete-participant';
import { participantChangeError } from '../api/edit-participant';
import { useRecordManualRefund } from '../api/record-manual-refund';
import type { AdminParticipant } from '../lib/admin-participant';
import {
  balanceCents,
  cents,
  centsInput,
  holdsSeats,
  manualPaymentMethod,
  parseChfInput,
} from '../lib/booking-state';
import { BookingActionDialog } from './booking-action-dialog';

interface ParticipantActionsProps {
  participant: AdminParticipant;
  /** Called after a successful removal (the detail page then leaves). */
  onRemoved?: () => void;
  /** Text beside the icons (cards and the detail page); icon-only with a tooltip in the table. */
  labelled?: boolean;
}

/** Whether the booking's money goes back through Stripe (card, TWINT) or by bank transfer. */
function refundsOnline(p: AdminParticipant): boolean {
  return p.paymentMethod === 'stripe';
}

/**
 * The staff's actions on one booking, each a transition in the database, in four slots of a
 * fixed order (an empty slot where an action does not apply, so an action is at the same place
 * on every row): money in, cancel or reactivate, money back, remove.
 */
export function ParticipantActions({ participant, onRemoved, labelled = false }: ParticipantActionsProps) {
  const p = participant;
  const seats = holdsSeats(p.status);
  const balance = balanceCents(p);
  const removable = !seats && p.paidCents === 0 && p.refundedCents === 0;
  return (
    <div className={labelled ? 'grid grid-cols-2 gap-2 sm:grid-cols-4' : 'flex justify-end gap-1'}>
      <Slot labelled={labelled}>
        {seats && p.openCents > 0 ? <RecordPaymentAction participant={p} labelled={labelled} /> : null}
      </Slot>
      <Slot labelled={labelled}>
        {seats ? (
          <CancelAction participant={p} labelled={labelled} />
        ) : (p.status === 'cancelled' || p.status === 'expired') && !p.anonymised ? (
          // An erased booking stays cancelled: admin_reactivate_booking refuses it (BOOKING_ANONYMISED).
          <ReactivateAction participant={p} labelled={labelled} />
        ) : null}
      </Slot>
      <Slot labelled={labelled}>
        {p.refundOpen && !refundsOnline(p) ? (
          <ManualRefundDoneAction participant={p} labelled={labelled} />
        ) : balance > 0 ? (
          <RefundAction participant={p} labelled={labelled} />
        ) : null}
      </Slot>
      <Slot labelled={labelled}>
        {removable ? <RemoveAction participant={p} labelled={labelled} onRemoved={onRemoved} /> : null}
      </Slot>
    </div>
  );
}

interface ActionProps {
  participant: AdminParticipant;
  labelled: boolean;
}

function AmountField({
  id,
  label,
  value,
  onChange,
  hint,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  hint?: string;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        inputMode="decimal"
        autoComplete="off"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** 'Zahlung erfassen': money received by invoice or on site; the open amount by default. */
function RecordPaymentAction({ participant: p, labelled }: ActionProps) {
  const record = useRecordPayment();
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const method = manualPaymentMethod(p.paymentMethod);
  const amountCents = parseChfInput(amount);
  return (
    <BookingActionDialog
      trigger={
        <ActionButton
          labelled={labelled}
          icon={<CircleDollarSign aria-hidden="true" />}
          label="Zahlung erfassen"
          name={`Zahlung erfassen für ${p.name}`}
        />
      }
      title="Zahlung erfassen"
      description={
        <p>
          Offen sind {cents(p.openCents)}. Erfassen Sie den Betrag, den Sie erhalten haben (
          {paidMethodLabel(method)}). Die Buchung bleibt bestätigt; {p.name} erhält keine E-Mail.
        </p>
      }
      onOpen={() => {
        setAmount(centsInput(p.openCents));
        setNote('');
      }}
      canConfirm={amountCents !== null && amountCents > 0}
      confirmLabel="Zahlung erfassen"
      onConfirm={async () => {
        await record.mutateAsync({ id: p.id, amountCents: amountCents ?? 0, method, note: note.trim() });
        toast({ title: 'Zahlung erfasst', description: `${cents(amountCents ?? 0)} von ${p.name}` });
      }}
    >
      <AmountField id={`pay-${p.id}`} label="Betrag in CHF *" value={amount} onChange={setAmount} />
      <NoteField id={`pay-note-${p.id}`} label="Notiz" value={note} onChange={setNote} />
    </BookingActionDialog>
  );
}

function NoteField({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Textarea id={id} rows={2} value={value} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}

/** Where the money of a refund goes: back through Stripe, or a bank transfer the admin makes. */
function refundWay(p: AdminParticipant): string {
  return refundsOnline(p)
    ? 'über Stripe auf das Zahlungsmittel des Kunden'
    : 'per Überweisung (Sie überweisen den Betrag und erfassen es danach hier)';
}

/** 'Stornieren': frees the seats, refunds the balance by default, tells the customer. */
function CancelAction({ participant: p, labelled }: ActionProps) {
  const cancel = useCancelBooking();
  const balance = balanceCents(p);
  const [refund, setRefund] = useState('');
  const [note, setNote] = useState('');
  const refundCents = balance > 0 ? parseChfInput(refund) : 0;
  const valid = refundCents !== null && refundCents <= balance;
  return (
    <BookingActionDialog
      trigger={
        <ActionButton
          labelled={labelled}
          icon={<Ban aria-hidden="true" />}
          label="Stornieren"
          name={`${p.name} stornieren`}
        />
      }
      title="Buchung stornieren"
      description={
        <>
          <p>
            Die Buchung von {p.name} ({personsLabel(p.persons)}) wird storniert; die Plätze werden freigegeben
            (und der Warteliste angeboten).
          </p>
          <p>
            {balance > 0
              ? `Bezahlt sind ${cents(balance)}. Der Betrag unten geht ${refundWay(p)} zurück; 0 behält das Geld.`
              : 'Es wurde nichts bezahlt, es gibt nichts zurückzuerstatten.'}
          </p>
          <p>{p.name} erhält eine E-Mail mit der Stornierung und dem zurückerstatteten Betrag.</p>
        </>
      }
      onOpen={() => {
        setRefund(centsInput(balance));
        setNote('');
      }}
      canConfirm={valid}
      confirmLabel="Buchung stornieren"
      onConfirm={async () => {
        await cancel.mutateAsync({ id: p.id, refundCents: refundCents ?? 0, note: note.trim() });
        toast({ title: 'Buchung storniert', description: `${p.name} erhält eine E-Mail.` });
      }}
    >
      {balance > 0 ? (
        <AmountField
          id={`cancel-refund-${p.id}`}
          label="Rückerstattung in CHF"
          value={refund}
          onChange={setRefund}
          hint={
            valid
              ? `Höchstens ${cents(balance)}.`
              : `Bitte geben Sie einen Betrag von 0 bis ${cents(balance)} ein.`
          }
        />
      ) : null}
      <NoteField
        id={`cancel-note-${p.id}`}
        label="Mitteilung an den Kunden (optional)"
        value={note}
        onChange={setNote}
      />
    </BookingActionDialog>
  );
}

/** 'Rückerstatten': part or all of the balance back, with a reason; the status stays. */
function RefundAction({ participant: p, labelled }: ActionProps) {
  const refund = useRefundBooking();
  const balance = balanceCents(p);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const amountCents = parseChfInput(amount);
  const valid = amountCents !== null && amountCents > 0 && amountCents <= balance && reason.trim() !== '';
  return (
    <BookingActionDialog
      trigger={
        <ActionButton
          labelled={labelled}
          icon={<Undo2 aria-hidden="true" />}
          label="Rückerstatten"
          name={`${p.name} rückerstatten`}
        />
      }
      title="Betrag rückerstatten"
      description={
        <>
          <p>Bezahlt sind {cents(balance)}. Die Buchung selbst bleibt, wie sie ist.</p>
          <p>
            {refundsOnline(p)
              ? `Der Betrag geht über Stripe auf das Zahlungsmittel von ${p.name} zurück; ${p.name} erhält eine E-Mail, sobald die Rückerstattung ausgeführt ist.`
              : `Erfassen Sie hier den Betrag, den Sie ${p.name} per Überweisung zurückzahlen; ${p.name} erhält sofort eine Bestätigung per E-Mail.`}{' '}
            Das lässt sich nicht rückgängig machen.
          </p>
        </>
      }
      onOpen={() => {
        setAmount(centsInput(balance));
        setReason('');
      }}
      canConfirm={valid}
      confirmLabel="Rückerstatten"
      onConfirm={async () => {
        await refund.mutateAsync({ id: p.id, amountCents: amountCents ?? 0, reason: reason.trim() });
        toast({
          title: refundsOnline(p) ? 'Rückerstattung ausgelöst' : 'Rückerstattung erfasst',
          description: `${cents(amountCents ?? 0)} an ${p.name}`,
        });
      }}
    >
      <AmountField
        id={`refund-${p.id}`}
        label="Betrag in CHF *"
        value={amount}
        onChange={setAmount}
        hint={`Höchstens ${cents(balance)}.`}
      />
      <NoteField id={`refund-reason-${p.id}`} label="Grund *" value={reason} onChange={setReason} />
    </BookingActionDialog>
  );
}

/** 'Reaktivieren': a cancelled or expired booking takes its seats again, if there are any. */
function ReactivateAction({ participant: p, labelled }: ActionProps) {
  const reactivate = useReactivateBooking();
  return (
    <BookingActionDialog
      trigger={
        <ActionButton
          labelled={labelled}
          icon={<RotateCcw aria-hidden="true" />}
          label="Reaktivieren"
          name={`${p.name} reaktivieren`}
        />
      }
      title="Buchung reaktivieren"
      description={
        <>
          <p>
            Die Buchung von {p.name} wird wieder bestätigt und belegt {personsLabel(p.persons)}. Die freien
            Plätze werden dabei geprüft.
          </p>
          <p>
            Offen sind danach {cents(Math.max(0, p.priceCents * p.persons - balanceCents(p)))}; erfassen Sie
            eine Zahlung, sobald sie eingegangen ist.
          </p>
        </>
      }
      confirmLabel="Reaktivieren"
      overrideLabel="Trotzdem reaktivieren (Überbuchung)"
      onConfirm={async (override) => {
        await reactivate.mutateAsync({ id: p.id, override });
        toast({ title: 'Buchung reaktiviert' });
      }}
    />
  );
}

/** A refund by bank transfer waits: the admin records that the money went out. */
function ManualRefundDoneAction({ participant: p, labelled }: ActionProps) {
  const manualRefund = useRecordManualRefund();
  return (
    <ConfirmDialog
      trigger={
        <ActionButton
          labelled={labelled}
          icon={<Landmark aria-hidden="true" />}
          label="Rückerstattung erfasst"
          name={`Rückerstattung erfasst für ${p.name}`}
          disabled={manualRefund.isPending}
        />
      }
      title="Rückerstattung erfassen"
      description={
        <>
          Haben Sie {p.name} den Betrag per Überweisung zurückbezahlt? Die Rückerstattung wird erfasst und{' '}
          {p.name} erhält eine Bestätigung per E-Mail. Das lässt sich nicht rückgängig machen.
        </>
      }
      confirmLabel="Rückerstattung erfasst"
      onConfirm={() =>
        manualRefund.mutate(p.id, {
          onSuccess: () => toast({ title: 'Rückerstattung erfasst' }),
          onError: (error) =>
            toast({
              title: 'Fehler bei der Rückerstattung',
              description: error.message,
              variant: 'destructive',
            }),
        })
      }
    />
  );
}

/** 'Entfernen': only a booking without seats and without money rows (the database checks). */
function RemoveAction({ participant: p, labelled, onRemoved }: ActionProps & { onRemoved?: () => void }) {
  const remove = useDeleteParticipant();
  return (
    <ConfirmDialog
      trigger={
        <ActionButton
          labelled={labelled}
          icon={<Trash2 aria-hidden="true" />}
          label="Entfernen"
          name={`${p.name} entfernen`}
          disabled={remove.isPending}
        />
      }
      title="Buchung entfernen"
      description={
        <>
          Die {p.status === 'expired' ? 'abgelaufene' : 'stornierte'} Buchung von {p.name} wird mit ihrem
          Verlauf gelöscht. {p.name} erhält keine E-Mail. Das lässt sich nicht rückgängig machen.
        </>
      }
      confirmLabel="Entfernen"
      onConfirm={() =>
        remove.mutate(p.id, {
          onSuccess: () => {
            toast({ title: 'Buchung entfernt' });
            onRemoved?.();
          },
          onError: (error) =>
            toast({
              title: 'Die Buchung konnte nicht entfernt werden',
              description: participantChangeError(error),
              variant: 'destructive',
            }),
        })
      }
    />
  );
}

/** An action's place: keeps its width when the action does not apply to this registration. */
function Slot({ labelled, children }: { labelled: boolean; children: ReactNode }) {
  if (children) return <>{children}</>;
  return <span aria-hidden="true" className={labelled ? undefined : 'h-10 w-10'} />;
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
export const ActionButton = forwardRef<HTMLButtonElement, ActionButtonProps>(function ActionButton(
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

import { Check, CircleDollarSign, Undo2, UserCheck } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { formatDateTime } from '@/lib/dates';
import { adminErrorMessage } from '@/lib/error-codes';
import { cn } from '@/lib/utils';
import { useRecordPayment } from '../api/booking-transitions';
import { participantChangeError } from '../api/edit-participant';
import { useSetCheckedIn } from '../api/set-checked-in';
import { paymentMethodLabel } from '../lib/admin-participant';
import { formatTicketCounts, personsLabel } from '@common/format.ts';
import type { CheckinEntry } from '../lib/checkin';
import { AnswersList } from './answers-list';
import { Badge } from '@/components/ui/badge';
import { bookingStatusLabel, cents, manualPaymentMethod } from '../lib/booking-state';

/** 'HH:mm' of a check-in (the date is the evening's). */
function timeOf(iso: string): string {
  return formatDateTime(iso).slice(-5);
}

/**
 * One registration at the door. The check-in button sits at the right edge, in reach of the
 * thumb, at the same place on every row; 'Rückgängig' takes its place once the person is in.
 */
export function CheckinRow({ eventId, entry }: { eventId: string; entry: CheckinEntry }) {
  const checkIn = useSetCheckedIn();
  const record = useRecordPayment();
  const present = entry.checkedInAt !== null;

  function toggle() {
    checkIn.mutate(
      { eventId, participantId: entry.id, present: !present },
      {
        onError: (error) =>
          toast({
            title: 'Check-in nicht gespeichert',
            // PARTICIPANT_CANCELLED: a cancelled booking cannot be checked in.
            description: adminErrorMessage(error, 'Bitte versuchen Sie es noch einmal.'),
            variant: 'destructive',
          }),
      },
    );
  }

  // At the door the open amount comes in cash or TWINT: recorded as a payment on site (the
  // booking's own way for an invoice), one row in the money and the history.
  function recordPayment() {
    record.mutate(
      {
        id: entry.id,
        amountCents: entry.openCents,
        method: manualPaymentMethod(entry.paymentMethod),
        note: 'Beim Check-in erhalten',
      },
      {
        onSuccess: () =>
          toast({ title: 'Zahlung erfasst', description: `${cents(entry.openCents)} von ${entry.name}` }),
        onError: (error) =>
          toast({
            title: 'Die Zahlung konnte nicht erfasst werden',
            description: participantChangeError(error),
            variant: 'destructive',
          }),
      },
    );
  }

  return (
    <li
      className={cn('flex items-start gap-3 p-3 sm:p-4', present && 'bg-success/10')}
      aria-label={entry.name}
    >
      <div className="min-w-0 flex-1 space-y-1">
        <p className="text-lg font-semibold leading-tight [overflow-wrap:anywhere]">{entry.name}</p>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
          <span className="font-medium">
            {personsLabel(entry.persons)}
            {entry.tickets ? ` (${formatTicketCounts(entry.tickets)})` : ''}
          </span>
          <Badge variant={entry.openCents > 0 ? 'warning' : 'success'}>
            {entry.openCents > 0
              ? `Offen ${cents(entry.openCents)}`
              : bookingStatusLabel(entry.status, entry.paymentMethod)}
          </Badge>
          <span className="text-muted-foreground">{paymentMethodLabel(entry.paymentMethod)}</span>
        </p>
        {present ? (
          <p className="flex items-center gap-1 text-sm font-medium text-success">
            <Check className="h-4 w-4" aria-hidden="true" />
            Anwesend seit {timeOf(entry.checkedInAt!)}
          </p>
        ) : null}
        <AnswersList answers={entry.answers} />
        {entry.notes ? (
          <p className="whitespace-pre-wrap break-words rounded-md bg-muted p-2 text-sm">
            <span className="font-medium">Kommentar:</span> {entry.notes}
          </p>
        ) : null}
        {entry.openCents > 0 ? (
          <Button
            type="button"
            variant="outline"
            className="mt-1 h-11"
            disabled={record.isPending}
            onClick={recordPayment}
            aria-label={`${cents(entry.openCents)} erhalten von ${entry.name}`}
          >
            <CircleDollarSign aria-hidden="true" />
            {cents(entry.openCents)} erhalten
          </Button>
        ) : null}
      </div>
      <Button
        type="button"
        variant={present ? 'outline' : 'default'}
        className="h-16 w-32 shrink-0 flex-col gap-0.5 text-base"
        disabled={checkIn.isPending}
        onClick={toggle}
        aria-label={present ? `Check-in von ${entry.name} rückgängig machen` : `${entry.name} einchecken`}
      >
        {present ? <Undo2 aria-hidden="true" /> : <UserCheck aria-hidden="true" />}
        {present ? 'Rückgängig' : 'Einchecken'}
      </Button>
    </li>
  );
}

import { Badge, type BadgeProps } from '@/components/ui/badge';
import type { AdminParticipant } from '../lib/admin-participant';
import { bookingStatusLabel, moneySummary, type BookingMoney } from '../lib/booking-state';

const variants: Record<string, BadgeProps['variant']> = {
  held: 'warning',
  confirmed: 'success',
  cancelled: 'destructive',
  expired: 'secondary',
};

interface BookingStateProps {
  status: string;
  /** participants.payment_method: a held on-site or invoice booking awaits its confirmation. */
  paymentMethod?: string;
  money: BookingMoney;
  /** A refund waits for the admin (bank transfer, failed Stripe refund). */
  refundOpen?: boolean;
  /** Stripe took an amount that did not match ("Zahlung prüfen"). */
  needsReview?: boolean;
}

/**
 * The booking's status as a badge and its money beside it, apart: 'Storniert' with
 * 'teilweise zurückerstattet', 'Bestätigt' with 'offen CHF 50.00'.
 */
export function BookingStatusBadge({
  status,
  paymentMethod,
  money,
  refundOpen = false,
  needsReview = false,
}: BookingStateProps) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <Badge variant={variants[status] ?? 'outline'}>{bookingStatusLabel(status, paymentMethod)}</Badge>
      <span className="text-sm text-muted-foreground">{moneySummary(money)}</span>
      {needsReview ? <Badge variant="destructive">Zahlung prüfen</Badge> : null}
      {refundOpen ? <Badge variant="warning">Rückerstattung offen</Badge> : null}
    </span>
  );
}

/** A booking's status and money as the lists and the detail page show them. */
export function BookingState({ participant: p }: { participant: AdminParticipant }) {
  return (
    <BookingStatusBadge
      status={p.status}
      paymentMethod={p.paymentMethod}
      money={p}
      refundOpen={p.refundOpen}
      needsReview={p.needsReview}
    />
  );
}

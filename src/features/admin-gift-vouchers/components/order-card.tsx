import { Link } from 'react-router-dom';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { formatDateShort, formatDateTime } from '@/lib/dates';
import { formatReference } from 'swissqrbill/utils';
import { formatChf, paidMethodLabel } from '@common/format.ts';
import { ORDER_STATE_LABELS, orderRecipientText, orderWhatText } from '../lib/gift-voucher-display';
import type { GiftVoucherOrder } from '../types';
import { VoucherCode } from './voucher-code';

const STATE_BADGES: Record<string, BadgeProps['variant']> = {
  open: 'warning',
  paid: 'success',
  expired: 'secondary',
};

/** The voucher list narrowed to this code (tab 'Gutscheine', its search field filled in). */
export function voucherLink(code: string): string {
  return `?${new URLSearchParams({ ansicht: 'gutscheine', suche: code })}`;
}

/** One order from /gutscheine: who bought what for whom, how it was paid, the voucher it got. */
export function OrderCard({ order }: { order: GiftVoucherOrder }) {
  const headingId = `order-${order.id}`;
  return (
    <li aria-labelledby={headingId} className="space-y-3 rounded-md border p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={headingId} className="font-mono text-base font-semibold">
          {order.reference}
        </h3>
        <Badge variant={STATE_BADGES[order.state]}>{ORDER_STATE_LABELS[order.state] ?? order.state}</Badge>
      </div>
      <dl className="grid grid-cols-[7rem_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Bestellt</dt>
        <dd>{formatDateTime(order.created_at)}</dd>
        <dt className="text-muted-foreground">Käufer/in</dt>
        <dd className="min-w-0 break-words">
          {order.buyer_name}, {order.buyer_email}
        </dd>
        <dt className="text-muted-foreground">Gekauft</dt>
        <dd className="min-w-0 break-words">{orderWhatText(order)}</dd>
        <dt className="text-muted-foreground">Betrag</dt>
        <dd className="tabular-nums">{formatChf(order.value_cents / 100)}</dd>
        {order.paid_method ? (
          <>
            <dt className="text-muted-foreground">Bezahlt mit</dt>
            <dd>{paidMethodLabel(order.paid_method)}</dd>
          </>
        ) : order.payment_method === 'invoice' && order.invoice_due_date ? (
          <>
            <dt className="text-muted-foreground">Rechnung</dt>
            <dd>zahlbar bis {formatDateShort(order.invoice_due_date)}</dd>
          </>
        ) : null}
        {order.invoice_reference ? (
          <>
            <dt className="text-muted-foreground">QR-Referenz</dt>
            <dd className="min-w-0 break-words font-mono">{formatReference(order.invoice_reference)}</dd>
          </>
        ) : null}
        <dt className="text-muted-foreground">Für</dt>
        <dd className="min-w-0 break-words">{orderRecipientText(order)}</dd>
        <dt className="text-muted-foreground">Versand am</dt>
        <dd>{formatDateShort(order.send_on)}</dd>
        <dt className="text-muted-foreground">Gutschein</dt>
        <dd className="min-w-0 font-mono">
          {order.voucher ? (
            <Link
              to={voucherLink(order.voucher.code)}
              className="underline underline-offset-4"
              aria-label={`Gutschein ${order.voucher.code} in der Liste zeigen`}
            >
              <VoucherCode code={order.voucher.code} />
            </Link>
          ) : (
            <span className="font-sans">
              {order.state === 'paid' ? '–' : 'noch keiner (erst nach der Zahlung)'}
            </span>
          )}
        </dd>
      </dl>
    </li>
  );
}

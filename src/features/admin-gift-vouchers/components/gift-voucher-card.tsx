import { useRef } from 'react';
import { Badge, type BadgeProps } from '@/components/ui/badge';
import { formatDateShort } from '@/lib/dates';
import { formatChf } from '@common/format.ts';
import { giftVoucherState, kindText, STATE_LABELS, type GiftVoucherState } from '../lib/gift-voucher-display';
import type { GiftVoucher } from '../types';
import { GiftVoucherHistory } from './gift-voucher-history';
import { SendGiftVoucherDialog } from './send-gift-voucher-dialog';
import { VoidGiftVoucherDialog } from './void-gift-voucher-dialog';
import { VoucherCode } from './voucher-code';

const STATE_BADGES: Record<GiftVoucherState, BadgeProps['variant']> = {
  active: 'success',
  void: 'destructive',
  expired: 'warning',
  redeemed: 'secondary',
};

/** One voucher: its code and state, its terms, 'Ungültig machen' while active, its history. */
export function GiftVoucherCard({ voucher, today }: { voucher: GiftVoucher; today: string }) {
  const state = giftVoucherState(voucher, today);
  const headingId = `voucher-${voucher.id}`;
  // Where the keyboard continues after voiding: the card itself, now 'Ungültig'.
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <li aria-labelledby={headingId} className="space-y-3 rounded-md border p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3
          id={headingId}
          ref={heading}
          tabIndex={-1}
          className="min-w-0 font-mono text-base font-semibold outline-none"
        >
          <VoucherCode code={voucher.code} />
        </h3>
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant={STATE_BADGES[state]}>{STATE_LABELS[state]}</Badge>
          {voucher.status === 'active' ? (
            <>
              <SendGiftVoucherDialog voucher={voucher} today={today} />
              <VoidGiftVoucherDialog voucher={voucher} onVoided={() => heading.current?.focus()} />
            </>
          ) : null}
        </div>
      </div>
      <dl className="grid grid-cols-[7rem_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Art</dt>
        <dd className="min-w-0 break-words">{kindText(voucher)}</dd>
        <dt className="text-muted-foreground">Wert</dt>
        <dd className="tabular-nums">{formatChf(voucher.value_cents / 100)}</dd>
        <dt className="text-muted-foreground">Guthaben</dt>
        <dd className="tabular-nums">{formatChf(voucher.balance_cents / 100)}</dd>
        <dt className="text-muted-foreground">Gültig bis</dt>
        <dd>{formatDateShort(voucher.valid_until)}</dd>
        <dt className="text-muted-foreground">Für</dt>
        <dd className="min-w-0 break-words">{voucher.recipient_name || '–'}</dd>
        <dt className="text-muted-foreground">Ausgestellt</dt>
        <dd>
          {formatDateShort(voucher.created_at)}
          {voucher.source === 'purchase' ? ' (online gekauft)' : ''}
        </dd>
        {voucher.mailed_to ? (
          <>
            <dt className="text-muted-foreground">Per E-Mail</dt>
            <dd className="min-w-0 break-words">
              an {voucher.mailed_to}
              {voucher.mail_on ? `, ${formatDateShort(voucher.mail_on)}` : ''}
            </dd>
          </>
        ) : null}
        {voucher.note ? (
          <>
            <dt className="text-muted-foreground">Notiz</dt>
            <dd className="min-w-0 whitespace-pre-line break-words">{voucher.note}</dd>
          </>
        ) : null}
        {voucher.voided_at ? (
          <>
            <dt className="text-muted-foreground">Ungültig seit</dt>
            <dd className="min-w-0 break-words">
              {formatDateShort(voucher.voided_at)}
              {voucher.void_reason ? `: ${voucher.void_reason}` : ''}
            </dd>
          </>
        ) : null}
      </dl>
      <GiftVoucherHistory voucher={voucher} />
    </li>
  );
}

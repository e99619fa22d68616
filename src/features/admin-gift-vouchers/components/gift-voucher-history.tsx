import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { ListState } from '@/components/ui/list-state';
import { formatDateShort, formatDateTime } from '@/lib/dates';
import { formatChf } from '@common/format.ts';
import { useGiftVoucherUses } from '../api/get-gift-voucher-uses';
import { historyKindText } from '../lib/gift-voucher-display';
import type { GiftVoucher } from '../types';

/** 'Verlauf': a disclosure under the voucher; its lines load when it opens. */
export function GiftVoucherHistory({ voucher }: { voucher: Pick<GiftVoucher, 'id' | 'code'> }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const uses = useGiftVoucherUses(voucher.id, open);
  return (
    <div className="space-y-2">
      <Button
        type="button"
        size="sm"
        variant="ghost"
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={`Verlauf von ${voucher.code}`}
        onClick={() => setOpen((shown) => !shown)}
      >
        Verlauf
        <ChevronDown aria-hidden="true" className={open ? 'rotate-180' : undefined} />
      </Button>
      {open ? (
        <div id={panelId}>
          <ListState
            isPending={uses.isPending}
            isError={uses.isError}
            isEmpty={uses.data?.length === 0}
            errorText="Der Verlauf konnte nicht geladen werden. Bitte versuchen Sie es erneut."
            emptyText="Noch nicht eingelöst."
          >
            <ul aria-label={`Verlauf von ${voucher.code}`} className="divide-y text-sm">
              {uses.data?.map((use) => (
                <li
                  key={`${use.at}-${use.kind}-${use.participant_id}`}
                  className="flex flex-wrap items-baseline gap-x-3 gap-y-1 py-2"
                >
                  <span className="tabular-nums text-muted-foreground">{formatDateTime(use.at)}</span>
                  <span className="font-medium">{historyKindText(use.kind)}</span>
                  <span className="tabular-nums">
                    {use.kind === 'returned' ? '+' : '−'} {formatChf(use.amount_cents / 100)}
                  </span>
                  <Link
                    to={`/admin/participants/${use.participant_id}`}
                    className="font-medium underline underline-offset-4"
                  >
                    {use.reference} · {use.name}
                  </Link>
                  <span className="text-muted-foreground">
                    {use.event_title}
                    {use.event_date ? ` (${formatDateShort(use.event_date)})` : ''}
                  </span>
                </li>
              ))}
            </ul>
          </ListState>
        </div>
      ) : null}
    </div>
  );
}

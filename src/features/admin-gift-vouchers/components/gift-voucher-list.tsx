import { useId, useState } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { ListState } from '@/components/ui/list-state';
import { todayIso } from '@/lib/dates';
import { useGiftVouchers } from '../api/get-gift-vouchers';
import { matchesSearch } from '../lib/gift-voucher-display';
import { GiftVoucherCard } from './gift-voucher-card';

function countText(shown: number, total: number): string {
  const noun = total === 1 ? 'Gutschein' : 'Gutscheinen';
  return shown === total
    ? `${total} ${total === 1 ? 'Gutschein' : 'Gutscheine'}`
    : `${shown} von ${total} ${noun}`;
}

/** Every voucher, newest first, narrowed by code or recipient as typed (or as linked: `initialQuery`). */
export function GiftVoucherList({ initialQuery = '' }: { initialQuery?: string }) {
  const vouchers = useGiftVouchers();
  const [query, setQuery] = useState(initialQuery);
  const searchId = useId();
  const all = vouchers.data ?? [];
  const shown = all.filter((voucher) => matchesSearch(voucher, query));
  const today = todayIso();
  return (
    <section aria-labelledby="vouchers-heading" className="space-y-3">
      <h2 id="vouchers-heading" className="text-xl font-semibold">
        Alle Gutscheine
      </h2>
      <ListState
        isPending={vouchers.isPending}
        isError={vouchers.isError}
        isEmpty={all.length === 0}
        errorText="Die Gutscheine konnten nicht geladen werden. Bitte laden Sie die Seite neu."
        emptyText="Noch keine Gutscheine."
      >
        <div className="flex flex-wrap items-end gap-x-4 gap-y-2">
          <div className="grid w-full max-w-sm gap-1.5">
            <Label htmlFor={searchId}>Suche nach Code oder Name</Label>
            <Input
              id={searchId}
              type="search"
              autoComplete="off"
              value={query}
              onChange={(event) => setQuery(event.target.value)}
            />
          </div>
          <p role="status" className="text-sm text-muted-foreground">
            {countText(shown.length, all.length)}
          </p>
        </div>
        {shown.length === 0 ? (
          <p className="py-8 text-center text-muted-foreground">Kein Gutschein passt zur Suche.</p>
        ) : (
          // Cards, not a table: on a phone every button stays on the screen.
          <ul className="grid gap-3 md:grid-cols-2">
            {shown.map((voucher) => (
              <GiftVoucherCard key={voucher.id} voucher={voucher} today={today} />
            ))}
          </ul>
        )}
      </ListState>
    </section>
  );
}

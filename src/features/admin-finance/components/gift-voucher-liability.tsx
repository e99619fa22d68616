import { Link } from 'react-router-dom';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ListState } from '@/components/ui/list-state';
import { formatChf } from '@common/format.ts';
import { useGiftVoucherLiability } from '../api/finance';

const vouchers = (count: number) => (count === 1 ? '1 Gutschein' : `${count} Gutscheine`);

/**
 * 'Geschenkgutscheine': what is still open on usable vouchers today, a debt to their holders
 * until redeemed (issue 28), apart from the rest on expired ones, which nobody can redeem any more.
 */
export function GiftVoucherLiability() {
  const liability = useGiftVoucherLiability();
  return (
    <Card role="region" aria-label="Geschenkgutscheine">
      <CardHeader>
        <CardTitle>Geschenkgutscheine</CardTitle>
      </CardHeader>
      <CardContent>
        <ListState
          isPending={liability.isPending}
          isError={liability.isError}
          isEmpty={false}
          errorText="Die offenen Gutscheine konnten nicht geladen werden."
          emptyText=""
        >
          {liability.data ? (
            <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-sm">
              <dt className="text-muted-foreground">Noch offen (einlösbar)</dt>
              <dd className="font-semibold tabular-nums">
                {formatChf(liability.data.openCents / 100)} · {vouchers(liability.data.openCount)}
              </dd>
              <dt className="text-muted-foreground">Verfallen, nicht eingelöst</dt>
              <dd className="tabular-nums">
                {formatChf(liability.data.expiredCents / 100)} · {vouchers(liability.data.expiredCount)}
              </dd>
            </dl>
          ) : null}
          <p className="mt-3 text-sm text-muted-foreground">
            Einzelne Gutscheine und ihren Verlauf finden Sie unter{' '}
            <Link to="/admin/gutscheine" className="underline underline-offset-4">
              Gutscheine
            </Link>
            .
          </p>
        </ListState>
      </CardContent>
    </Card>
  );
}

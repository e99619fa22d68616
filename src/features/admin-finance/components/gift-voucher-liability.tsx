import { Link } from 'react-router-dom';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ListState } from '@/components/ui/list-state';
import { formatChf } from '@common/format.ts';
import { type FinancePeriod, useGiftVoucherLiability, useGiftVoucherSales } from '../api/finance';

const vouchers = (count: number) => (count === 1 ? '1 Gutschein' : `${count} Gutscheine`);

/**
 * 'Geschenkgutscheine': what is still open on usable vouchers today, a debt to their holders
 * until redeemed (issue 28), apart from the rest on expired ones, which nobody can redeem any more;
 * and what was sold in the page's period (null while the period is not valid).
 */
export function GiftVoucherLiability({ period }: { period: FinancePeriod | null }) {
  const liability = useGiftVoucherLiability();
  const sales = useGiftVoucherSales(period);
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
              {sales.data ? (
                <>
                  <dt className="text-muted-foreground">Im Zeitraum verkauft</dt>
                  <dd className="tabular-nums">
                    {formatChf(sales.data.soldCents / 100)} · {vouchers(sales.data.soldCount)}
                    {sales.data.soldCount > 0
                      ? ` (${sales.data.byMethod
                          .filter(([, cents]) => cents > 0)
                          .map(([label, cents]) => `${label} ${formatChf(cents / 100)}`)
                          .join(', ')})`
                      : ''}
                  </dd>
                </>
              ) : null}
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

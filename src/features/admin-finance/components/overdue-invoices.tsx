import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { ListState } from '@/components/ui/list-state';
import { formatDateShort } from '@/lib/dates';
import { formatChf } from '@common/format.ts';
import { useOverdueInvoices } from '../api/finance';

/**
 * 'Mahnung fällig': invoice bookings the daily job reminded once and that are still open as many
 * days after the reminder. The site sends no second mail; the team decides (call, dunning letter,
 * cancel).
 */
export function OverdueInvoices() {
  const overdue = useOverdueInvoices();
  return (
    <Card role="region" aria-label="Mahnung fällig">
      <CardHeader>
        <CardTitle>Mahnung fällig</CardTitle>
      </CardHeader>
      <CardContent>
        <ListState
          isPending={overdue.isPending}
          isError={overdue.isError}
          isEmpty={overdue.data?.length === 0}
          errorText="Die fälligen Mahnungen konnten nicht geladen werden."
          emptyText="Keine Rechnung ist nach der Erinnerung noch offen."
        >
          <ul className="divide-y">
            {overdue.data?.map((row) => (
              <li
                key={row.participant_id}
                className="flex flex-wrap items-baseline gap-x-3 gap-y-1 py-2 text-sm"
              >
                <Badge variant="destructive">Mahnung fällig</Badge>
                <Link
                  to={`/admin/participants/${row.participant_id}`}
                  className="font-medium hover:underline"
                >
                  {row.reference} · {row.name}
                </Link>
                <span className="text-muted-foreground">
                  {row.event_title} ({formatDateShort(row.event_date)}) · fällig{' '}
                  {formatDateShort(row.invoice_due_date)} · erinnert {formatDateShort(row.reminded_at)}
                </span>
                <span className="ml-auto font-medium tabular-nums">
                  offen {formatChf(row.open_cents / 100)}
                </span>
              </li>
            ))}
          </ul>
        </ListState>
      </CardContent>
    </Card>
  );
}

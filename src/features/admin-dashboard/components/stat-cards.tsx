import { Skeleton } from '@/components/ui/skeleton';
import { StatCard } from '@/components/ui/stat-card';
import { formatChf } from '@common/format.ts';
import { useDashboardStats } from '../api/get-dashboard-stats';

export function StatCards() {
  const stats = useDashboardStats();
  if (stats.isError) {
    return (
      <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-4 text-sm">
        Datenbankfehler: Die Statistiken konnten nicht geladen werden.
      </p>
    );
  }
  const data = stats.data;
  const items = [
    { label: 'Events gesamt', value: data?.totalEvents },
    { label: 'Kommende Events', value: data?.upcomingEvents },
    { label: 'Teilnehmer', value: data?.uniqueParticipants },
    { label: 'Auslastung', value: data ? `${data.occupancyPercent}%` : undefined },
    // Money: what is booked (the spec's Umsatz), what codes take off it, what gift vouchers paid,
    // what came in, what is open. The widest figures come last and get the whole row on a phone.
    { label: 'Umsatz (gebucht)', value: data ? formatChf(data.revenue) : undefined, wide: true },
    { label: 'Rabatte', value: data ? formatChf(data.discounts) : undefined, wide: true },
    { label: 'Mit Gutschein', value: data ? formatChf(data.vouchers) : undefined, wide: true },
    { label: 'Erhalten', value: data ? formatChf(data.received) : undefined, wide: true },
    { label: 'Offen', value: data ? formatChf(data.open) : undefined, wide: true },
  ];
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {items.map((item) => (
        <StatCard
          key={item.label}
          label={item.label}
          className={item.wide ? 'col-span-2 lg:col-span-1' : undefined}
        >
          {item.value === undefined ? (
            <Skeleton className="h-8 w-20" />
          ) : (
            <p
              className="text-xl font-semibold tabular-nums sm:text-2xl"
              aria-label={`${item.label}: ${item.value}`}
            >
              {item.value}
            </p>
          )}
        </StatCard>
      ))}
    </div>
  );
}

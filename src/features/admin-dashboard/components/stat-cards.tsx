import { Skeleton } from '@/components/ui/skeleton';
import { StatCard } from '@/components/ui/stat-card';
import { formatChf } from '@/lib/money';
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
    { label: 'Umsatz', value: data ? formatChf(data.revenue) : undefined },
    { label: 'Auslastung', value: data ? `${data.occupancyPercent}%` : undefined },
  ];
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
      {items.map((item) => (
        <StatCard key={item.label} label={item.label}>
          {item.value === undefined ? (
            <Skeleton className="h-8 w-20" />
          ) : (
            <p className="text-2xl font-semibold" aria-label={`${item.label}: ${item.value}`}>
              {item.value}
            </p>
          )}
        </StatCard>
      ))}
    </div>
  );
}

import { formatDateShort } from '@/lib/dates';
import { useRecentRegistrations } from '../api/get-recent-registrations';
import { DashboardListCard } from './dashboard-list-card';

export function RecentRegistrationsCard() {
  const registrations = useRecentRegistrations();
  return (
    <DashboardListCard
      title="Neueste Anmeldungen"
      query={registrations}
      errorText="Fehler beim Laden der Teilnehmer"
      emptyText="Keine Anmeldungen vorhanden"
      toRow={(registration) => ({
        href: `/admin/participants/${registration.id}`,
        title: registration.name,
        detail: registration.eventTitle,
        aside: formatDateShort(registration.createdAt),
      })}
      asideClassName="text-sm text-muted-foreground"
    />
  );
}

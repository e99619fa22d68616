import { ConnectionStatus } from './connection-status';
import { OccupancyCard, WeeklyChartsCard } from './dashboard-charts';
import { RecentRegistrationsCard } from './recent-registrations-card';
import { StatCards } from './stat-cards';
import { UpcomingEventsCard } from './upcoming-events-card';

export function DashboardOverview() {
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="font-serif text-3xl font-semibold">Dashboard</h1>
        <ConnectionStatus />
      </div>
      <StatCards />
      <div className="grid gap-6 xl:grid-cols-2">
        <WeeklyChartsCard />
        <OccupancyCard />
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <UpcomingEventsCard />
        <RecentRegistrationsCard />
      </div>
    </div>
  );
}

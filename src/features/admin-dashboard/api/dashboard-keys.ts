import { ADMIN_ROOT_KEY } from '@/lib/admin-query-keys';

/** Under the shared admin root, so event and participant writes refresh the dashboard too. */
export const dashboardKeys = {
  all: [...ADMIN_ROOT_KEY, 'dashboard'] as const,
  stats: () => [...dashboardKeys.all, 'stats'] as const,
  upcoming: (today: string) => [...dashboardKeys.all, 'upcoming', today] as const,
  recentRegistrations: () => [...dashboardKeys.all, 'recent-registrations'] as const,
  connection: () => [...dashboardKeys.all, 'connection'] as const,
  weekly: () => [...dashboardKeys.all, 'weekly'] as const,
  occupancy: () => [...dashboardKeys.all, 'occupancy'] as const,
};

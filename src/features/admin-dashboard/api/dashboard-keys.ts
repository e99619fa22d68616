// Under the shared 'admin' root, so event and participant writes refresh the dashboard too.
export const dashboardKeys = {
  stats: () => ['admin', 'dashboard', 'stats'] as const,
  upcoming: (today: string) => ['admin', 'dashboard', 'upcoming', today] as const,
  recentRegistrations: () => ['admin', 'dashboard', 'recent-registrations'] as const,
  connection: () => ['admin', 'dashboard', 'connection'] as const,
};

import type { EventListQuery } from '../event-filters';

// Every admin query key starts with 'admin', so a write can refresh all admin screens at once
// (e.g. the dashboard's counts after an event is deleted).
export const ADMIN_ROOT_KEY = ['admin'] as const;

export const adminEventKeys = {
  all: ['admin', 'events'] as const,
  list: (query: EventListQuery) => ['admin', 'events', 'list', query] as const,
  detail: (id: string) => ['admin', 'events', 'detail', id] as const,
};

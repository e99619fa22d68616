import { ADMIN_ROOT_KEY } from '@/lib/admin-query-keys';
import type { EventListQuery } from '../lib/event-filters';

/** Admin query keys for events, under the shared admin root (a write refreshes all admin screens). */
export const adminEventKeys = {
  all: [...ADMIN_ROOT_KEY, 'events'] as const,
  list: (query: EventListQuery) => [...adminEventKeys.all, 'list', query] as const,
  detail: (id: string) => [...adminEventKeys.all, 'detail', id] as const,
  noticeState: (id: string) => [...adminEventKeys.all, 'notice-state', id] as const,
};

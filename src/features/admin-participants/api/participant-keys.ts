import { ADMIN_ROOT_KEY } from '@/lib/admin-query-keys';

/** Admin query keys for participants, under the shared admin root. */
export const participantKeys = {
  all: [...ADMIN_ROOT_KEY, 'participants'] as const,
  list: () => [...participantKeys.all, 'list'] as const,
  detail: (id: string) => [...participantKeys.all, 'detail', id] as const,
  eventOptions: () => [...participantKeys.all, 'event-options'] as const,
  checkin: (eventId: string) => [...participantKeys.all, 'checkin', eventId] as const,
  history: (id: string) => [...participantKeys.all, 'history', id] as const,
  paymentsToCheck: (id: string) => [...participantKeys.all, 'payments-to-check', id] as const,
};

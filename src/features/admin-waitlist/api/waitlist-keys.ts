import { ADMIN_ROOT_KEY } from '@/lib/admin-query-keys';

/** Admin query keys for the waiting list of one event, under the shared admin root. */
export const adminWaitlistKeys = {
  all: [...ADMIN_ROOT_KEY, 'waitlist'] as const,
  event: (eventId: string) => [...adminWaitlistKeys.all, 'event', eventId] as const,
  list: (eventId: string) => [...adminWaitlistKeys.all, 'list', eventId] as const,
};

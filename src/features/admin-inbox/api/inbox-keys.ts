import { ADMIN_ROOT_KEY } from '@/lib/admin-query-keys';

/** Admin query keys of the inbox, under the shared admin root. */
export const inboxKeys = {
  all: [...ADMIN_ROOT_KEY, 'inbox'] as const,
  counts: () => [...inboxKeys.all, 'counts'] as const,
  enquiries: () => [...inboxKeys.all, 'enquiries'] as const,
  newsletter: () => [...inboxKeys.all, 'newsletter'] as const,
  outbox: () => [...inboxKeys.all, 'outbox'] as const,
};

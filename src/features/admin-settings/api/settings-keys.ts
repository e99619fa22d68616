import { ADMIN_ROOT_KEY } from '@/lib/admin-query-keys';

/** Admin query keys for settings, under the shared admin root. */
export const adminSettingsKeys = {
  all: [...ADMIN_ROOT_KEY, 'settings'] as const,
  fondue: () => [...adminSettingsKeys.all, 'fondue'] as const,
  creditor: () => [...adminSettingsKeys.all, 'creditor'] as const,
};

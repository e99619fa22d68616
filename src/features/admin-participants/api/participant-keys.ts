// Admin query keys all start with 'admin', so a write refreshes every admin screen at once
// (participant counts show on the events list and the dashboard too).
export const ADMIN_ROOT_KEY = ['admin'] as const;

export const participantKeys = {
  all: ['admin', 'participants'] as const,
  list: () => ['admin', 'participants', 'list'] as const,
  detail: (id: string) => ['admin', 'participants', 'detail', id] as const,
  eventOptions: () => ['admin', 'participants', 'event-options'] as const,
};

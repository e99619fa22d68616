// Under 'admin', so every admin write refreshes these too (see participant-keys.ts).
export const inboxKeys = {
  counts: () => ['admin', 'inbox', 'counts'] as const,
  enquiries: () => ['admin', 'inbox', 'enquiries'] as const,
  newsletter: () => ['admin', 'inbox', 'newsletter'] as const,
  outbox: () => ['admin', 'inbox', 'outbox'] as const,
};

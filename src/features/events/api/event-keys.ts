import type { PublishedEventsFilter } from '../types';

/** Query keys for public events; a registration invalidates `eventKeys.all` (counts change everywhere). */
export const eventKeys = {
  all: ['events'] as const,
  lists: () => [...eventKeys.all, 'list'] as const,
  list: (filter: PublishedEventsFilter) => [...eventKeys.lists(), filter] as const,
  details: () => [...eventKeys.all, 'detail'] as const,
  byId: (id: string) => [...eventKeys.details(), 'id', id] as const,
  bySlug: (slug: string) => [...eventKeys.details(), 'slug', slug] as const,
  formerSlug: (slug: string) => [...eventKeys.details(), 'former-slug', slug] as const,
};

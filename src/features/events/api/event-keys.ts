import type { EventCategory } from '../types';

export interface PublishedEventsFilter {
  /** Only these categories; all when absent or empty. */
  categories?: readonly EventCategory[];
  limit?: number;
}

/** Query keys for events; a registration invalidates `eventKeys.all` (counts change everywhere). */
export const eventKeys = {
  all: ['events'] as const,
  lists: () => [...eventKeys.all, 'list'] as const,
  list: (filter: PublishedEventsFilter) => [...eventKeys.lists(), filter] as const,
  details: () => [...eventKeys.all, 'detail'] as const,
  byId: (id: string) => [...eventKeys.details(), 'id', id] as const,
  bySlug: (slug: string) => [...eventKeys.details(), 'slug', slug] as const,
};

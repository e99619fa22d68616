import type { EventCategory } from '../types';
import type { PublishedEventsFilter } from './event-keys';
import { TIMEOUTS } from './request-errors';
import { useEventList } from './use-event-list';

export type CategoryList = 'stammtisch' | 'breathwork' | 'kids';

/**
 * The event lists embedded in content pages and the categories each one shows. The filter
 * objects are module constants so query keys and memoised samples stay stable.
 */
export const CATEGORY_LIST_FILTERS: Record<
  CategoryList,
  PublishedEventsFilter & { categories: readonly EventCategory[] }
> = {
  stammtisch: { categories: ['stammtisch'] },
  breathwork: { categories: ['breathwork', 'sense-of-breath'] },
  kids: { categories: ['kids'] },
};

export function useCategoryEvents(list: CategoryList) {
  return useEventList(CATEGORY_LIST_FILTERS[list], {
    timeoutMs: TIMEOUTS.default,
    operation: 'Events laden',
  });
}

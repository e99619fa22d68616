import { useState } from 'react';

/**
 * The fresh list in the order the visitor already sees: the items shown before keep their
 * places (in the order shown), items that are new come after them in the order the fresh list
 * has them, and items no longer in the fresh list are left out. A prerendered list is as old as
 * the build; when the API answers with more or other events, putting a new card before the
 * shown ones would push every card the visitor is looking at (layout shift, issue 26).
 */
export function keepShownOrder<T extends { id: string }>(
  shownIds: readonly string[],
  fresh: readonly T[],
): T[] {
  const byId = new Map(fresh.map((item) => [item.id, item]));
  const kept = shownIds.flatMap((id) => {
    const item = byId.get(id);
    return item ? [item] : [];
  });
  const shown = new Set(shownIds);
  return [...kept, ...fresh.filter((item) => !shown.has(item.id))];
}

/**
 * `items` in a stable order for the lifetime of the component: the first list it renders (the
 * prerendered one, when the page was prerendered) sets the order, later lists keep it
 * (keepShownOrder). A page opened again starts from the fresh order.
 */
export function useStableOrder<T extends { id: string }>(items: readonly T[]): T[] {
  // Also for the category filter's buttons ({ id: category }): a new category's button comes
  // after the shown ones instead of pushing them aside.
  const [shownIds, setShownIds] = useState<readonly string[] | null>(null);
  const ordered = shownIds ? keepShownOrder(shownIds, items) : [...items];
  const orderedIds = ordered.map((item) => item.id);
  // Remember what is shown now (state adjusted while rendering, React's pattern for state that
  // follows props): the next list keeps it.
  if (shownIds === null || orderedIds.join('\n') !== shownIds.join('\n')) setShownIds(orderedIds);
  return ordered;
}

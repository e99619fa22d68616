import { useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { useEvents } from '../api/get-events';
import { filterByCategory, presentCategories } from '../lib/published-filter';
import { TRY_AGAIN_LATER } from '../texts';
import { isEventCategory, type EventCategory } from '@/lib/event-domain';
import { useStableOrder } from '../lib/stable-order';
import { CategoryFilter } from './category-filter';
import { EventGrid, EventGridSkeleton } from './event-grid';
import { SampleDataNotice } from './sample-data-notice';
import { useFallbackToasts } from './use-fallback-toasts';

const CATEGORY_PARAM = 'kategorie';

/** The chosen category lives in the URL, so a filtered list can be shared and survives reload. */
function useCategoryParam(): [EventCategory | null, (category: EventCategory | null) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get(CATEGORY_PARAM);
  const category = isEventCategory(raw) ? raw : null;
  const setCategory = (next: EventCategory | null) =>
    setParams(next ? { [CATEGORY_PARAM]: next } : {}, { replace: true, preventScrollReset: true });
  return [category, setCategory];
}

/** /events: filter, grid, skeletons, empty text and the sample-data fallback (spec §2, §8). */
export function EventsOverview() {
  const list = useEvents();
  const [category, setCategory] = useCategoryParam();
  useFallbackToasts(list.status);
  // The prerendered list is as old as the build; the fresh one keeps the shown cards in place.
  const events = useStableOrder(list.events);

  if (list.status === 'loading') return <EventGridSkeleton count={6} />;

  if (list.status === 'error') {
    return (
      <div role="alert" className="space-y-4 rounded-md border border-destructive/40 p-6">
        <p className="font-medium">Fehler beim Laden der Events.</p>
        <p className="text-sm text-muted-foreground">{TRY_AGAIN_LATER}</p>
        <Button variant="outline" onClick={list.retry}>
          Erneut versuchen
        </Button>
      </div>
    );
  }

  const shown = filterByCategory(events, category);
  return (
    <div className="space-y-8">
      {list.status === 'samples' ? (
        <SampleDataNotice detail={list.reason}>
          Die Datenbank ist zurzeit nicht erreichbar. Es werden Beispieldaten angezeigt; Buchungen sind nicht
          möglich.
        </SampleDataNotice>
      ) : null}
      <CategoryFilter available={presentCategories(events)} value={category} onChange={setCategory} />
      {/* The cards' h3 titles need an h2 above them (heading order); out of the flow, so the grid
          stays where it was. */}
      <h2 className="sr-only">Kommende Events</h2>
      {shown.length === 0 ? (
        <p className="py-12 text-center text-muted-foreground">Keine Events für diese Kategorie gefunden.</p>
      ) : (
        <EventGrid events={shown} />
      )}
    </div>
  );
}

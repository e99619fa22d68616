import { stammtischFacts } from '@/content/stammtisch';
import { useNextCategoryEvent, type NextEventState } from '@/features/events/api/get-events';
import { FactItem, LoadingFactItems, type Fact } from '@/features/pages/components/fact-list';

// The event-bound part of the Stammtisch page's 'Auf einen Blick', loaded lazily with the event
// list (supabase-js, the list's query): the page's first paint and initial script stay without it.

const { date, price, place } = stammtischFacts.nextEvent;

/**
 * Date, price and place of the next Stammtisch, from the page's own event list (prerendered with
 * it): they are facts of an evening, not of the page.
 */
function nextEventItems(next: Exclude<NextEventState, { status: 'loading' }>): Fact[] {
  if (next.status === 'none') return [stammtischFacts.withoutEvent];
  return [
    { ...date, value: next.facts.date },
    { ...price, value: next.facts.price },
    ...(next.facts.place ? [{ ...place, value: next.facts.place }] : []),
  ];
}

export default function NextStammtischFacts() {
  const next = useNextCategoryEvent('stammtisch');
  if (next.status === 'loading') return <LoadingFactItems items={[date, price, place]} />;
  return nextEventItems(next).map((item) => <FactItem key={item.label} {...item} />);
}

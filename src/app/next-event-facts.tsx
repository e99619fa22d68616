import {
  useNextCategoryEvent,
  type CategoryList,
  type NextEventState,
} from '@/features/events/api/get-events';
import { FactItem, LoadingFactItems, type Fact } from '@/features/pages/components/fact-list';

// The event-bound part of an offer page's 'Auf einen Blick' (Stammtisch, Kids), loaded lazily with
// the event list (supabase-js, the list's query): the page's first paint and initial script stay
// without it.

type FactLabel = Omit<Fact, 'value'>;

/** The labels of the next event's facts; `ages` only where the page tells them (Kids). */
export interface NextEventLabels {
  date: FactLabel;
  ages?: FactLabel;
  price: FactLabel;
  place: FactLabel;
}

export interface NextEventFactsProps {
  list: CategoryList;
  labels: NextEventLabels;
  /** Said instead when there is no next event: that these facts belong to each event. */
  withoutEvent: Fact;
}

/**
 * Date, (ages,) price and place of the next event, from the page's own event list (prerendered
 * with it): they are facts of an event, not of the page. An event that states no ages or no place
 * leaves that line out.
 */
function nextEventItems(
  next: Exclude<NextEventState, { status: 'loading' }>,
  { date, ages, price, place }: NextEventLabels,
  withoutEvent: Fact,
): Fact[] {
  if (next.status === 'none') return [withoutEvent];
  return [
    { ...date, value: next.facts.date },
    ...(ages && next.facts.ages ? [{ ...ages, value: next.facts.ages }] : []),
    { ...price, value: next.facts.price },
    ...(next.facts.place ? [{ ...place, value: next.facts.place }] : []),
  ];
}

export default function NextEventFacts({ list, labels, withoutEvent }: NextEventFactsProps) {
  const next = useNextCategoryEvent(list);
  if (next.status === 'loading') return <LoadingFactItems items={Object.values(labels)} />;
  return nextEventItems(next, labels, withoutEvent).map((item) => <FactItem key={item.label} {...item} />);
}

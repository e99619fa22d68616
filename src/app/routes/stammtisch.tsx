import { Seo } from '@/components/layout/seo';
import { Skeleton } from '@/components/ui/skeleton';
import {
  stammtischFacts,
  stammtischFeatures,
  stammtischHero,
  stammtischImpressions,
  stammtischIntro,
} from '@/content/stammtisch';
import { useNextCategoryEvent, type NextEventState } from '@/features/events/api/get-events';
import { StammtischEvents } from '@/features/events/components/category-event-lists';
import { FactList, type Fact } from '@/features/pages/components/fact-list';
import { FeatureGrid } from '@/features/pages/components/feature-grid';
import { ImageCarousel } from '@/features/pages/components/image-carousel';
import { ImageHero } from '@/features/pages/components/image-hero';
import { Paragraphs, Section } from '@/features/pages/components/section';

/** Stands in for a value while the list loads: one line of text high, so nothing moves. */
const LOADING_VALUE = (
  <>
    <span className="sr-only">wird geladen</span>
    <Skeleton className="h-7 w-40 max-w-full" aria-hidden="true" />
  </>
);

/**
 * Date, price and place of the next Stammtisch, from the page's own event list (prerendered with
 * it): they are facts of an evening, not of the page.
 */
function nextEventItems(next: NextEventState): Fact[] {
  const { date, price, place } = stammtischFacts.nextEvent;
  switch (next.status) {
    case 'loading':
      return [date, price, place].map((item) => ({ ...item, value: LOADING_VALUE }));
    case 'none':
      return [stammtischFacts.withoutEvent];
    case 'found':
      return [
        { ...date, value: next.facts.date },
        { ...price, value: next.facts.price },
        ...(next.facts.place ? [{ ...place, value: next.facts.place }] : []),
      ];
  }
}

export default function StammtischPage() {
  const nextStammtisch = useNextCategoryEvent('stammtisch');
  return (
    <>
      <Seo
        title="Stammtisch"
        description={stammtischHero.lead}
        path="/stammtisch"
        image={stammtischHero.image.ogSrc}
      />
      <ImageHero hero={stammtischHero} />
      <Section title={stammtischIntro.title}>
        <Paragraphs items={stammtischIntro.paragraphs} className="max-w-3xl" />
      </Section>
      <Section title={stammtischFeatures.title} tone="muted">
        <FeatureGrid items={stammtischFeatures.items} />
      </Section>
      <Section title={stammtischFacts.title} id="auf-einen-blick">
        <div className="rounded-lg border bg-card p-6 shadow-sm md:p-8">
          <FactList items={[...stammtischFacts.items, ...nextEventItems(nextStammtisch)]} />
          <p className="mt-6 border-t pt-6 text-muted-foreground">{stammtischFacts.note}</p>
        </div>
      </Section>
      <Section title={stammtischImpressions.title} tone="muted">
        <ImageCarousel label={stammtischImpressions.title} items={stammtischImpressions.items} />
      </Section>
      <StammtischEvents />
    </>
  );
}

import { Suspense } from 'react';
import { DeferredHydration } from '@/app/deferred-hydration';
import { Seo } from '@/components/layout/seo';
import {
  stammtischFacts,
  stammtischFeatures,
  stammtischHero,
  stammtischImpressions,
  stammtischIntro,
} from '@/content/stammtisch';
import { FactList, LoadingFactItems } from '@/features/pages/components/fact-list';
import { FeatureGrid } from '@/features/pages/components/feature-grid';
import { ImageCarousel } from '@/features/pages/components/image-carousel';
import { ImageHero } from '@/features/pages/components/image-hero';
import { Paragraphs, Section } from '@/features/pages/components/section';
import { lazyPart } from '@/lib/lazy-part';

// Below the fold and built on the event list's code: the list and the facts of the next Stammtisch
// load after the page has painted; the prerendered HTML already holds both.
const NextEventFacts = lazyPart('src/app/next-event-facts.tsx', () =>
  import('@/app/next-event-facts').then((module) => module.default),
);
const StammtischEvents = lazyPart('src/features/events/components/category-event-lists.tsx', () =>
  import('@/features/events/components/category-event-lists').then((module) => module.StammtischEvents),
);

export default function StammtischPage() {
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
      <DeferredHydration>
        <Section title={stammtischFeatures.title} tone="muted">
          <FeatureGrid items={stammtischFeatures.items} />
        </Section>
      </DeferredHydration>
      <Section title={stammtischFacts.title} id="auf-einen-blick">
        <div className="rounded-lg border bg-card p-6 shadow-sm md:p-8">
          <FactList items={stammtischFacts.items}>
            <Suspense fallback={<LoadingFactItems items={Object.values(stammtischFacts.nextEvent)} />}>
              <NextEventFacts
                list="stammtisch"
                labels={stammtischFacts.nextEvent}
                withoutEvent={stammtischFacts.withoutEvent}
              />
            </Suspense>
          </FactList>
          <p className="mt-6 border-t pt-6 text-muted-foreground">{stammtischFacts.note}</p>
        </div>
      </Section>
      <DeferredHydration>
        <Section title={stammtischImpressions.title} tone="muted">
          <ImageCarousel label={stammtischImpressions.title} items={stammtischImpressions.items} />
        </Section>
      </DeferredHydration>
      <Suspense fallback={null}>
        <StammtischEvents />
      </Suspense>
    </>
  );
}

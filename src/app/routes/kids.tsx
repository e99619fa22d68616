import { Suspense } from 'react';
import { DeferredHydration } from '@/app/deferred-hydration';
import { Seo } from '@/components/layout/seo';
import { kidsAbout, kidsFacts, kidsHero, kidsImpressions, kidsInfo, kidsOffers } from '@/content/kids';
import { FactList, LoadingFactItems } from '@/features/pages/components/fact-list';
import { ImageCarousel } from '@/features/pages/components/image-carousel';
import { ImageHero } from '@/features/pages/components/image-hero';
import { OfferCards } from '@/features/pages/components/offer-cards';
import { Paragraphs, Section } from '@/features/pages/components/section';
import { lazyPart } from '@/lib/lazy-part';

// Below the fold and built on the event list's code: the list and the facts of the next Kids
// event load after the page has painted; the prerendered HTML already holds both.
const NextEventFacts = lazyPart('src/app/next-event-facts.tsx', () =>
  import('@/app/next-event-facts').then((module) => module.default),
);
const KidsEvents = lazyPart('src/features/events/components/category-event-lists.tsx', () =>
  import('@/features/events/components/category-event-lists').then((module) => module.KidsEvents),
);

export default function KidsPage() {
  return (
    <>
      <Seo title="Spielen" description={kidsHero.lead} path="/kids" image={kidsHero.image.ogSrc} />
      <ImageHero hero={kidsHero} />
      <Section title={kidsAbout.title}>
        <Paragraphs items={kidsAbout.paragraphs} className="max-w-3xl" />
      </Section>
      <DeferredHydration>
        <Section title={kidsImpressions.title} tone="muted">
          <ImageCarousel label={kidsImpressions.title} items={kidsImpressions.items} />
        </Section>
      </DeferredHydration>
      <DeferredHydration>
        <Section title={kidsOffers.title}>
          <OfferCards items={kidsOffers.items} />
        </Section>
      </DeferredHydration>
      <Section title={kidsFacts.title} id="auf-einen-blick">
        <div className="rounded-lg border bg-card p-6 shadow-sm md:p-8">
          <FactList items={[]}>
            <Suspense fallback={<LoadingFactItems items={Object.values(kidsFacts.nextEvent)} />}>
              <NextEventFacts
                list="kids"
                labels={kidsFacts.nextEvent}
                withoutEvent={kidsFacts.withoutEvent}
              />
            </Suspense>
          </FactList>
        </div>
      </Section>
      <DeferredHydration>
        <Section title={kidsInfo.title} tone="muted">
          <div className="grid gap-6 md:grid-cols-3">
            {kidsInfo.items.map((info) => (
              <article key={info.title} className="rounded-lg border bg-card p-6 shadow-sm">
                <h3 className="text-xl font-semibold">{info.title}</h3>
                <Paragraphs items={info.paragraphs} className="mt-3 text-base text-muted-foreground" />
              </article>
            ))}
          </div>
        </Section>
      </DeferredHydration>
      <Suspense fallback={null}>
        <KidsEvents />
      </Suspense>
    </>
  );
}

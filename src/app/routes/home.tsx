import { Suspense } from 'react';
import { DeferredHydration } from '@/app/deferred-hydration';
import { Seo } from '@/components/layout/seo';
import { ResponsiveImage } from '@/components/media/responsive-image';
import { homeClosing, homeHero, homeTiles, homeWelcome, HOME_TILES_ANCHOR } from '@/content/home';
import {
  HERO_BUTTON_CLASS,
  HERO_OUTLINE_BUTTON_CLASS,
  ImageHero,
} from '@/features/pages/components/image-hero';
import { LinkActionButton } from '@/features/pages/components/link-action';
import { OfferCards } from '@/features/pages/components/offer-cards';
import { ScrollToAnchorButton } from '@/features/pages/components/scroll-to-anchor-button';
import { Paragraphs, Section } from '@/features/pages/components/section';
import { lazyPart } from '@/lib/lazy-part';

// The teaser sits below the fold and needs supabase-js: load both after the page has painted.
const UpcomingEventsTeaser = lazyPart('src/features/events/components/upcoming-events-teaser.tsx', () =>
  import('@/features/events/components/upcoming-events-teaser').then((module) => module.UpcomingEventsTeaser),
);

// Below the hero, the sections hydrate when they near the screen or are touched.
export default function HomePage() {
  return (
    <>
      <Seo title="Startseite" description={homeHero.lead} path="/" image={homeHero.image.ogSrc} />
      <ImageHero hero={homeHero}>
        <ScrollToAnchorButton
          targetId={HOME_TILES_ANCHOR}
          label={homeHero.scrollCta}
          className={HERO_BUTTON_CLASS}
        />
        <LinkActionButton
          action={homeHero.experienceLink}
          variant="outline"
          className={HERO_OUTLINE_BUTTON_CLASS}
        />
      </ImageHero>

      <DeferredHydration>
        <section aria-labelledby="willkommen-titel" className="py-16 md:py-24">
          <div className="container grid items-center gap-10 md:grid-cols-2">
            <div>
              <h2 id="willkommen-titel" className="text-3xl font-semibold md:text-4xl">
                {homeWelcome.title}
              </h2>
              <Paragraphs items={homeWelcome.paragraphs} className="mt-6" />
              <LinkActionButton action={homeWelcome.link} className="mt-8" />
            </div>
            <ResponsiveImage
              image={homeWelcome.image}
              sizes="(min-width: 768px) 50vw, 100vw"
              className="aspect-[4/3] h-auto w-full rounded-lg shadow-md"
            />
          </div>
        </section>
      </DeferredHydration>

      <DeferredHydration>
        <Section id={HOME_TILES_ANCHOR} title={homeTiles.title} lead={homeTiles.question} tone="muted">
          <OfferCards items={homeTiles.items} className="lg:grid-cols-4" />
        </Section>
      </DeferredHydration>

      <DeferredHydration>
        <section aria-labelledby="erleben-titel" className="py-16 md:py-24">
          <div className="container max-w-3xl text-center">
            <h2 id="erleben-titel" className="text-3xl font-semibold md:text-5xl">
              {homeClosing.title}
            </h2>
            <Paragraphs items={homeClosing.paragraphs} className="mt-6" />
          </div>
        </section>
      </DeferredHydration>

      <Suspense fallback={<div className="min-h-[32rem]" aria-hidden="true" />}>
        <UpcomingEventsTeaser />
      </Suspense>
    </>
  );
}

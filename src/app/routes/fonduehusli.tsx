import { CalendarDays, Car, MapPin, Quote } from 'lucide-react';
import { Seo } from '@/components/layout/seo';
import { Skeleton } from '@/components/ui/skeleton';
import {
  FONDUE_FAQ_TITLE,
  SETTINGS_UNAVAILABLE,
  fondueAvailabilityItems,
  fondueBooking,
  fondueFaqItems,
  FONDUE_FEATURES_TITLE,
  fondueFeatureItems,
  fondueGallery,
  fondueHero,
  fondueLocation,
  fondueMenu,
  fondueOccasions,
  fonduePriceRows,
  fonduePriceNote,
  fonduePrices,
  hutFacts,
  type HutFacts,
  fondueQuote,
  seasonNotice,
} from '@/content/fonduehusli';
import { FactList } from '@/features/pages/components/fact-list';
import { DeferredHydration } from '@/app/deferred-hydration';
import { FaqAccordion } from '@/features/pages/components/faq-accordion';
import { FeatureGrid } from '@/features/pages/components/feature-grid';
import { GalleryLightbox } from '@/features/pages/components/gallery-lightbox';
import { HERO_BUTTON_CLASS, ImageHero } from '@/features/pages/components/image-hero';
import { ReserveButton } from '@/features/pages/components/reserve-button';
import { Paragraphs, Section } from '@/features/pages/components/section';
import { useFondueSettings } from '@/features/settings/api/get-fondue-settings';
import { seasonState, type SeasonState } from '@/lib/fondue-settings';
import { todayIso } from '@/lib/dates';
import { useHydrated } from '@/lib/use-hydrated';

type FondueSettingsQuery = ReturnType<typeof useFondueSettings>;

/**
 * The season card's heading and sentence, or a calm note while the settings are missing. It asks
 * for the settings itself: the read time it takes from them changes with every fetch, and read
 * from the page's query it re-rendered the whole page, which hydrates the page's waiting parts.
 */
function SeasonText() {
  const settings = useFondueSettings();
  const state = useSeasonState(settings);
  const failed = settings.isError;
  if (!state) {
    return (
      <div>
        <h2 id="saison-titel" className="text-2xl font-semibold">
          Saison
        </h2>
        {failed ? (
          <p className="mt-1 text-lg">{SETTINGS_UNAVAILABLE}</p>
        ) : (
          <Skeleton className="mt-2 h-6 w-64" aria-hidden="true" />
        )}
      </div>
    );
  }
  const notice = seasonNotice(state);
  return (
    <div>
      <h2 id="saison-titel" className="text-2xl font-semibold">
        {notice.title}
      </h2>
      <p className="mt-1 text-lg">
        {notice.before}
        {notice.date ? (
          <>
            {' '}
            <strong className="whitespace-nowrap">{notice.date}</strong>
          </>
        ) : null}
        {notice.after}
      </p>
    </div>
  );
}

/**
 * The day the season is told for. The prerendered HTML says what was true when the settings were
 * read at build time, and hydration must render the same (else React throws the page away); right
 * after, the page moves to today, so a season that has started or ended since the build is told
 * as it is now (no past start announced as news).
 */
function useSeasonDay(readAt: number): string {
  return todayIso(useHydrated() ? new Date() : new Date(readAt));
}

/**
 * The season as told on `useSeasonDay`'s day. Only the parts that tell it call this: the switch
 * after hydration re-renders its callers at once, in one task React cannot split, and called by
 * the page it re-rendered the whole page (24 ms of a 200 ms task at 4x CPU).
 */
function useSeasonState(settings: FondueSettingsQuery): SeasonState | null {
  const day = useSeasonDay(settings.dataUpdatedAt);
  return settings.data ? seasonState(settings.data.season, day) : null;
}

/** The questions and answers; the first tells the season, so it follows the day like the card. */
function FondueFaq({ settings, facts }: { settings: FondueSettingsQuery; facts: HutFacts }) {
  const state = useSeasonState(settings);
  const loaded = state && settings.data ? { state, prices: settings.data.prices } : null;
  return <FaqAccordion items={fondueFaqItems(loaded, facts)} />;
}

// Below the season box, the sections hydrate when they near the screen or are touched.
export default function FonduehusliPage() {
  const OccasionIcon = fondueOccasions.icon;
  const settings = useFondueSettings();
  const prices = settings.data?.prices;
  const failed = settings.isError;
  const facts = hutFacts(settings.data?.hut);
  return (
    <>
      <Seo
        title="Fonduehüsli"
        description={fondueHero.lead}
        path="/fonduehusli"
        image={fondueHero.image.ogSrc}
      />
      <ImageHero hero={fondueHero}>
        <ReserveButton
          label={fondueHero.reserveLabel}
          className={HERO_BUTTON_CLASS}
          externalUrl={settings.data?.hut?.external_url}
        />
      </ImageHero>

      <div className="container pt-12 md:pt-16">
        <section aria-labelledby="saison-titel" className="rounded-lg border bg-card p-6 shadow-sm md:p-8">
          <div className="flex items-start gap-3">
            <CalendarDays className="mt-1 h-6 w-6 shrink-0 text-accent" aria-hidden="true" />
            <SeasonText />
          </div>
          <div className="mt-6">
            <FactList items={fondueAvailabilityItems(facts)} />
          </div>
        </section>
      </div>

      <DeferredHydration>
        <Section title={FONDUE_FEATURES_TITLE}>
          <FeatureGrid items={fondueFeatureItems(facts)} />
        </Section>
      </DeferredHydration>

      <DeferredHydration>
        <Section title={fondueGallery.title} tone="muted">
          <GalleryLightbox label={fondueGallery.title} items={fondueGallery.items} columns={3} />
        </Section>
      </DeferredHydration>

      <DeferredHydration>
        <Section title={fondueMenu.title}>
          <dl className="divide-y rounded-lg border bg-card">
            {fondueMenu.courses.map((course) => (
              <div key={course.course} className="grid gap-1 p-5 sm:grid-cols-[10rem_1fr] sm:gap-6">
                <dt className="font-serif text-lg font-semibold text-accent">{course.course}</dt>
                <dd className="text-lg">{course.dish}</dd>
              </div>
            ))}
          </dl>
          <figure className="mx-auto mt-12 max-w-3xl text-center">
            <Quote className="mx-auto h-8 w-8 text-accent" aria-hidden="true" />
            <blockquote className="mt-4 font-serif text-2xl leading-snug md:text-3xl">
              «{fondueQuote.text}»
            </blockquote>
            <figcaption className="mt-4 text-muted-foreground">
              {fondueQuote.author}, {fondueQuote.role}
            </figcaption>
          </figure>
        </Section>
      </DeferredHydration>

      <DeferredHydration>
        <Section title={fonduePrices.title} lead={fonduePrices.lead} tone="muted">
          {prices ? (
            // A description list: group and price are facts, which the floating contact button
            // leaves readable (it covered "CHF 80.00" at 390 px while scrolling; floating-clearance.ts).
            <dl className="grid gap-4 sm:grid-cols-3">
              {fonduePriceRows(prices).map((row) => (
                <div key={row.group} className="rounded-lg border bg-card p-6 text-center shadow-sm">
                  <dt className="text-muted-foreground">{row.group}</dt>
                  <dd className="mt-2 font-serif text-2xl font-semibold">{row.price}</dd>
                </div>
              ))}
            </dl>
          ) : failed ? (
            <p className="text-lg">{SETTINGS_UNAVAILABLE}</p>
          ) : (
            <Skeleton className="h-28 w-full" aria-hidden="true" />
          )}
          <p className="mt-6 max-w-3xl text-muted-foreground">{fonduePriceNote(facts)}</p>
        </Section>
      </DeferredHydration>

      <DeferredHydration>
        <Section title={fondueOccasions.title}>
          <div className="flex max-w-3xl gap-4">
            <OccasionIcon className="mt-1 h-6 w-6 shrink-0 text-accent" aria-hidden="true" />
            <Paragraphs items={fondueOccasions.paragraphs} />
          </div>
        </Section>
      </DeferredHydration>

      <DeferredHydration>
        <Section title={fondueBooking.title} tone="muted">
          <ol className="grid gap-4 md:grid-cols-3">
            {fondueBooking.steps.map((step, index) => (
              <li key={step} className="flex gap-4 rounded-lg border bg-card p-6 shadow-sm">
                <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-primary font-semibold text-primary-foreground">
                  {index + 1}
                </span>
                <p className="text-lg">{step}</p>
              </li>
            ))}
          </ol>
          <div className="mt-8 flex flex-wrap items-center gap-4">
            <ReserveButton
              label={fondueBooking.reserveLabel}
              externalUrl={settings.data?.hut?.external_url}
            />
            <p className="text-muted-foreground">{fondueBooking.note}</p>
          </div>
        </Section>
      </DeferredHydration>

      <DeferredHydration>
        <Section title={fondueLocation.title}>
          <div className="max-w-3xl space-y-4 text-lg">
            <p className="flex gap-3">
              <MapPin className="mt-1 h-5 w-5 shrink-0 text-accent" aria-hidden="true" />
              <span>{fondueLocation.address}</span>
            </p>
            <p className="flex gap-3">
              <Car className="mt-1 h-5 w-5 shrink-0 text-accent" aria-hidden="true" />
              <span>{fondueLocation.parking}</span>
            </p>
            <p className="text-muted-foreground">{fondueLocation.text}</p>
          </div>
        </Section>
      </DeferredHydration>

      <DeferredHydration>
        <Section title={FONDUE_FAQ_TITLE} tone="muted">
          <div className="max-w-3xl">
            <FondueFaq settings={settings} facts={facts} />
          </div>
        </Section>
      </DeferredHydration>
    </>
  );
}

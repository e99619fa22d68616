import { DeferredHydration } from '@/app/deferred-hydration';
import { Seo } from '@/components/layout/seo';
import {
  workshopOffers,
  workshopsBooking,
  workshopsExpectations,
  workshopsHero,
  workshopsIntro,
} from '@/content/workshops';
import { FeatureGrid } from '@/features/pages/components/feature-grid';
import { ImageHero } from '@/features/pages/components/image-hero';
import { LinkActionButton } from '@/features/pages/components/link-action';
import { OfferCards } from '@/features/pages/components/offer-cards';
import { Paragraphs, Section } from '@/features/pages/components/section';

export default function WorkshopsPage() {
  return (
    <>
      <Seo
        title="Workshops"
        description={workshopsHero.lead}
        path="/workshops"
        image={workshopsHero.image.ogSrc}
      />
      <ImageHero hero={workshopsHero} />
      <Section title={workshopsIntro.title}>
        <Paragraphs items={workshopsIntro.paragraphs} className="max-w-3xl" />
      </Section>
      <DeferredHydration>
        <Section title={workshopsExpectations.title} tone="muted">
          <FeatureGrid items={workshopsExpectations.items} className="lg:grid-cols-3" />
        </Section>
      </DeferredHydration>
      <DeferredHydration>
        <Section title={workshopOffers.title}>
          <OfferCards items={workshopOffers.items} />
        </Section>
      </DeferredHydration>
      <DeferredHydration>
        <Section title={workshopsBooking.title} lead={workshopsBooking.text} tone="muted">
          <LinkActionButton action={workshopsBooking.link} />
        </Section>
      </DeferredHydration>
    </>
  );
}

import { Seo } from '@/components/layout/seo';
import { experienceHero, experienceOffers, experienceOffersTitle } from '@/content/experience';
import { ImageHero } from '@/features/pages/components/image-hero';
import { OfferCards } from '@/features/pages/components/offer-cards';
import { Section } from '@/features/pages/components/section';

export default function ExperiencePage() {
  return (
    <>
      <Seo
        title="Erlebnisse"
        description={experienceHero.lead}
        path="/experience"
        image={experienceHero.image.ogSrc}
      />
      <ImageHero hero={experienceHero} />
      <Section title={experienceOffersTitle}>
        <OfferCards items={experienceOffers} />
      </Section>
    </>
  );
}

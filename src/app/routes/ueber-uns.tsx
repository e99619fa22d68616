import { DeferredHydration } from '@/app/deferred-hydration';
import { Seo } from '@/components/layout/seo';
import { aboutHero, aboutIntro, founders, values, VALUES_ANCHOR } from '@/content/ueber-uns';
import { FeatureGrid } from '@/features/pages/components/feature-grid';
import { HERO_BUTTON_CLASS, ImageHero } from '@/features/pages/components/image-hero';
import { LinkActionButton } from '@/features/pages/components/link-action';
import { ProfileCards } from '@/features/pages/components/profile-cards';
import { Paragraphs, Section } from '@/features/pages/components/section';

export default function UeberUnsPage() {
  return (
    <>
      <Seo title="Über uns" description={aboutHero.lead} path="/ueber-uns" image={aboutHero.image.ogSrc} />
      <ImageHero hero={aboutHero}>
        <LinkActionButton
          action={{ label: values.title, href: `#${VALUES_ANCHOR}` }}
          className={HERO_BUTTON_CLASS}
        />
      </ImageHero>
      <Section title={aboutIntro.title}>
        <Paragraphs items={aboutIntro.paragraphs} className="max-w-3xl" />
      </Section>
      <DeferredHydration>
        <Section title={founders.title} tone="muted">
          <ProfileCards people={founders.people} />
        </Section>
      </DeferredHydration>
      <DeferredHydration>
        <Section id={VALUES_ANCHOR} title={values.title} lead={values.lead}>
          <FeatureGrid items={values.items} />
        </Section>
      </DeferredHydration>
    </>
  );
}

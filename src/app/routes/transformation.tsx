import { DeferredHydration } from '@/app/deferred-hydration';
import { Seo } from '@/components/layout/seo';
import { therapists, transformationHero, transformationIntro } from '@/content/transformation';
import { ImageHero } from '@/features/pages/components/image-hero';
import { ProfileCards } from '@/features/pages/components/profile-cards';
import { Paragraphs, Section } from '@/features/pages/components/section';

export default function TransformationPage() {
  return (
    <>
      <Seo
        title="Transformationstherapie"
        description={transformationHero.lead}
        path="/transformation"
        image={transformationHero.image.ogSrc}
      />
      <ImageHero hero={transformationHero} />
      <Section title={transformationIntro.title}>
        <Paragraphs items={transformationIntro.paragraphs} className="max-w-3xl" />
      </Section>
      <DeferredHydration>
        <Section title={therapists.title} tone="muted">
          <ProfileCards people={therapists.people} />
        </Section>
      </DeferredHydration>
    </>
  );
}

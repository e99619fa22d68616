import { Seo } from '@/components/layout/seo';
import {
  stammtischFacts,
  stammtischFeatures,
  stammtischHero,
  stammtischImpressions,
  stammtischIntro,
} from '@/content/stammtisch';
import { StammtischEvents } from '@/features/events/components/category-event-lists';
import { FactList } from '@/features/pages/components/fact-list';
import { FeatureGrid } from '@/features/pages/components/feature-grid';
import { ImageCarousel } from '@/features/pages/components/image-carousel';
import { ImageHero } from '@/features/pages/components/image-hero';
import { Paragraphs, Section } from '@/features/pages/components/section';

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
      <Section title={stammtischFeatures.title} tone="muted">
        <FeatureGrid items={stammtischFeatures.items} />
      </Section>
      <Section title={stammtischFacts.title}>
        <div className="rounded-lg border bg-card p-6 shadow-sm md:p-8">
          <FactList items={stammtischFacts.items} />
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

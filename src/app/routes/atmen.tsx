import { ArrowRight, Mail } from 'lucide-react';
import { Link } from 'react-router-dom';
import { DeferredHydration } from '@/app/deferred-hydration';
import { Seo } from '@/components/layout/seo';
import { atmenHero, corporateOffer, oneOnOne, transformationTeaser, whyBreathwork } from '@/content/atmen';
import { CorporateEnquiryButton } from '@/features/contact/components/corporate-enquiry-button';
import { BreathworkEvents } from '@/features/events/components/category-event-lists';
import { FeatureGrid } from '@/features/pages/components/feature-grid';
import { ImageHero } from '@/features/pages/components/image-hero';
import { LinkActionButton } from '@/features/pages/components/link-action';
import { Paragraphs, Section } from '@/features/pages/components/section';

export default function AtmenPage() {
  return (
    <>
      <Seo title="Atmen" description={atmenHero.lead} path="/atmen" image={atmenHero.image.ogSrc} />
      <ImageHero hero={atmenHero} />
      <Section title={whyBreathwork.title}>
        <Paragraphs items={whyBreathwork.paragraphs} className="max-w-3xl" />
        <div className="mt-8 max-w-3xl rounded-lg border-l-4 border-accent bg-secondary/60 p-6">
          <p className="text-lg">{transformationTeaser.text}</p>
          <Link
            to={transformationTeaser.link.href}
            className="mt-3 inline-flex items-center gap-2 font-medium text-primary underline-offset-4 hover:underline"
          >
            {transformationTeaser.link.label}
            <ArrowRight className="h-4 w-4" aria-hidden="true" />
          </Link>
        </div>
      </Section>
      <BreathworkEvents />
      <DeferredHydration>
        <Section title={oneOnOne.title} tone="muted">
          <Paragraphs items={oneOnOne.paragraphs} className="max-w-3xl" />
          <LinkActionButton action={oneOnOne.link} className="mt-8">
            <Mail aria-hidden="true" />
            {oneOnOne.link.label}
          </LinkActionButton>
        </Section>
      </DeferredHydration>
      <DeferredHydration>
        <Section title={corporateOffer.title} lead={corporateOffer.lead}>
          <FeatureGrid items={corporateOffer.items} className="lg:grid-cols-3" />
          <div className="mt-10">
            <CorporateEnquiryButton />
          </div>
        </Section>
      </DeferredHydration>
    </>
  );
}

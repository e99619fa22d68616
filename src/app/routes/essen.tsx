import { DeferredHydration } from '@/app/deferred-hydration';
import { Seo } from '@/components/layout/seo';
import { ResponsiveImage } from '@/components/media/responsive-image';
import { essenGallery, essenHero, essenIntro, essenServices } from '@/content/essen';
import { FadeIn } from '@/features/pages/components/fade-in';
import { GalleryLightbox } from '@/features/pages/components/gallery-lightbox';
import { HeroVideo } from '@/features/pages/components/hero-video';
import { ImageHero } from '@/features/pages/components/image-hero';
import { LinkActionButton } from '@/features/pages/components/link-action';
import { Paragraphs, Section } from '@/features/pages/components/section';

export default function EssenPage() {
  return (
    <>
      <Seo title="Essen" description={essenHero.lead} path="/essen" image={essenHero.video.poster.ogSrc} />
      <ImageHero hero={essenHero} media={<HeroVideo video={essenHero.video} />} />
      <Section title={essenIntro.title}>
        <Paragraphs items={essenIntro.paragraphs} className="max-w-3xl" />
      </Section>
      <DeferredHydration>
        <Section title={essenGallery.title} tone="muted">
          <GalleryLightbox label={essenGallery.title} items={essenGallery.items} />
        </Section>
      </DeferredHydration>
      <DeferredHydration>
        <Section title={essenServices.title}>
          <div className="space-y-12 md:space-y-16">
            {essenServices.items.map((service, index) => (
              <FadeIn key={service.title}>
                <article className="grid items-center gap-6 md:grid-cols-2 md:gap-12">
                  <ResponsiveImage
                    image={service.image}
                    sizes="(min-width: 768px) 50vw, 100vw"
                    className={`aspect-[4/3] h-auto w-full rounded-lg shadow-sm ${index % 2 ? 'md:order-2' : ''}`}
                  />
                  <div>
                    <h3 className="text-2xl font-semibold md:text-3xl">{service.title}</h3>
                    <p className="mt-3 text-lg text-muted-foreground">{service.text}</p>
                    <LinkActionButton action={service.link} variant="outline" className="mt-6" />
                  </div>
                </article>
              </FadeIn>
            ))}
          </div>
        </Section>
      </DeferredHydration>
    </>
  );
}

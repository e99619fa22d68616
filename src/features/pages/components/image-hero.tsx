import type { ReactNode } from 'react';
import { ResponsiveImage } from '@/components/media/responsive-image';
import type { HeroContent } from '@/content/types';

interface ImageHeroProps {
  hero: Omit<HeroContent, 'image'> & Partial<Pick<HeroContent, 'image'>>;
  /** Replaces the still image, e.g. the Essen hero video. */
  media?: ReactNode;
  children?: ReactNode;
}

// Buttons on the hero sit on a dark photo in both themes, so they do not use theme colours.
export const HERO_BUTTON_CLASS = 'bg-white text-neutral-900 shadow-md hover:bg-white/90';
export const HERO_OUTLINE_BUTTON_CLASS =
  'border-white/70 bg-transparent text-white hover:bg-white/10 hover:text-white';

/**
 * Full-width page hero: the picture loads eagerly with high priority, text sits on a dark scrim.
 * The scrim is dark enough for white text to keep 4.5:1 on light photos too, also on phones
 * where the text reaches high up (measured by the hero test in tests/e2e/a11y.spec.ts).
 */
export function ImageHero({ hero, media, children }: ImageHeroProps) {
  return (
    <section className="relative isolate flex min-h-[26rem] items-end overflow-hidden bg-primary md:min-h-[32rem]">
      <div className="absolute inset-0 -z-10">
        {media ??
          (hero.image ? (
            <ResponsiveImage image={hero.image} priority sizes="100vw" alt="" className="h-full w-full" />
          ) : null)}
      </div>
      <div
        className="absolute inset-0 -z-10 bg-gradient-to-t from-black/80 via-black/60 to-black/40"
        aria-hidden="true"
      />
      <div
        className="absolute inset-0 -z-10 hidden bg-gradient-to-r from-black/45 via-black/10 to-transparent md:block"
        aria-hidden="true"
      />
      <div className="container pb-12 pt-28 text-white md:pb-16">
        {hero.eyebrow ? (
          <p className="text-sm font-medium uppercase tracking-[0.2em] text-white">{hero.eyebrow}</p>
        ) : null}
        <h1 className="mt-3 max-w-3xl text-balance text-4xl font-semibold leading-tight md:text-6xl">
          {hero.title}
        </h1>
        <p className="mt-4 max-w-2xl text-lg text-white md:text-xl">{hero.lead}</p>
        {children ? <div className="mt-8 flex flex-wrap gap-3">{children}</div> : null}
      </div>
    </section>
  );
}

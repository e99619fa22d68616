import useEmblaCarousel from 'embla-carousel-react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useCallback, useEffect, useId, useState, type KeyboardEvent } from 'react';
import { ResponsiveImage } from '@/components/media/responsive-image';
import { useMediaQuery, usePrefersReducedMotion } from '@/components/media/use-media-query';
import { Button } from '@/components/ui/button';
import type { CaptionedImage } from '@/content/types';

/** Spec §9: three images visible and three per step on wide screens; fewer on small ones. */
export const CAROUSEL_PER_VIEW_DESKTOP = 3;

function usePerView(): number {
  const wide = useMediaQuery('(min-width: 1024px)');
  const medium = useMediaQuery('(min-width: 640px)');
  return wide ? CAROUSEL_PER_VIEW_DESKTOP : medium ? 2 : 1;
}

interface ImageCarouselProps {
  label: string;
  items: readonly CaptionedImage[];
}

/**
 * Captioned image carousel: buttons, arrow keys and swipe. The current page is kept in React
 * state (announced as "Bilder 4–6 von 24") and mirrored to Embla, which does the sliding and
 * reports swipes back.
 */
export function ImageCarousel({ label, items }: ImageCarouselProps) {
  const perView = usePerView();
  const reducedMotion = usePrefersReducedMotion();
  const [viewportRef, embla] = useEmblaCarousel({
    align: 'start',
    slidesToScroll: perView,
    containScroll: 'trimSnaps',
    duration: reducedMotion ? 0 : 25,
  });
  const [page, setPage] = useState(0);
  const pageCount = Math.max(1, Math.ceil(items.length / perView));
  const current = Math.min(page, pageCount - 1);
  const statusId = useId();

  // A swipe moves Embla first; follow it.
  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setPage(embla.selectedScrollSnap());
    embla.on('select', onSelect);
    return () => {
      embla.off('select', onSelect);
    };
  }, [embla]);

  const goTo = useCallback(
    (target: number) => {
      const next = Math.max(0, Math.min(target, pageCount - 1));
      setPage(next);
      embla?.scrollTo(next);
    },
    [embla, pageCount],
  );

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'ArrowRight') {
      event.preventDefault();
      goTo(current + 1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      goTo(current - 1);
    }
  }

  const first = current * perView + 1;
  const last = Math.min(items.length, first + perView - 1);
  const status =
    first === last ? `Bild ${first} von ${items.length}` : `Bilder ${first}–${last} von ${items.length}`;

  return (
    <div
      role="region"
      aria-roledescription="Karussell"
      aria-label={label}
      aria-describedby={statusId}
      tabIndex={0}
      onKeyDown={onKeyDown}
      className="rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-4 focus-visible:ring-offset-background"
    >
      <div ref={viewportRef} className="overflow-hidden">
        <ul className="-ml-4 flex touch-pan-y">
          {items.map((item, index) => (
            <li
              key={item.image.id}
              aria-roledescription="Folie"
              aria-label={`${index + 1} von ${items.length}`}
              className="min-w-0 shrink-0 grow-0 basis-full pl-4 sm:basis-1/2 lg:basis-1/3"
            >
              <figure className="overflow-hidden rounded-lg border bg-card">
                <ResponsiveImage
                  image={item.image}
                  sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
                  className="aspect-[4/3] h-auto w-full"
                />
                <figcaption className="px-4 py-3 text-sm text-muted-foreground">{item.caption}</figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </div>
      <div className="mt-6 flex items-center justify-between gap-4">
        <p id={statusId} aria-live="polite" className="text-sm text-muted-foreground">
          {status}
        </p>
        <div className="flex gap-2">
          <Button
            variant="outline"
            size="icon"
            onClick={() => goTo(current - 1)}
            disabled={current === 0}
            aria-label="Vorherige Bilder"
          >
            <ChevronLeft aria-hidden="true" />
          </Button>
          <Button
            variant="outline"
            size="icon"
            onClick={() => goTo(current + 1)}
            disabled={current >= pageCount - 1}
            aria-label="Nächste Bilder"
          >
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      </div>
    </div>
  );
}

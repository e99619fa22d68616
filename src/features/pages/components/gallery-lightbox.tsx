import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useRef, useState, type KeyboardEvent } from 'react';
import { ResponsiveImage } from '@/components/media/responsive-image';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import type { CaptionedImage } from '@/content/types';
import { cn } from '@/lib/utils';

interface GalleryLightboxProps {
  items: readonly CaptionedImage[];
  /** Accessible name of the lightbox, e.g. the gallery heading. */
  label: string;
  /** Thumbnails per row on wide screens; pick one that divides the image count. */
  columns?: 3 | 4;
}

/**
 * Thumbnail grid; a click opens the picture large in a dialog. Arrow keys page through the
 * images, Escape closes, and focus goes back to the thumbnail of the image last shown.
 */
export function GalleryLightbox({ items, label, columns = 4 }: GalleryLightboxProps) {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const thumbnails = useRef<(HTMLButtonElement | null)[]>([]);
  const lastShown = useRef(0);
  const current = openIndex === null ? null : items[openIndex];

  function show(index: number) {
    const wrapped = (index + items.length) % items.length;
    lastShown.current = wrapped;
    setOpenIndex(wrapped);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (openIndex === null) return;
    if (event.key === 'ArrowRight') {
      event.preventDefault();
      show(openIndex + 1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      show(openIndex - 1);
    }
  }

  return (
    <>
      <ul
        className={cn('grid grid-cols-2 gap-3 md:gap-4', columns === 3 ? 'md:grid-cols-3' : 'md:grid-cols-4')}
      >
        {items.map((item, index) => (
          <li key={item.image.id}>
            <button
              type="button"
              ref={(node) => {
                thumbnails.current[index] = node;
              }}
              onClick={() => show(index)}
              className="group block w-full overflow-hidden rounded-lg focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
              aria-label={`${item.caption} – Bild vergrössern`}
            >
              <ResponsiveImage
                image={item.image}
                sizes={columns === 3 ? '(min-width: 768px) 33vw, 50vw' : '(min-width: 768px) 25vw, 50vw'}
                className="aspect-[4/3] h-auto w-full transition-transform duration-300 group-hover:scale-105 motion-reduce:transition-none"
              />
            </button>
          </li>
        ))}
      </ul>
      <Dialog open={openIndex !== null} onOpenChange={(open) => !open && setOpenIndex(null)}>
        <DialogContent
          className="max-w-5xl gap-3 p-3 sm:p-4"
          onKeyDown={onKeyDown}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            thumbnails.current[lastShown.current]?.focus();
          }}
        >
          {current && openIndex !== null ? (
            <>
              <DialogTitle className="sr-only">{label}</DialogTitle>
              <ResponsiveImage
                key={current.image.id}
                image={current.image}
                priority
                sizes="(min-width: 1024px) 1000px, 100vw"
                className="w-full rounded-md"
                imgClassName="max-h-[70vh] object-contain"
              />
              <div className="flex items-center justify-between gap-3">
                <Button
                  variant="outline"
                  size="icon"
                  onClick={() => show(openIndex - 1)}
                  aria-label="Vorheriges Bild"
                >
                  <ChevronLeft aria-hidden="true" />
                </Button>
                <DialogDescription className="text-center text-base text-foreground">
                  {current.caption}
                  <span className="block text-sm text-muted-foreground">
                    Bild {openIndex + 1} von {items.length}
                  </span>
                </DialogDescription>
                <Button
                  variant="outline"
                  size="icon"
                  onClick={() => show(openIndex + 1)}
                  aria-label="Nächstes Bild"
                >
                  <ChevronRight aria-hidden="true" />
                </Button>
              </div>
            </>
          ) : null}
        </DialogContent>
      </Dialog>
    </>
  );
}

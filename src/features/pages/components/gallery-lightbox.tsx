import { lazy, Suspense, useRef, useState } from 'react';
import { ResponsiveImage } from '@/components/media/responsive-image';
import type { CaptionedImage } from '@/content/types';
import { cn } from '@/lib/utils';

// The dialog (Radix Dialog, focus trap, scroll lock: ~14 KB gzip) loads on the first click or
// when a thumbnail is pointed at or focused, not with the page.
const loadDialog = () => import('./gallery-lightbox-dialog');
const GalleryLightboxDialog = lazy(() =>
  loadDialog().then((module) => ({ default: module.GalleryLightboxDialog })),
);

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
  // Mounted from the first opening on, so that closing animates and returns focus.
  const [everOpened, setEverOpened] = useState(false);

  function show(index: number) {
    const wrapped = (index + items.length) % items.length;
    lastShown.current = wrapped;
    setOpenIndex(wrapped);
    setEverOpened(true);
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
              onPointerEnter={() => void loadDialog()}
              onFocus={() => void loadDialog()}
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
      {everOpened ? (
        <Suspense fallback={null}>
          <GalleryLightboxDialog
            items={items}
            label={label}
            openIndex={openIndex}
            onShow={show}
            onClose={() => setOpenIndex(null)}
            onClosed={() => thumbnails.current[lastShown.current]?.focus()}
          />
        </Suspense>
      ) : null}
    </>
  );
}

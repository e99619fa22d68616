import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { KeyboardEvent } from 'react';
import { ResponsiveImage } from '@/components/media/responsive-image';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import type { CaptionedImage } from '@/content/types';

interface GalleryLightboxDialogProps {
  items: readonly CaptionedImage[];
  label: string;
  /** The picture shown, or null when the lightbox is closed. */
  openIndex: number | null;
  /** Shows the picture at this index (wraps around). */
  onShow: (index: number) => void;
  onClose: () => void;
  /** After closing: focus goes back to the thumbnail of the picture last shown. */
  onClosed: () => void;
}

/** The large picture of GalleryLightbox, with paging by arrow keys and buttons. */
export function GalleryLightboxDialog({
  items,
  label,
  openIndex,
  onShow,
  onClose,
  onClosed,
}: GalleryLightboxDialogProps) {
  const current = openIndex === null ? null : items[openIndex];

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (openIndex === null) return;
    if (event.key === 'ArrowRight') {
      event.preventDefault();
      onShow(openIndex + 1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      onShow(openIndex - 1);
    }
  }

  return (
    <Dialog open={openIndex !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        className="max-w-5xl gap-3 p-3 sm:p-4"
        onKeyDown={onKeyDown}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          onClosed();
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
                onClick={() => onShow(openIndex - 1)}
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
                onClick={() => onShow(openIndex + 1)}
                aria-label="Nächstes Bild"
              >
                <ChevronRight aria-hidden="true" />
              </Button>
            </div>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

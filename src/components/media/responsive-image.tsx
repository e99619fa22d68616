import { useState } from 'react';
import { preload } from 'react-dom';
import { FALLBACK_IMAGE_SRC, type ImageAsset } from '@/content/images';
import { cn } from '@/lib/utils';

export interface ResponsiveImageProps {
  image: ImageAsset;
  /** The `sizes` attribute: how wide the image is shown, so the browser picks the right file. */
  sizes?: string;
  /** Above-the-fold images (heroes): load at once with high priority instead of lazily. */
  priority?: boolean;
  /** Classes for the <picture> box: size and aspect ratio; the image fills it. */
  className?: string;
  /** Extra classes for the <img> itself, e.g. object-contain. */
  imgClassName?: string;
  /** Overrides the manifest's alt text, e.g. '' for purely decorative use. */
  alt?: string;
}

/**
 * AVIF with a WebP fallback in every size from the manifest. width/height reserve the space
 * before the file arrives (no layout shift); a failed load swaps in the neutral placeholder.
 */
export function ResponsiveImage({
  image,
  sizes = '100vw',
  priority = false,
  className,
  imgClassName,
  alt,
}: ResponsiveImageProps) {
  const [failed, setFailed] = useState(false);
  // The hero is the page's largest paint: a preload in <head> (React hoists it, also into the
  // prerendered HTML) lets the browser fetch the right AVIF size before it parses the body.
  // Browsers without AVIF skip it by its type and take the WebP from the <img>.
  if (priority && !failed)
    preload(image.src, {
      as: 'image',
      type: 'image/avif',
      imageSrcSet: image.avifSrcSet,
      imageSizes: sizes,
      fetchPriority: 'high',
    });
  const common = {
    alt: alt ?? image.alt,
    width: image.width,
    height: image.height,
    className: cn('h-full w-full object-cover', imgClassName),
    loading: priority ? ('eager' as const) : ('lazy' as const),
    decoding: 'async' as const,
    fetchPriority: priority ? ('high' as const) : undefined,
  };
  return (
    <picture className={cn('block overflow-hidden', className)}>
      {failed ? (
        <img {...common} src={FALLBACK_IMAGE_SRC} />
      ) : (
        <>
          <source type="image/avif" srcSet={image.avifSrcSet} sizes={sizes} />
          <img
            {...common}
            src={image.src}
            srcSet={image.srcSet}
            sizes={sizes}
            onError={() => setFailed(true)}
          />
        </>
      )}
    </picture>
  );
}

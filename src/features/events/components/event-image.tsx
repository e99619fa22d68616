import { useState, type ImgHTMLAttributes } from 'react';
import { PLACEHOLDER_IMAGE } from '../lib/event-row';

// Every event image is 16:10 with explicit dimensions, so nothing shifts while it loads.
export const EVENT_IMAGE_WIDTH = 800;
export const EVENT_IMAGE_HEIGHT = 500;

interface EventImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'width' | 'height'> {
  src: string;
  alt: string;
}

/** An event image that falls back to the placeholder when the file cannot be loaded. */
export function EventImage({ src, alt, loading = 'lazy', ...props }: EventImageProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  return (
    <img
      src={failedSrc === src ? PLACEHOLDER_IMAGE : src}
      alt={alt}
      width={EVENT_IMAGE_WIDTH}
      height={EVENT_IMAGE_HEIGHT}
      loading={loading}
      decoding="async"
      onError={() => setFailedSrc(src)}
      {...props}
    />
  );
}

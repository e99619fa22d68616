// Image manifest: every picture on the content pages, with its intrinsic size (no layout shift)
// and German alt text. The list itself lives in image-catalog.json, which
// scripts/images/generate.mjs also reads to render public/images/<id>-<width>.{avif,webp}.
// To use a real photo, see docs/content.md: the file names stay the same.
import catalog from './image-catalog.json';

export type ImageTheme = 'food' | 'breath' | 'forest' | 'fire' | 'kids' | 'fondue' | 'table' | 'portrait';

interface CatalogEntry {
  id: string;
  theme: string;
  width: number;
  height: number;
  widths: number[];
  alt: string;
}

export interface ImageAsset {
  id: string;
  /** Fallback source (WebP, the middle width) for browsers that ignore srcset. */
  src: string;
  srcSet: string;
  avifSrcSet: string;
  width: number;
  height: number;
  alt: string;
  /** JPEG social preview (1200x630); page heroes only. */
  ogSrc?: string;
}

export const IMAGE_BASE = '/images';
/** Shown when an image fails to load. */
export const FALLBACK_IMAGE_SRC = `${IMAGE_BASE}/placeholder.svg`;

function toAsset(entry: CatalogEntry): ImageAsset {
  const file = (width: number, ext: string) => `${IMAGE_BASE}/${entry.id}-${width}.${ext}`;
  const srcSetOf = (ext: string) => entry.widths.map((w) => `${file(w, ext)} ${w}w`).join(', ');
  const middle = entry.widths[Math.floor((entry.widths.length - 1) / 2)] ?? entry.width;
  return {
    id: entry.id,
    src: file(middle, 'webp'),
    srcSet: srcSetOf('webp'),
    avifSrcSet: srcSetOf('avif'),
    width: entry.width,
    height: entry.height,
    alt: entry.alt,
    // scripts/images/generate.mjs renders a social preview for every '-hero' image.
    ogSrc: entry.id.endsWith('-hero') ? `${IMAGE_BASE}/${entry.id}-og.jpg` : undefined,
  };
}

export const images: ReadonlyMap<string, ImageAsset> = new Map(
  (catalog as CatalogEntry[]).map((entry) => [entry.id, toAsset(entry)]),
);

/** Looks an image up by id; a typo fails loudly when the content module loads, not silently on screen. */
export function image(id: string): ImageAsset {
  const asset = images.get(id);
  if (!asset) throw new Error(`Unknown image id "${id}" (see src/content/image-catalog.json)`);
  return asset;
}

/** Optional hero videos. Add an entry with real files to show a video instead of the poster. */
export interface HeroVideo {
  poster: ImageAsset;
  sources: { src: string; type: string }[];
}

export const heroVideos: Record<'essen', HeroVideo> = {
  essen: { poster: image('essen-hero'), sources: [] },
};

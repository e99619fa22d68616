import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ResponsiveImage } from '@/components/media/responsive-image';
import catalog from '@/content/image-catalog.json';
import { FALLBACK_IMAGE_SRC, image, images } from '@/content/images';
import { ScrollToAnchorButton } from '@/features/pages/components/scroll-to-anchor-button';

const publicDir = join(process.cwd(), 'public');

describe('image manifest', () => {
  it('lists every image with size and German alt text, and every file exists', () => {
    expect(images.size).toBe(catalog.length);
    let bytes = 0;
    for (const entry of catalog) {
      expect(entry.alt.trim().length, entry.id).toBeGreaterThan(5);
      expect(entry.alt, entry.id).not.toContain('ß');
      expect(entry.width).toBeGreaterThan(0);
      expect(entry.height).toBeGreaterThan(0);
      for (const width of entry.widths) {
        for (const ext of ['avif', 'webp']) {
          const file = join(publicDir, 'images', `${entry.id}-${width}.${ext}`);
          expect(existsSync(file), file).toBe(true);
          bytes += statSync(file).size;
        }
      }
    }
    expect(existsSync(join(publicDir, FALLBACK_IMAGE_SRC))).toBe(true);
    const heroes = [...images.values()].filter((asset) => asset.ogSrc);
    expect(heroes.length).toBeGreaterThanOrEqual(12);
    for (const hero of heroes) expect(existsSync(join(publicDir, hero.ogSrc!)), hero.ogSrc).toBe(true);
    // The committed set stays light (issue: well under 8 MB).
    expect(bytes).toBeLessThan(8 * 1024 * 1024);
  });

  it('fails loudly on an unknown id', () => {
    expect(() => image('gibt-es-nicht')).toThrow(/Unknown image id/);
  });
});

describe('ResponsiveImage', () => {
  const hero = image('home-hero');

  it('loads lazily by default with its intrinsic size and both formats', () => {
    const { container } = render(<ResponsiveImage image={hero} sizes="50vw" />);
    const img = screen.getByRole('img', { name: hero.alt });
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).not.toHaveAttribute('fetchpriority');
    expect(img).toHaveAttribute('width', String(hero.width));
    expect(img).toHaveAttribute('height', String(hero.height));
    expect(img).toHaveAttribute('srcset', hero.srcSet);
    expect(container.querySelector('source[type="image/avif"]')).toHaveAttribute('srcset', hero.avifSrcSet);
  });

  it('loads heroes eagerly with high priority', () => {
    render(<ResponsiveImage image={hero} priority />);
    const img = screen.getByRole('img');
    expect(img).toHaveAttribute('loading', 'eager');
    expect(img).toHaveAttribute('fetchpriority', 'high');
  });

  it('falls back to the placeholder when the file cannot load', () => {
    const { container } = render(<ResponsiveImage image={hero} />);
    fireEvent.error(screen.getByRole('img'));
    expect(screen.getByRole('img')).toHaveAttribute('src', FALLBACK_IMAGE_SRC);
    expect(container.querySelector('source')).toBeNull();
  });
});

describe('ScrollToAnchorButton', () => {
  it('does nothing when the anchor is not on the page', async () => {
    render(<ScrollToAnchorButton targetId="fehlt" label="Los" />);
    const before = window.location.href;
    await userEvent.click(screen.getByRole('link', { name: 'Los' }));
    expect(window.location.href).toBe(before);
  });
});

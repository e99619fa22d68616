import { existsSync } from 'node:fs';
import { join } from 'node:path';
import catalog from '@/content/image-catalog.json';
import { essenGallery, essenServices } from '@/content/essen';
import { founders } from '@/content/ueber-uns';

// The pictures as a visitor meets them: no page repeats an image or a motif, the founders are
// drawn in the style of the other images (not grey silhouettes), and every file the pages ask
// for is committed with its intrinsic size.

interface Entry {
  id: string;
  theme: string;
  motif?: string;
  width: number;
  height: number;
  widths: number[];
}

const entries = new Map((catalog as Entry[]).map((entry) => [entry.id, entry]));
const entryOf = (id: string) => {
  const entry = entries.get(id);
  if (!entry) throw new Error(`no catalog entry ${id}`);
  return entry;
};
/** What an image shows: its own motif, or its theme's. */
const motifOf = (id: string) => entryOf(id).motif ?? entryOf(id).theme;

describe('images', () => {
  it('/essen shows eight distinct gallery images and no image or motif twice', () => {
    const gallery = essenGallery.items.map((item) => item.image.id);
    const services = essenServices.items.map((item) => item.image.id);
    expect(gallery).toHaveLength(8);
    expect(new Set([...gallery, ...services]).size).toBe(gallery.length + services.length);
    expect(new Set([...gallery, ...services].map(motifOf)).size).toBe(gallery.length + services.length);
  });

  it('draws the founders as illustrated people, each in their own look', () => {
    const portraits = founders.people.map((person) => entryOf(person.image.id));
    expect(portraits).toHaveLength(2);
    for (const portrait of portraits) expect(portrait.motif).toBe('person');
    const looks = portraits.map((portrait) => JSON.stringify((portrait as { person?: unknown }).person));
    expect(new Set(looks).size).toBe(2);
  });

  it('has every listed file in public/images, with its size in the catalog', () => {
    for (const entry of entries.values()) {
      expect(entry.width, entry.id).toBeGreaterThan(0);
      expect(entry.height, entry.id).toBeGreaterThan(0);
      for (const width of entry.widths) {
        for (const ext of ['avif', 'webp']) {
          expect(
            existsSync(join('public/images', `${entry.id}-${width}.${ext}`)),
            `${entry.id}-${width}.${ext}`,
          ).toBe(true);
        }
      }
    }
  });
});

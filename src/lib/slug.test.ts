import { describe, expect, it } from 'vitest';
import { eventSlug, slugify } from './slug';

describe('slugify', () => {
  it.each([
    ['Breathwork & Brunch', 'breathwork-brunch'],
    ['Wildkräuter Workshop', 'wildkraeuter-workshop'],
    ['Über Öl und Äpfel', 'ueber-oel-und-aepfel'],
    ['Grüsse aus der Küche', 'gruesse-aus-der-kueche'],
    ['Strasse mit \u00df', 'strasse-mit-ss'],
    ['Café Crème à la carte', 'cafe-creme-a-la-carte'],
    ['  Waldbaden   &   Meditation  ', 'waldbaden-meditation'],
    ['Kochen: Pasta (vegan)!', 'kochen-pasta-vegan'],
    ['Feuer 🔥 und Stockbrot 🍞', 'feuer-und-stockbrot'],
    ['Wald-Yoga -- am Morgen', 'wald-yoga-am-morgen'],
    ['Rock’n’Roll', 'rocknroll'],
    ['Stammtisch_2026', 'stammtisch_2026'],
    ['1:1 Session', '11-session'],
    ['🎉🎉🎉', ''],
  ])('%s -> %s', (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it('treats a decomposed umlaut like the composed one', () => {
    expect(slugify('Ku\u0308che')).toBe('kueche');
  });
});

describe('eventSlug', () => {
  it('appends the start date as dd-MM-yyyy', () => {
    expect(eventSlug('Breathwork & Brunch', '2026-03-05')).toBe('breathwork-brunch-05-03-2026');
  });

  it('has no date part without a start date', () => {
    expect(eventSlug('Stammtisch', null)).toBe('stammtisch');
  });

  it('falls back to "event" when the title has no usable character', () => {
    expect(eventSlug('🔥', '2026-12-31')).toBe('event-31-12-2026');
  });
});

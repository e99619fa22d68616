import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { eventSlug, slugify } from '@/lib/slug';
import { connect, inRolledBackTransaction } from './support/db';
import { insertEvent } from './support/fixtures';

// The database stores slugs (public.slugify / public.event_slug); the app builds the same
// slugs in TypeScript (src/lib/slug.ts). Both must agree on every title.
const TRICKY_TITLES = [
  'Breathwork & Brunch',
  'Wildkräuter Workshop',
  'ÄÖÜ äöü ß Æ æ Œ œ',
  'Crème brûlée à la Façon de Noël',
  'ÀÁÂÃÅ ÈÉÊË ÌÍÎÏ ÒÓÔÕØ ÙÚÛ Ç Ñ Ý ÿ',
  '  leading and trailing  ',
  'double  spaces\tand\ttabs\nand newlines',
  'non\u00a0breaking\u00a0space',
  'Punctuation: "quotes", (brackets), [more]; semi! question? 100%',
  'hyphens - in -- between --- words-',
  '---',
  'Feuer 🔥 und Stockbrot 🍞',
  '👨‍👩‍👧 Familientag',
  '🎉',
  '',
  'snake_case_title',
  'UPPER CASE TITLE',
  'Ku\u0308che (decomposed)',
  'Ελληνικά και Русский',
  'İstanbul',
  'Kelvin \u212a sign',
  '中文 Titel',
  '1:1 Session',
  'Rock’n’Roll',
];

describe('slug rules: SQL and TypeScript agree', () => {
  let client: pg.Client;
  beforeAll(async () => {
    client = await connect();
  });
  afterAll(async () => {
    await client.end();
  });

  it.each(TRICKY_TITLES)('slugify(%j)', async (title) => {
    const { rows } = await client.query<{ slug: string }>('select public.slugify($1) as slug', [title]);
    expect(rows[0]?.slug).toBe(slugify(title));
  });

  it.each(TRICKY_TITLES)('event_slug(%j, date)', async (title) => {
    const { rows } = await client.query<{ slug: string }>(
      `select public.event_slug($1, date '2026-03-05') as slug`,
      [title],
    );
    expect(rows[0]?.slug).toBe(eventSlug(title, '2026-03-05'));
  });

  it('event_slug without a date', async () => {
    const { rows } = await client.query<{ slug: string }>('select public.event_slug($1, null) as slug', [
      'Stammtisch',
    ]);
    expect(rows[0]?.slug).toBe(eventSlug('Stammtisch', null));
  });
});

describe('stored slugs', () => {
  it('derives the event slug from title and date and makes it unique with -2, -3', () =>
    inRolledBackTransaction(async (db) => {
      const first = await insertEvent(db, { title: 'Wildkräuter Workshop!' });
      const second = await insertEvent(db, { title: 'Wildkräuter Workshop' });
      const third = await insertEvent(db, { title: 'wildkräuter workshop' });
      const expected = eventSlug('Wildkräuter Workshop', first.start_date);
      expect([first.slug, second.slug, third.slug]).toEqual([expected, `${expected}-2`, `${expected}-3`]);
    }));

  it('ignores a slug sent by a client and follows title changes', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, { title: 'Stammtisch', startInDays: null, slug: 'my-own-slug' });
      expect(event.slug).toBe('stammtisch');
      const [kept] = await db.query<{ slug: string }>(
        `update public.events set slug = 'hijacked' where id = $1 returning slug`,
        [event.id],
      );
      expect(kept?.slug).toBe('stammtisch');
      const [renamed] = await db.query<{ slug: string }>(
        `update public.events set title = 'Stammtisch im Winter' where id = $1 returning slug`,
        [event.id],
      );
      expect(renamed?.slug).toBe('stammtisch-im-winter');
    }));

  it('gives blog posts a slug from the title unless one is given, unique as well', () =>
    inRolledBackTransaction(async (db) => {
      const rows = await db.query<{ slug: string }>(
        `insert into public.blog_posts (title, slug) values
           ('Warum wir atmen', null), ('Warum wir atmen', ''), ('Anderer Titel', 'Mein eigener Slug!')
         returning slug`,
      );
      expect(rows.map((row) => row.slug)).toEqual([
        'warum-wir-atmen',
        'warum-wir-atmen-2',
        'mein-eigener-slug',
      ]);
    }));
});

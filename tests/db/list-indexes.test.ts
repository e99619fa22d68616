import { describe, expect, it } from 'vitest';
import { inRolledBackTransaction } from './support/db';

// Every list the app reads can be served by an index, filter and order alike. The seed is tiny,
// so the planner would rightly scan and sort; with those disabled it must find an index.

const LIST_QUERIES: Array<[string, string]> = [
  [
    'published events from today, by start date',
    `select * from public.events where status = 'published' and start_date >= current_date order by start_date`,
  ],
  [
    'published events of a category',
    `select * from public.events where category = 'stammtisch' and status = 'published' order by start_date`,
  ],
  [
    'dashboard: upcoming events',
    `select id, title from public.events where start_date >= current_date order by start_date limit 5`,
  ],
  ['event by slug', `select * from public.events where slug = 'stammtisch'`],
  [
    'participants of an event',
    `select * from public.participants where event_id = 'a1000000-0000-4000-8000-000000000001'`,
  ],
  ['newest registrations', `select * from public.participants order by created_at desc limit 5`],
  ['published post by slug', `select * from public.blog_posts where slug = 'warum' and status = 'published'`],
  [
    'published posts, newest first',
    `select * from public.blog_posts where status = 'published' order by published_date desc`,
  ],
];

describe('list queries use an index', () => {
  it.each(LIST_QUERIES)('%s', (_label, query) =>
    inRolledBackTransaction(async (db) => {
      // Without these the planner may sort or scan instead; it must not need to.
      await db.query('set local enable_seqscan = off');
      await db.query('set local enable_bitmapscan = off');
      await db.query('set local enable_sort = off');
      const rows = await db.query<{ 'QUERY PLAN': unknown }>(`explain (format json) ${query}`);
      const plan = JSON.stringify(rows[0]?.['QUERY PLAN']);
      expect(plan).not.toContain('"Node Type":"Seq Scan"');
      expect(plan).not.toContain('"Node Type":"Sort"');
      if (/ where /.test(query)) expect(plan).toContain('"Index Cond"');
    }),
  );
});

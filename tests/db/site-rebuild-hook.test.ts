import { describe, expect, it } from 'vitest';
import { inRolledBackTransaction, type Session } from './support/db';
import { insertEvent } from './support/fixtures';

// A change a visitor can see on a published event posts to the static host's build hook
// (supabase/schemas/80_settings_and_cron.sql); booking counts do not.

const HOOK_URL = 'https://api.netlify.com/build_hooks/test-hook';

/**
 * Vault and pg_net as the trigger uses them. Where the stack provides the real ones, the
 * secret goes in through vault.create_secret and posts are read from pg_net's queue; otherwise
 * minimal stand-ins with the same names record the posts (rolled back with the test).
 */
async function postsTo(db: Session): Promise<() => Promise<string[]>> {
  const [real] = await db.query<{ vault: boolean; net: boolean }>(
    `select to_regclass('vault.decrypted_secrets') is not null as vault,
            to_regclass('net.http_request_queue') is not null as net`,
  );
  if (real?.vault && real.net) {
    await db.query(`select vault.create_secret($1, 'site_build_hook_url')`, [HOOK_URL]);
    return async () =>
      // Only the hook's posts: the stack's Cron jobs queue their own (process-refunds every minute).
      (
        await db.query<{ url: string }>('select url from net.http_request_queue where url = $1 order by id', [
          HOOK_URL,
        ])
      ).map((row) => row.url);
  }
  await db.query(`
    create schema vault;
    create table vault.decrypted_secrets (name text, decrypted_secret text);
    create schema net;
    create table net.posts (id serial primary key, url text, body jsonb);
    create function net.http_post(url text, body jsonb default '{}', params jsonb default '{}',
      headers jsonb default '{}', timeout_milliseconds integer default 5000) returns bigint
      language sql as $$ insert into net.posts (url, body) values (url, body) returning id $$;
  `);
  await db.query(`insert into vault.decrypted_secrets values ('site_build_hook_url', $1)`, [HOOK_URL]);
  return async () =>
    (await db.query<{ url: string }>('select url from net.posts order by id')).map((row) => row.url);
}

/** The bodies of the posts so far (pg_net's queue, or the stand-in's table). */
async function postBodies(db: Session): Promise<unknown[]> {
  const [real] = await db.query<{ net: boolean }>(
    `select to_regclass('net.http_request_queue') is not null as net`,
  );
  // pg_net keeps the body as bytes; the stand-in as jsonb.
  const sql = real?.net
    ? `select convert_from(body, 'UTF8')::jsonb as body from net.http_request_queue where url = $1 order by id`
    : 'select body from net.posts where url = $1 order by id';
  return (await db.query<{ body: unknown }>(sql, [HOOK_URL])).map((row) => row.body);
}

describe('site rebuild hook', () => {
  it('publishing, editing and removing a published event each post to the build hook', async () => {
    await inRolledBackTransaction(async (db) => {
      const posts = await postsTo(db);
      const event = await insertEvent(db, { status: 'published' });
      expect(await posts()).toEqual([HOOK_URL]);
      await db.query(`update public.events set title = 'Neuer Titel' where id = $1`, [event.id]);
      expect(await posts()).toHaveLength(2);
      await db.query('delete from public.events where id = $1', [event.id]);
      expect(await posts()).toHaveLength(3);
    });
  });

  it("a published event's ticket types start a build (its 'ab' price); a draft's do not", async () => {
    await inRolledBackTransaction(async (db) => {
      const posts = await postsTo(db);
      const draft = await insertEvent(db, { status: 'draft' });
      await db.query(
        `insert into public.event_ticket_types (event_id, name, price) values ($1, 'Kinder', 20)`,
        [draft.id],
      );
      expect(await posts()).toEqual([]);
      const published = await insertEvent(db, { status: 'published' });
      await db.query(
        `insert into public.event_ticket_types (event_id, name, price) values ($1, 'Kinder', 20)`,
        [published.id],
      );
      await db.query(`update public.event_ticket_types set price = 25 where event_id = $1`, [published.id]);
      expect(await posts()).toHaveLength(3);
    });
  });

  it('a fondue hut evening, created and refreshed by its booking, does not start a build', async () => {
    await inRolledBackTransaction(async (db) => {
      const posts = await postsTo(db);
      const [day] = await db.query<{ day: string }>(
        `select d::date::text as day from generate_series(current_date + 400, current_date + 406, interval '1 day') d
          where extract(isodow from d) = 5`,
      );
      await db.query(
        `select public.book_hut_evening($1::date, 'Heidi Hüsli', 'heidi@example.ch', '+41791234567', 'onsite', '', null, 3)`,
        [day!.day],
      );
      await db.query(`update public.events set price = 90 where category = 'fondue' and start_date = $1`, [
        day!.day,
      ]);
      expect(await posts()).toEqual([]);
    });
  });

  it('drafts and booking counts do not start a build', async () => {
    await inRolledBackTransaction(async (db) => {
      const posts = await postsTo(db);
      const draft = await insertEvent(db, { status: 'draft' });
      await db.query(`update public.events set title = 'Entwurf' where id = $1`, [draft.id]);
      const published = await insertEvent(db, { status: 'published' });
      await db.query('update public.events set current_participants = 1 where id = $1', [published.id]);
      expect(await posts()).toEqual([HOOK_URL]);
    });
  });

  it('without a configured hook nothing is posted and writes still succeed', async () => {
    await inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, { status: 'published' });
      await db.query(`update public.events set title = 'Ohne Hook' where id = $1`, [event.id]);
      expect((await db.query('select 1 from public.events where id = $1', [event.id])).length).toBe(1);
    });
  });

  it('a changed public setting posts too, and each post names the table', async () => {
    await inRolledBackTransaction(async (db) => {
      const posts = await postsTo(db);
      await db.query(
        `update public.settings set value = '{"two": 91, "three_to_four": 85, "five_to_six": 80}'
          where key = 'fondue_prices'`,
      );
      expect(await posts()).toEqual([HOOK_URL]);
      const bodies = await postBodies(db);
      expect(bodies.at(-1)).toEqual({ source: 'settings', operation: 'UPDATE' });
    });
  });

  it('a changed retention limit posts (the privacy page prints it); an unchanged one does not', async () => {
    await inRolledBackTransaction(async (db) => {
      const posts = await postsTo(db);
      await db.query(`update public.retention_rules set keep_days = keep_days where key = 'enquiry'`);
      expect(await posts()).toEqual([]);
      await db.query(`update public.retention_rules set keep_days = 400 where key = 'enquiry'`);
      expect(await posts()).toEqual([HOOK_URL]);
      expect((await postBodies(db)).at(-1)).toEqual({ source: 'retention_rules', operation: 'UPDATE' });
    });
  });
});

// Dates pass without any row changing (the fondue season, the next Stammtisch, lists from today
// on): the site is rebuilt once a day, right after midnight in Zurich
// (supabase/schemas/80_settings_and_cron.sql).
describe('daily site rebuild', () => {
  it('posts in the hour after midnight in Zurich, summer and winter, and not at other hours', async () => {
    await inRolledBackTransaction(async (db) => {
      const posts = await postsTo(db);
      const at = (utc: string) => db.query('select private.request_daily_site_rebuild($1)', [utc]);
      await at('2026-07-01 12:00:00+00'); // 14:00 in Zurich
      await at('2026-12-01 22:30:00+00'); // 23:30 in Zurich (winter)
      await at('2026-07-01 23:30:00+00'); // 01:30 in Zurich (summer)
      expect(await posts()).toEqual([]);
      await at('2026-07-01 22:05:00+00'); // 00:05 in Zurich (summer)
      await at('2026-12-01 23:05:00+00'); // 00:05 in Zurich (winter)
      expect(await posts()).toEqual([HOOK_URL, HOOK_URL]);
      expect((await postBodies(db)).at(-1)).toEqual({ source: 'daily' });
    });
  });

  it('without a configured hook it does nothing', async () => {
    await inRolledBackTransaction(async (db) => {
      await db.query(`select private.request_daily_site_rebuild('2026-12-01 23:05:00+00')`);
    });
  });

  it('is scheduled hourly (Supabase Cron; locally the stack emulates it)', () =>
    inRolledBackTransaction(async (db) => {
      const jobs = await db.query<{ schedule: string; command: string }>(
        `select schedule, command from cron.job where jobname = 'daily-site-rebuild'`,
      );
      expect(jobs).toEqual([
        { schedule: '5 * * * *', command: 'select private.request_daily_site_rebuild()' },
      ]);
    }));
});

import { beforeAll, describe, expect, it } from 'vitest';
import { resetDatabase, sql } from '../support/stack';

// The seed gives a fresh local stack something to show in every state the UI knows.

interface SeededEvent {
  title: string;
  category: string;
  status: string;
  is_cancelled: boolean;
  is_full: boolean;
  current_participants: number;
  counted: number;
  in_future: boolean;
}

let events: SeededEvent[];

beforeAll(async () => {
  await resetDatabase();
  events = await sql<SeededEvent>(`
    select e.title, e.category, e.status, e.is_cancelled, (availability(e)).is_full, e.current_participants,
           (select count(*)::int from participants p where p.event_id = e.id and p.status in ('held', 'confirmed')) as counted,
           e.start_date >= (now() at time zone 'Europe/Zurich')::date as in_future
    from events e order by e.start_date`);
});

describe('seed', () => {
  it("has the spec's four sample events in the future", () => {
    const samples = events.filter((event) =>
      ['Breathwork & Brunch', 'Stammtisch', 'Wildkräuter Workshop', 'Waldbaden & Meditation'].includes(
        event.title,
      ),
    );
    expect(samples).toHaveLength(4);
    expect(samples.every((event) => event.in_future)).toBe(true);
    expect(samples.find((event) => event.title === 'Waldbaden & Meditation')?.status).toBe('draft');
  });

  it('covers every category and state: published, draft, archived, cancelled, sold out, past', () => {
    const published = events.filter((event) => event.status === 'published');
    expect(new Set(published.map((event) => event.category))).toEqual(
      new Set(['breathwork', 'workshop', 'retreat', 'stammtisch', 'kids', 'sense-of-breath']),
    );
    expect(events.some((event) => event.status === 'draft')).toBe(true);
    expect(events.some((event) => event.status === 'archived')).toBe(true);
    expect(published.some((event) => event.is_cancelled && event.in_future)).toBe(true);
    expect(published.some((event) => !event.in_future)).toBe(true);
    const soldOut = published.filter((event) => event.is_full);
    expect(soldOut).toHaveLength(1);
    expect(soldOut[0]?.current_participants).toBeGreaterThan(0);
  });

  it('keeps every count equal to the participants that are not cancelled', () => {
    expect(events.filter((event) => event.current_participants !== event.counted)).toEqual([]);
  });

  it('has a published blog post with paragraphs and the local admin', async () => {
    const posts = await sql<{ slug: string; paragraphs: number }>(
      `select slug, array_length(regexp_split_to_array(content, '\\n\\n'), 1) as paragraphs
       from blog_posts where status = 'published'`,
    );
    expect(posts).toEqual([{ slug: 'warum-wir-mit-allen-sinnen-kochen', paragraphs: 4 }]);
    const admins = await sql(
      `select u.email from auth.users u join profiles p on p.id = u.id where p.is_admin`,
    );
    expect(admins).toEqual([{ email: 'admin@example.ch' }]);
  });

  it('contains no "ß" in any text a visitor reads', async () => {
    const rows = await sql(`
      select title from events where concat_ws(' ', title, subtitle, description, location, bring_along) like '%ß%'
      union all
      select title from blog_posts where concat_ws(' ', title, excerpt, content) like '%ß%'`);
    expect(rows).toEqual([]);
  });
});

/**
 * Conformance of the local `/rest/v1` with PostgREST 12 where an app would notice a
 * difference (issue 11): computed fields, one-to-one and self-referencing embeds, embedding
 * by constraint name, embedded counts, duplicate embeds, `Prefer: max-affected`, upsert
 * statuses and counted rpc calls. Driven through supabase-js; every table and function
 * here is created by this file (prefix `p12_`) and dropped afterwards.
 */
import { anonClient, resetDatabase, sql } from '../support/stack';

const SCHEMA = `
  create table public.p12_events (
    id int primary key,
    title text not null,
    capacity int not null,
    tags text[] not null default '{}'
  );
  create table public.p12_participants (
    id serial primary key,
    event_id int not null references public.p12_events (id) on delete cascade,
    name text not null
  );
  -- One-to-one: the foreign key is also the primary key.
  create table public.p12_details (
    event_id int primary key references public.p12_events (id) on delete cascade,
    venue text not null
  );
  -- One-to-one: the foreign key carries a unique constraint.
  create table public.p12_hosts (
    id serial primary key,
    event_id int unique references public.p12_events (id) on delete cascade,
    host text not null
  );
  create table public.p12_items (
    id int primary key,
    parent_id int references public.p12_items (id),
    name text not null
  );
  -- Two self-references: PostgREST cannot tell which one 'p12_links' means.
  create table public.p12_links (
    id int primary key,
    prev_id int references public.p12_links (id),
    next_id int references public.p12_links (id)
  );

  create type public.p12_availability as (seats_left int, "full" boolean, bookable boolean, reason text);
  create function public.p12_availability(public.p12_events) returns public.p12_availability
    language sql stable as $$
      select greatest($1.capacity - count(p.id), 0)::int, count(p.id) >= $1.capacity,
             count(p.id) < $1.capacity, case when count(p.id) >= $1.capacity then 'full' end
      from public.p12_participants p where p.event_id = $1.id $$;
  create function public.p12_seats_left(public.p12_events) returns int
    language sql stable as $$
      select $1.capacity - (select count(*)::int from public.p12_participants where event_id = $1.id) $$;
  create function public.p12_events_from(min_id int) returns setof public.p12_events
    language sql stable as $$ select * from public.p12_events where id >= min_id $$;
`;

const SEED = `
  insert into public.p12_events (id, title, capacity, tags) values
    (1, 'Fondue', 2, '{winter,kaese}'), (2, 'Atem', 3, '{}'), (3, 'Stammtisch', 1, '{monat}');
  insert into public.p12_participants (event_id, name) values (1, 'Anna'), (1, 'Beat'), (2, 'Cla');
  insert into public.p12_details (event_id, venue) values (1, 'Huette'), (2, 'Studio');
  insert into public.p12_hosts (event_id, host) values (1, 'Dora');
  insert into public.p12_items (id, parent_id, name) values (1, null, 'Kurse'), (2, 1, 'Atem'), (3, 1, 'Kochen');
`;

const DROP = `
  drop function if exists public.p12_events_from(int), public.p12_seats_left(public.p12_events),
    public.p12_availability(public.p12_events);
  drop table if exists public.p12_links, public.p12_items, public.p12_hosts, public.p12_details, public.p12_participants,
    public.p12_events;
  drop type if exists public.p12_availability;
`;

beforeAll(async () => {
  await resetDatabase();
  await sql(DROP);
  await sql(SCHEMA);
  await sql(SEED);
});

afterAll(async () => {
  await sql(DROP);
});

describe('computed fields', () => {
  it('selects a function of the row type like a column: composite as an object, scalar as a value', async () => {
    const { data, error } = await anonClient()
      .from('p12_events')
      .select('*, p12_availability, p12_seats_left')
      .order('id');
    expect(error).toBeNull();
    expect(data?.[0]).toEqual({
      id: 1,
      title: 'Fondue',
      capacity: 2,
      tags: ['winter', 'kaese'],
      p12_availability: { seats_left: 0, full: true, bookable: false, reason: 'full' },
      p12_seats_left: 0,
    });
    expect(data?.[1]?.p12_availability).toEqual({ seats_left: 2, full: false, bookable: true, reason: null });
  });

  it('leaves computed fields out of * and takes an alias, as PostgREST does', async () => {
    const star = await anonClient().from('p12_events').select('*').eq('id', 2).single();
    expect(Object.keys(star.data ?? {})).toEqual(['id', 'title', 'capacity', 'tags']);
    const aliased = await anonClient()
      .from('p12_events')
      .select('title, availability:p12_availability')
      .eq('id', 3)
      .single();
    expect(aliased.data).toEqual({
      title: 'Stammtisch',
      availability: { seats_left: 1, full: false, bookable: true, reason: null },
    });
  });

  it('filters and orders by computed fields, also inside a composite with ->>', async () => {
    const bookable = await anonClient()
      .from('p12_events')
      .select('title')
      .eq('p12_availability->>bookable', true)
      .order('p12_seats_left', { ascending: false });
    expect(bookable.data).toEqual([{ title: 'Atem' }, { title: 'Stammtisch' }]);
    const full = await anonClient().from('p12_events').select('title').lte('p12_seats_left', 0);
    expect(full.data).toEqual([{ title: 'Fondue' }]);
  });

  it('computes them on the rows of a write and of a set-returning rpc', async () => {
    const written = await anonClient()
      .from('p12_events')
      .update({ capacity: 4 })
      .eq('id', 1)
      .select('title, p12_seats_left')
      .single();
    expect(written.error).toBeNull();
    expect(written.data).toEqual({ title: 'Fondue', p12_seats_left: 2 });
    await sql('update public.p12_events set capacity = 2 where id = 1');

    const called = await anonClient()
      .rpc('p12_events_from', { min_id: 2 })
      .select('title, p12_availability->seats_left')
      .order('id');
    expect(called.error).toBeNull();
    expect(called.data).toEqual([
      { title: 'Atem', seats_left: 2 },
      { title: 'Stammtisch', seats_left: 1 },
    ]);
  });

  it('answers an unknown field with 42703 as Postgres does', async () => {
    const { error, status } = await anonClient().from('p12_events').select('title, p12_nothing');
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: '42703', message: 'column p12_events.p12_nothing does not exist' });
  });
});

describe('embedding', () => {
  it('embeds a one-to-one relationship (key is the primary key or unique) as an object, both ways', async () => {
    const { data, error } = await anonClient()
      .from('p12_events')
      .select('title, p12_details(venue), p12_hosts(host)')
      .order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { title: 'Fondue', p12_details: { venue: 'Huette' }, p12_hosts: { host: 'Dora' } },
      { title: 'Atem', p12_details: { venue: 'Studio' }, p12_hosts: null },
      { title: 'Stammtisch', p12_details: null, p12_hosts: null },
    ]);
    const back = await anonClient().from('p12_details').select('venue, p12_events(title)').order('venue');
    expect(back.data).toEqual([
      { venue: 'Huette', p12_events: { title: 'Fondue' } },
      { venue: 'Studio', p12_events: { title: 'Atem' } },
    ]);
  });

  it('spreads a one-to-one embed into the parent', async () => {
    const { data, error } = await anonClient()
      .from('p12_events')
      .select('title, ...p12_details(venue)')
      .order('id')
      .limit(2);
    expect(error).toBeNull();
    expect(data).toEqual([
      { title: 'Fondue', venue: 'Huette' },
      { title: 'Atem', venue: 'Studio' },
    ]);
  });

  it('embeds a self-reference: the table name gives the children, the column the parent', async () => {
    const children = await anonClient()
      .from('p12_items')
      .select('name, children:p12_items(name)')
      .eq('id', 1)
      .single();
    expect(children.error).toBeNull();
    expect(children.data).toEqual({ name: 'Kurse', children: [{ name: 'Atem' }, { name: 'Kochen' }] });
    const parent = await anonClient()
      .from('p12_items')
      .select('name, parent:parent_id(name)')
      .eq('id', 2)
      .single();
    expect(parent.data).toEqual({ name: 'Atem', parent: { name: 'Kurse' } });
    const hinted = await anonClient()
      .from('p12_items')
      .select('name, sub:p12_items!parent_id(name)')
      .eq('id', 3)
      .single();
    expect(hinted.data).toEqual({ name: 'Kochen', sub: [] });
  });

  it('answers PGRST201 only where PostgREST does: two self-references', async () => {
    const { error, status } = await anonClient().from('p12_links').select('id, p12_links(id)');
    expect(status).toBe(300);
    expect(error).toMatchObject({
      code: 'PGRST201',
      message: "Could not embed because more than one relationship was found for 'p12_links' and 'p12_links'",
      hint: "Try changing 'p12_links' to one of the following: 'p12_links!p12_links_prev_id_fkey', 'p12_links!p12_links_next_id_fkey'. Find the desired relationship in the 'details' key.",
    });
  });

  it('embeds by foreign-key constraint name, as the name or as the hint', async () => {
    const byName = await anonClient()
      .from('p12_participants')
      .select('name, p12_participants_event_id_fkey(title)')
      .eq('name', 'Cla')
      .single();
    expect(byName.error).toBeNull();
    expect(byName.data).toEqual({ name: 'Cla', p12_participants_event_id_fkey: { title: 'Atem' } });
    const byHint = await anonClient()
      .from('p12_events')
      .select('title, p12_participants!p12_participants_event_id_fkey(name)')
      .eq('id', 1)
      .single();
    expect(byHint.data).toEqual({
      title: 'Fondue',
      p12_participants: [{ name: 'Anna' }, { name: 'Beat' }],
    });
  });

  it('counts embedded rows with the legacy count, and refuses count() as aggregates are off', async () => {
    const { data, error } = await anonClient()
      .from('p12_events')
      .select('title, p12_participants(count)')
      .order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { title: 'Fondue', p12_participants: [{ count: 2 }] },
      { title: 'Atem', p12_participants: [{ count: 1 }] },
      { title: 'Stammtisch', p12_participants: [{ count: 0 }] },
    ]);
    const grouped = await anonClient()
      .from('p12_participants')
      .select('event_id, total:count')
      .order('event_id');
    expect(grouped.data).toEqual([
      { event_id: 1, total: 2 },
      { event_id: 2, total: 1 },
    ]);
    const aggregate = await anonClient().from('p12_events').select('title, p12_participants(count())');
    expect(aggregate.status).toBe(400);
    expect(aggregate.error).toMatchObject({
      code: 'PGRST123',
      message: 'Use of aggregate functions is not allowed',
    });
  });

  it('answers 42712 for two embeds under the same name, and serves different aliases apart', async () => {
    const twice = await anonClient()
      .from('p12_events')
      .select('title, p12_participants(name), p12_participants(id)');
    expect(twice.status).toBe(400);
    expect(twice.error).toMatchObject({
      code: '42712',
      message: 'table name "p12_events_p12_participants_1" specified more than once',
    });
    const aliased = await anonClient()
      .from('p12_events')
      .select('title, first:p12_participants(name), second:p12_participants(id)')
      .eq('id', 2)
      .single();
    expect(aliased.data).toEqual({ title: 'Atem', first: [{ name: 'Cla' }], second: [{ id: 3 }] });
  });
});

/**
 * What postgrest-js's maxAffected(1) sends. Its types offer maxAffected only to clients declared
 * for PostgREST 13, although PostgREST 12.2 (Supabase) already honours the preference.
 */
const MAX_ONE = 'handling=strict, max-affected=1';

describe('writes and rpc', () => {
  it('refuses and rolls back an update or delete touching more rows than max-affected (PGRST124)', async () => {
    const tooMany = await anonClient()
      .from('p12_participants')
      .update({ name: 'X' })
      .eq('event_id', 1)
      .setHeader('Prefer', MAX_ONE);
    expect(tooMany.status).toBe(400);
    expect(tooMany.error).toMatchObject({
      code: 'PGRST124',
      message: 'Query result exceeds max-affected preference constraint',
      details: 'The query affects 2 rows',
    });
    const deleted = await anonClient()
      .from('p12_participants')
      .delete()
      .eq('event_id', 1)
      .setHeader('Prefer', MAX_ONE)
      .select();
    expect(deleted.error?.code).toBe('PGRST124');
    const rows = await sql<{ name: string }>(
      'select name from public.p12_participants where event_id = 1 order by name',
    );
    expect(rows.map((row) => row.name)).toEqual(['Anna', 'Beat']);

    const withinBound = await anonClient()
      .from('p12_participants')
      .update({ name: 'Beatrice' })
      .eq('name', 'Beat')
      .setHeader('Prefer', MAX_ONE);
    expect(withinBound.error).toBeNull();
    expect(withinBound.status).toBe(204);
    await sql(`update public.p12_participants set name = 'Beat' where name = 'Beatrice'`);
  });

  it('ignores max-affected without handling=strict, and refuses unknown preferences under it', async () => {
    const lenient = await anonClient()
      .from('p12_events')
      .update({ tags: ['x'] })
      .gte('id', 2)
      .setHeader('Prefer', 'max-affected=1')
      .select('id');
    expect(lenient.error).toBeNull();
    expect(lenient.data).toHaveLength(2);
    await sql(
      `update public.p12_events set tags = '{}' where id = 2; update public.p12_events set tags = '{monat}' where id = 3`,
    );
    const strict = await anonClient()
      .from('p12_events')
      .select('id')
      .setHeader('Prefer', 'handling=strict, nonsense');
    expect(strict.status).toBe(400);
    expect(strict.error).toMatchObject({
      code: 'PGRST122',
      message: 'Invalid preferences given with handling=strict',
      details: 'Invalid preferences: nonsense',
    });
  });

  it('answers an upsert that only updated with 200, one that inserted with 201', async () => {
    const updated = await anonClient().from('p12_items').upsert({ id: 3, parent_id: 1, name: 'Kochen' });
    expect(updated.error).toBeNull();
    expect(updated.status).toBe(200);
    const updatedRows = await anonClient()
      .from('p12_items')
      .upsert({ id: 3, parent_id: 1, name: 'Kochkurse' })
      .select('name');
    expect(updatedRows.status).toBe(200);
    expect(updatedRows.data).toEqual([{ name: 'Kochkurse' }]);
    const inserted = await anonClient()
      .from('p12_items')
      .upsert([
        { id: 3, parent_id: 1, name: 'Kochen' },
        { id: 4, parent_id: 1, name: 'Fondue' },
      ]);
    expect(inserted.status).toBe(201);
    const ignored = await anonClient()
      .from('p12_items')
      .upsert({ id: 4, parent_id: 1, name: 'Fondue' }, { ignoreDuplicates: true });
    expect(ignored.status).toBe(201);
    await sql('delete from public.p12_items where id = 4');
  });

  it('returns the count of an rpc called with count=exact', async () => {
    const set = await anonClient().rpc('p12_events_from', { min_id: 2 }, { count: 'exact' });
    expect(set.error).toBeNull();
    expect(set.count).toBe(2);
    const page = await anonClient().rpc('p12_events_from', { min_id: 1 }, { count: 'exact' }).range(0, 0);
    expect(page.count).toBe(3);
    expect(page.data).toHaveLength(1);
    const head = await anonClient().rpc('p12_events_from', { min_id: 1 }, { count: 'exact', head: true });
    expect(head.count).toBe(3);
  });
});

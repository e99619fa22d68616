/**
 * Conformance of the local `/rest/v1` with PostgREST, driven through the unchanged supabase-js
 * client: query grammar, writes, rpc, statuses, error bodies, and RLS decided per role.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { LOCAL_PUBLISHABLE_KEY, LOCAL_SECRET_KEY } from '../../tools/local-stack/jwt';
import { anonClient, resetDatabase, serviceClient, sql, stackEnv } from '../support/stack';

const ALICE = '0a000000-0000-4000-8000-00000000000a';
const BOB = '0b000000-0000-4000-8000-00000000000b';

async function signed(claims: Record<string, unknown>, expiresIn: string | number = '1h'): Promise<string> {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(expiresIn)
    .sign(new TextEncoder().encode(stackEnv().jwtSecret));
}

/** A client whose every request carries `token` as its Bearer JWT, as a signed-in session does. */
function clientWithToken(token: string): SupabaseClient {
  return createClient(stackEnv().apiUrl, stackEnv().anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { Authorization: `Bearer ${token}` } },
  });
}

async function userClient(sub: string): Promise<SupabaseClient> {
  return clientWithToken(
    await signed({ sub, role: 'authenticated', aud: 'authenticated', email: `${sub}@example.ch` }),
  );
}

/** Raw request to the REST API, for what supabase-js cannot send (bad JSON, HEAD details, ranges). */
function rest(path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (!headers.has('apikey')) headers.set('apikey', stackEnv().anonKey);
  return fetch(`${stackEnv().apiUrl}/rest/v1${path}`, { ...init, headers });
}

const SCHEMA = `
  create table public.conf_authors (
    id uuid primary key default gen_random_uuid(),
    name text not null unique,
    owner uuid
  );
  create table public.conf_books (
    id serial primary key,
    author_id uuid references public.conf_authors (id) on delete cascade,
    editor_id uuid references public.conf_authors (id),
    title text not null,
    tags text[] not null default '{}',
    price numeric(10,2),
    pages int check (pages > 0),
    published boolean not null default false,
    meta jsonb
  );
  create table public.conf_labels (id serial primary key, label text not null);
  create table public.conf_book_labels (
    book_id int references public.conf_books (id) on delete cascade,
    label_id int references public.conf_labels (id),
    primary key (book_id, label_id)
  );
  create table public.conf_notes (id serial primary key, body text);
  create table public.conf_locked (id serial primary key, body text);

  alter table public.conf_authors enable row level security;
  alter table public.conf_books enable row level security;
  alter table public.conf_notes enable row level security;
  alter table public.conf_locked enable row level security;

  create policy "read authors" on public.conf_authors for select using (true);
  create policy "own authors insert" on public.conf_authors for insert to authenticated with check (owner = auth.uid());
  create policy "own authors update" on public.conf_authors for update to authenticated using (owner = auth.uid());
  create policy "own authors delete" on public.conf_authors for delete to authenticated using (owner = auth.uid());
  create policy "published books" on public.conf_books for select using (published or auth.role() = 'authenticated');
  create policy "insert books" on public.conf_books for insert to authenticated with check (true);
  -- Anyone may drop a note, nobody may read them back (like an enquiry form).
  create policy "anyone writes notes" on public.conf_notes for insert to anon, authenticated with check (true);
  revoke all on public.conf_locked from anon, authenticated;

  create function public.conf_add(a int, b int default 10) returns int language sql immutable as $$ select a + b $$;
  create function public.conf_books_over(min_pages int) returns setof public.conf_books
    language sql stable as $$ select * from public.conf_books where pages >= min_pages $$;
  create function public.conf_author_named(p_name text) returns public.conf_authors
    language sql stable as $$ select * from public.conf_authors where name = p_name $$;
  create function public.conf_fail() returns void language plpgsql as $$
    begin raise exception 'EVENT_NOT_FOUND' using detail = 'no such event', hint = 'pick another'; end $$;
  create function public.conf_noop() returns void language sql as $$ select $$;
  create function public.conf_whoami() returns json language sql stable as $$
    select json_build_object('uid', auth.uid(), 'role', auth.role(), 'claims_role', current_setting('request.jwt.claims', true)::json->>'role', 'db_role', current_user) $$;
  create function public.conf_timeout() returns text language sql stable as $$ select current_setting('statement_timeout') $$;
  create function public.conf_write_note(p_body text) returns void language sql as $$
    insert into public.conf_notes (body) values (p_body) $$;
`;

const SEED = `
  insert into public.conf_authors (id, name, owner) values
    ('${ALICE}', 'Alice', '${ALICE}'), ('${BOB}', 'Bob', '${BOB}'), ('0c000000-0000-4000-8000-00000000000c', 'Carla', null);
  insert into public.conf_books (author_id, editor_id, title, tags, price, pages, published, meta) values
    ('${ALICE}', '${BOB}', 'Alpen', '{berg,schnee}', 12.50, 100, true, '{"lang":"de","rating":5}'),
    ('${ALICE}', null, 'Brot', '{essen}', 8.00, 40, true, '{"lang":"fr"}'),
    ('${BOB}', '${ALICE}', 'Chalet', '{berg}', null, 250, true, null),
    ('${BOB}', null, 'Draft', '{}', 1.00, 10, false, null);
  insert into public.conf_labels (id, label) values (1, 'Klassiker'), (2, 'Neu');
  insert into public.conf_book_labels (book_id, label_id)
    select b.id, l.id from public.conf_books b, public.conf_labels l
     where (b.title = 'Alpen') or (b.title = 'Chalet' and l.label = 'Neu');
`;

beforeAll(async () => {
  await resetDatabase();
  await sql(SCHEMA);
  await sql(SEED);
});

describe('select', () => {
  it('returns columns, aliases, casts and json paths', async () => {
    const { data, error } = await anonClient()
      .from('conf_books')
      .select('title, label:title, price::text, lang:meta->>lang, rating:meta->rating')
      .eq('title', 'Alpen');
    expect(error).toBeNull();
    expect(data).toEqual([{ title: 'Alpen', label: 'Alpen', price: '12.50', lang: 'de', rating: 5 }]);
  });

  it('embeds many-to-one as an object and one-to-many as an array', async () => {
    const { data, error } = await anonClient()
      .from('conf_authors')
      .select('name, books:conf_books!author_id(title)')
      .order('name')
      .order('title', { referencedTable: 'books' });
    expect(error).toBeNull();
    expect(data).toEqual([
      { name: 'Alice', books: [{ title: 'Alpen' }, { title: 'Brot' }] },
      { name: 'Bob', books: [{ title: 'Chalet' }] },
      { name: 'Carla', books: [] },
    ]);
    const single = await anonClient()
      .from('conf_books')
      .select('title, author:author_id(name), editor:conf_authors!editor_id(name)')
      .eq('title', 'Brot');
    expect(single.data).toEqual([{ title: 'Brot', author: { name: 'Alice' }, editor: null }]);
  });

  it('filters parents with !inner and children with rel.column', async () => {
    const inner = await anonClient()
      .from('conf_authors')
      .select('name, conf_books!author_id!inner(title)')
      .eq('conf_books.title', 'Chalet');
    expect(inner.data).toEqual([{ name: 'Bob', conf_books: [{ title: 'Chalet' }] }]);
    const left = await anonClient()
      .from('conf_authors')
      .select('name, conf_books!author_id(title)')
      .eq('conf_books.title', 'Chalet')
      .order('name');
    expect(left.data?.map((row) => row.conf_books.length)).toEqual([0, 1, 0]);
  });

  it('embeds many-to-many through a junction table', async () => {
    const { data, error } = await anonClient()
      .from('conf_books')
      .select('title, conf_labels(label)')
      .in('title', ['Alpen', 'Brot', 'Chalet'])
      .order('title')
      .order('label', { referencedTable: 'conf_labels' });
    expect(error).toBeNull();
    expect(data).toEqual([
      { title: 'Alpen', conf_labels: [{ label: 'Klassiker' }, { label: 'Neu' }] },
      { title: 'Brot', conf_labels: [] },
      { title: 'Chalet', conf_labels: [{ label: 'Neu' }] },
    ]);
  });

  it('spreads a many-to-one embed into the parent and refuses to spread a to-many one', async () => {
    const spread = await anonClient()
      .from('conf_books')
      .select('title, ...conf_authors!author_id(author:name)')
      .eq('title', 'Chalet');
    expect(spread.data).toEqual([{ title: 'Chalet', author: 'Bob' }]);
    const toMany = await anonClient().from('conf_authors').select('name, ...conf_books!author_id(title)');
    expect(toMany.status).toBe(400);
    expect(toMany.error?.code).toBe('PGRST119');
  });

  it('answers an ambiguous embed with 300 PGRST201 and an unknown one with 400 PGRST200', async () => {
    const ambiguous = await anonClient().from('conf_books').select('title, conf_authors(name)');
    expect(ambiguous.status).toBe(300);
    expect(ambiguous.error?.code).toBe('PGRST201');
    const unknown = await anonClient().from('conf_books').select('title, conf_notes(body)');
    expect(unknown.status).toBe(400);
    expect(unknown.error?.code).toBe('PGRST200');
  });

  it('supports every filter operator supabase-js sends', async () => {
    const titles = async (query: PromiseLike<{ data: { title: string }[] | null; error: unknown }>) => {
      const { data, error } = await query;
      expect(error).toBeNull();
      return (data ?? []).map((row) => row.title).sort();
    };
    const books = () => anonClient().from('conf_books').select('title');
    expect(await titles(books().eq('pages', 100))).toEqual(['Alpen']);
    expect(await titles(books().neq('title', 'Alpen'))).toEqual(['Brot', 'Chalet']);
    expect(await titles(books().gt('pages', 40))).toEqual(['Alpen', 'Chalet']);
    expect(await titles(books().gte('pages', 40))).toEqual(['Alpen', 'Brot', 'Chalet']);
    expect(await titles(books().lt('pages', 100))).toEqual(['Brot']);
    expect(await titles(books().lte('pages', 100))).toEqual(['Alpen', 'Brot']);
    expect(await titles(books().like('title', '%l%'))).toEqual(['Alpen', 'Chalet']);
    expect(await titles(books().ilike('title', 'a%'))).toEqual(['Alpen']);
    expect(await titles(books().in('title', ['Brot', 'Chalet', 'x,y']))).toEqual(['Brot', 'Chalet']);
    expect(await titles(books().is('price', null))).toEqual(['Chalet']);
    expect(await titles(books().not('price', 'is', null))).toEqual(['Alpen', 'Brot']);
    expect(await titles(books().contains('tags', ['berg']))).toEqual(['Alpen', 'Chalet']);
    expect(await titles(books().containedBy('tags', ['berg', 'essen']))).toEqual(['Brot', 'Chalet']);
    expect(await titles(books().or('title.eq.Brot,and(pages.gt.200,tags.cs.{berg})'))).toEqual([
      'Brot',
      'Chalet',
    ]);
    expect(await titles(books().not('title', 'in', '(Alpen,Brot)'))).toEqual(['Chalet']);
  });

  it('orders by several columns with nulls first or last, and pages with range and limit', async () => {
    const ordered = await anonClient()
      .from('conf_books')
      .select('title')
      .order('price', { ascending: false, nullsFirst: true })
      .order('title');
    expect(ordered.data?.map((row) => row.title)).toEqual(['Chalet', 'Alpen', 'Brot']);
    const nullsLast = await anonClient()
      .from('conf_books')
      .select('title')
      .order('price', { ascending: true, nullsFirst: false });
    expect(nullsLast.data?.map((row) => row.title)).toEqual(['Brot', 'Alpen', 'Chalet']);
    const page = await anonClient()
      .from('conf_books')
      .select('title', { count: 'exact' })
      .order('title')
      .range(1, 1);
    expect(page.data).toEqual([{ title: 'Brot' }]);
    expect(page.count).toBe(3);
    expect(page.status).toBe(206);
    const limited = await anonClient().from('conf_books').select('title').order('title').limit(2);
    expect(limited.data).toEqual([{ title: 'Alpen' }, { title: 'Brot' }]);
  });

  it('counts exactly, also with HEAD, and sets Content-Range', async () => {
    const head = await anonClient().from('conf_books').select('*', { count: 'exact', head: true });
    expect(head.count).toBe(3);
    expect(head.data).toBeNull();
    const raw = await rest('/conf_books?select=id&order=id', {
      headers: { Range: '0-1', Prefer: 'count=exact' },
    });
    expect(raw.status).toBe(206);
    expect(raw.headers.get('content-range')).toBe('0-1/3');
    const empty = await rest('/conf_books?select=id&title=eq.none');
    expect(empty.headers.get('content-range')).toBe('*/*');
    const beyond = await rest('/conf_books?select=id&offset=10', { headers: { Prefer: 'count=exact' } });
    expect(beyond.status).toBe(416);
    expect((await beyond.json()).code).toBe('PGRST103');
  });

  it('answers csv() with a header line and one line per row', async () => {
    const { data, error } = await anonClient()
      .from('conf_books')
      .select('title, pages, tags')
      .in('title', ['Alpen', 'Brot'])
      .order('title')
      .csv();
    expect(error).toBeNull();
    expect(data).toBe('title,pages,tags\nAlpen,100,"{berg,schnee}"\nBrot,40,{essen}');
  });

  it('answers single() with an object and PGRST116 (406) unless exactly one row', async () => {
    const one = await anonClient().from('conf_books').select('title').eq('title', 'Brot').single();
    expect(one.data).toEqual({ title: 'Brot' });
    const many = await anonClient().from('conf_books').select('title').single();
    expect(many.status).toBe(406);
    expect(many.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 3 rows' });
    const none = await anonClient().from('conf_books').select('title').eq('title', 'none').maybeSingle();
    expect(none).toMatchObject({ data: null, error: null });
  });
});

describe('row-level security per role', () => {
  it('lets anon read only published rows, authenticated all, service role everything', async () => {
    const count = async (client: SupabaseClient) =>
      (await client.from('conf_books').select('id', { count: 'exact', head: true })).count;
    expect(await count(anonClient())).toBe(3);
    expect(await count(await userClient(ALICE))).toBe(4);
    expect(await count(serviceClient())).toBe(4);
  });

  it('takes the new publishable and secret keys as anon and service role, and refuses unknown ones', async () => {
    const withKey = (key: string) =>
      createClient(stackEnv().apiUrl, key, { auth: { persistSession: false, autoRefreshToken: false } });
    const count = async (client: SupabaseClient) =>
      (await client.from('conf_books').select('id', { count: 'exact', head: true })).count;
    expect(await count(withKey(LOCAL_PUBLISHABLE_KEY))).toBe(3);
    expect(await count(withKey(LOCAL_SECRET_KEY))).toBe(4);
    expect((await withKey(LOCAL_SECRET_KEY).rpc('conf_whoami')).data).toMatchObject({
      role: 'service_role',
      db_role: 'service_role',
    });
    const unknown = await withKey('sb_secret_not-this-project').from('conf_books').select('id');
    expect(unknown.status).toBe(401);
  });

  it('sets auth.uid(), auth.role() and the database role from the JWT', async () => {
    const anon = await anonClient().rpc('conf_whoami');
    expect(anon.data).toEqual({ uid: null, role: 'anon', claims_role: 'anon', db_role: 'anon' });
    const alice = await (await userClient(ALICE)).rpc('conf_whoami');
    expect(alice.data).toEqual({
      uid: ALICE,
      role: 'authenticated',
      claims_role: 'authenticated',
      db_role: 'authenticated',
    });
    const service = await serviceClient().rpc('conf_whoami');
    expect(service.data).toMatchObject({ role: 'service_role', db_role: 'service_role' });
  });

  it("applies the role's own statement_timeout, as PostgREST does", async () => {
    const [anonRole] = await sql<{ timeout: string | null }>(
      `select (select split_part(c, '=', 2) from unnest(s.setconfig) c where c like 'statement_timeout=%') as timeout
         from pg_db_role_setting s join pg_roles r on r.oid = s.setrole where r.rolname = 'anon'`,
    );
    expect(anonRole?.timeout).toBeTruthy();
    expect((await anonClient().rpc('conf_timeout')).data).toBe(anonRole?.timeout);
  });

  it('rejects a write failing WITH CHECK with 42501: 401 for anon, 403 when signed in', async () => {
    const asAnon = await anonClient().from('conf_authors').insert({ name: 'Eve', owner: ALICE });
    expect(asAnon.status).toBe(401);
    expect(asAnon.error).toMatchObject({
      code: '42501',
      message: 'new row violates row-level security policy for table "conf_authors"',
    });
    const asBob = await (await userClient(BOB)).from('conf_authors').insert({ name: 'Eve', owner: ALICE });
    expect(asBob.status).toBe(403);
    expect(asBob.error?.code).toBe('42501');
    expect(await sql("select 1 from public.conf_authors where name = 'Eve'")).toHaveLength(0);
  });

  it('answers a missing grant with 42501 permission denied', async () => {
    const { status, error } = await anonClient().from('conf_locked').select('*');
    expect(status).toBe(401);
    expect(error).toMatchObject({ code: '42501', message: 'permission denied for table conf_locked' });
    expect((await (await userClient(ALICE)).from('conf_locked').select('*')).status).toBe(403);
  });

  it('skips rows the caller may not update or delete, without an error', async () => {
    const bob = await userClient(BOB);
    const update = await bob.from('conf_authors').update({ name: 'Alicia' }).eq('id', ALICE).select();
    expect(update).toMatchObject({ data: [], error: null, status: 200 });
    const remove = await bob.from('conf_authors').delete().eq('id', ALICE);
    expect(remove.error).toBeNull();
    expect(await sql('select name from public.conf_authors where id = $1', [ALICE])).toEqual([
      { name: 'Alice' },
    ]);
  });

  it('inserts without RETURNING when no representation is asked, as a write-only form needs', async () => {
    const plain = await anonClient().from('conf_notes').insert({ body: 'hallo' });
    expect(plain).toMatchObject({ error: null, status: 201 });
    const readBack = await anonClient().from('conf_notes').insert({ body: 'zurück' }).select();
    expect(readBack.error?.code).toBe('42501');
    expect(await sql('select body from public.conf_notes order by id')).toEqual([{ body: 'hallo' }]);
  });
});

describe('writes', () => {
  it('inserts one row and returns it with representation (201)', async () => {
    const alice = await userClient(ALICE);
    const { data, status, error } = await alice
      .from('conf_books')
      .insert({ author_id: ALICE, title: 'Eiger', pages: 7 })
      .select('title, pages, tags, author:author_id(name)')
      .single();
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toEqual({ title: 'Eiger', pages: 7, tags: [], author: { name: 'Alice' } });
  });

  it('inserts in bulk with columns=, missing keys null or (missing=default) the column default', async () => {
    const alice = await userClient(ALICE);
    const bulk = await alice
      .from('conf_books')
      .insert([
        { title: 'Fondue', pages: 3 },
        { title: 'Gipfel', tags: ['berg'] },
      ])
      .select('title, pages, tags');
    expect(bulk.error?.code).toBe('23502');
    const nulls = await alice
      .from('conf_books')
      .insert([
        { title: 'Fondue', pages: 3, tags: ['käse'] },
        { title: 'Gipfel', tags: ['berg'] },
      ])
      .select('title, pages');
    expect(nulls.data).toEqual([
      { title: 'Fondue', pages: 3 },
      { title: 'Gipfel', pages: null },
    ]);
    const defaults = await alice
      .from('conf_books')
      .insert(
        [
          { title: 'Hütte', pages: 3 },
          { title: 'Iglu', tags: ['eis'] },
        ],
        { defaultToNull: false },
      )
      .select('title, tags');
    expect(defaults.data).toEqual([
      { title: 'Hütte', tags: [] },
      { title: 'Iglu', tags: ['eis'] },
    ]);
  });

  it('answers return=headers-only with the Location of the new row', async () => {
    const response = await rest('/conf_labels', {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${stackEnv().serviceRoleKey}`,
        'Content-Type': 'application/json',
        Prefer: 'return=headers-only',
      },
      body: JSON.stringify({ id: 7, label: 'Sieben' }),
    });
    expect(response.status).toBe(201);
    expect(response.headers.get('location')).toBe('/conf_labels?id=eq.7');
    expect(await response.text()).toBe('');
  });

  it('upserts with on_conflict, merging or ignoring duplicates', async () => {
    const alice = await userClient(ALICE);
    const merged = await alice
      .from('conf_authors')
      .upsert({ name: 'Alice', owner: ALICE, id: ALICE }, { onConflict: 'name' })
      .select('id, name');
    expect(merged.error).toBeNull();
    expect(merged.data).toEqual([{ id: ALICE, name: 'Alice' }]);
    const ignored = await serviceClient()
      .from('conf_authors')
      .upsert({ name: 'Bob', owner: ALICE }, { onConflict: 'name', ignoreDuplicates: true })
      .select();
    expect(ignored.data).toEqual([]);
    expect(await sql("select owner from public.conf_authors where name = 'Bob'")).toEqual([{ owner: BOB }]);
  });

  it('updates with filters: 204 minimal, 200 with representation, Content-Range count', async () => {
    const service = serviceClient();
    const minimal = await service
      .from('conf_books')
      .update({ price: 9.5 }, { count: 'exact' })
      .eq('title', 'Brot');
    expect(minimal).toMatchObject({ status: 204, count: 1, error: null });
    const represented = await service
      .from('conf_books')
      .update({ published: false })
      .eq('title', 'Brot')
      .select('title, published, price');
    expect(represented).toMatchObject({
      status: 200,
      data: [{ title: 'Brot', published: false, price: 9.5 }],
    });
  });

  it('rolls a write back when single() sees more than one row', async () => {
    const result = await serviceClient()
      .from('conf_books')
      .update({ pages: 999 })
      .gt('pages', 0)
      .select()
      .single();
    expect(result.status).toBe(406);
    expect(result.error?.code).toBe('PGRST116');
    expect(await sql('select 1 from public.conf_books where pages = 999')).toHaveLength(0);
  });

  it('deletes with filters and returns the deleted rows on request', async () => {
    const removed = await serviceClient().from('conf_books').delete().eq('title', 'Draft').select('title');
    expect(removed).toMatchObject({ status: 200, data: [{ title: 'Draft' }] });
    const none = await serviceClient().from('conf_books').delete().eq('title', 'Draft');
    expect(none).toMatchObject({ status: 204, error: null });
  });

  it('refuses an UPDATE or DELETE without filters, as pg-safeupdate does on Supabase', async () => {
    const before = await sql('select count(*)::int as n from public.conf_books');
    const update = await serviceClient().from('conf_books').update({ pages: 1 });
    expect(update.status).toBe(400);
    expect(update.error).toMatchObject({ code: '21000', message: 'UPDATE requires a WHERE clause' });
    const remove = await serviceClient().from('conf_books').delete();
    expect(remove.error).toMatchObject({ code: '21000', message: 'DELETE requires a WHERE clause' });
    expect(await sql('select count(*)::int as n from public.conf_books')).toEqual(before);
  });

  it('maps constraint violations to PostgREST statuses', async () => {
    const service = serviceClient();
    const unique = await service.from('conf_authors').insert({ name: 'Alice' });
    expect(unique.status).toBe(409);
    expect(unique.error?.code).toBe('23505');
    const foreign = await service
      .from('conf_books')
      .insert({ title: 'Waise', author_id: '0f000000-0000-4000-8000-00000000000f' });
    expect(foreign.status).toBe(409);
    expect(foreign.error).toMatchObject({
      code: '23503',
      details: expect.stringContaining('is not present'),
    });
    const check = await service.from('conf_books').insert({ title: 'Null', pages: 0 });
    expect(check.status).toBe(400);
    expect(check.error?.code).toBe('23514');
    const type = await service.from('conf_books').select('id').eq('pages', 'viele');
    expect(type.status).toBe(400);
    expect(type.error?.code).toBe('22P02');
  });
});

describe('rpc', () => {
  it('returns scalars, single rows as objects and sets as filterable arrays', async () => {
    expect((await anonClient().rpc('conf_add', { a: 1 })).data).toBe(11);
    expect((await anonClient().rpc('conf_add', { a: 1, b: 2 }, { get: true })).data).toBe(3);
    const row = await anonClient().rpc('conf_author_named', { p_name: 'Bob' });
    expect(row.data).toEqual({ id: BOB, name: 'Bob', owner: BOB });
    const set = await anonClient()
      .rpc('conf_books_over', { min_pages: 50 })
      .select('title')
      .order('title', { ascending: false });
    expect(set.data).toEqual([{ title: 'Chalet' }, { title: 'Alpen' }]);
    const limited = await anonClient()
      .rpc('conf_books_over', { min_pages: 1 })
      .select('title')
      .order('title')
      .limit(1);
    expect(limited.data).toEqual([{ title: 'Alpen' }]);
  });

  it('answers void with 204 and RAISE with P0001, details and hint', async () => {
    expect(await anonClient().rpc('conf_noop')).toMatchObject({ status: 204, data: null, error: null });
    const failed = await anonClient().rpc('conf_fail');
    expect(failed.status).toBe(400);
    expect(failed.error).toEqual({
      code: 'P0001',
      message: 'EVENT_NOT_FOUND',
      details: 'no such event',
      hint: 'pick another',
    });
  });

  it('answers an unknown function or argument with 404 PGRST202', async () => {
    const unknown = await anonClient().rpc('conf_nope');
    expect(unknown.status).toBe(404);
    expect(unknown.error?.code).toBe('PGRST202');
    const wrongArg = await anonClient().rpc('conf_add', { x: 1 });
    expect(wrongArg.error?.code).toBe('PGRST202');
  });

  it('runs GET calls read-only: a writing function fails with 405', async () => {
    const viaGet = await anonClient().rpc('conf_write_note', { p_body: 'get' }, { get: true });
    expect(viaGet.status).toBe(405);
    expect(viaGet.error?.code).toBe('25006');
    const viaPost = await anonClient().rpc('conf_write_note', { p_body: 'post' });
    expect(viaPost).toMatchObject({ status: 204, error: null });
    expect(await sql("select body from public.conf_notes where body in ('get', 'post')")).toEqual([
      { body: 'post' },
    ]);
  });
});

describe('bad input', () => {
  it('answers an unknown table with 404 PGRST205 and an unknown column with 400', async () => {
    const table = await anonClient().from('conf_nothing').select('*');
    expect(table.status).toBe(404);
    expect(table.error?.code).toBe('PGRST205');
    const column = await anonClient().from('conf_books').select('nope');
    expect(column.status).toBe(400);
    expect(column.error?.code).toBe('42703');
    const insertColumn = await serviceClient().from('conf_books').insert({ title: 'x', nope: 1 });
    expect(insertColumn.status).toBe(400);
    expect(insertColumn.error?.code).toBe('PGRST204');
  });

  it('sees tables created after its catalog was read', async () => {
    await anonClient().from('conf_books').select('id').limit(1);
    await sql(
      'create table public.conf_late (id int primary key); grant select on public.conf_late to anon; insert into public.conf_late values (1)',
    );
    expect((await anonClient().from('conf_late').select('id')).data).toEqual([{ id: 1 }]);
  });

  it('answers malformed JSON with 400 PGRST102 and oversized bodies with 413', async () => {
    const bad = await rest('/conf_notes', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"body": ',
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({
      code: 'PGRST102',
      message: 'Empty or invalid json',
      details: null,
      hint: null,
    });
    const big = await rest('/conf_notes', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ body: 'x'.repeat(1_100_000) }),
    });
    expect(big.status).toBe(413);
  });

  it('answers parse errors with 400 PGRST100', async () => {
    const response = await rest('/conf_books?select=title&pages=between.1.2');
    expect(response.status).toBe(400);
    expect((await response.json()).code).toBe('PGRST100');
  });

  it('treats injection attempts as names or values, never as SQL', async () => {
    const anon = anonClient();
    const value = await anon.from('conf_books').select('title').eq('title', "Alpen' or '1'='1");
    expect(value).toMatchObject({ data: [], error: null });
    const column = await rest(
      `/conf_books?select=${encodeURIComponent('title,"x"; drop table conf_books; --')}`,
    );
    expect(column.status).toBe(400);
    const order = await anon.from('conf_books').select('title').order('title; drop table conf_books');
    expect(order.status).toBe(400);
    const filterColumn = await rest(`/conf_books?${encodeURIComponent('title) or (1=1')}=eq.x`);
    expect(filterColumn.status).toBe(400);
    const inList = await anon.from('conf_books').select('title').in('title', ["') or true --"]);
    expect(inList).toMatchObject({ data: [], error: null });
    expect(await sql('select count(*)::int as n from public.conf_books')).not.toEqual([{ n: 0 }]);
  });

  it('rejects forged and expired JWTs with 401 PGRST301', async () => {
    const valid = await signed({ sub: ALICE, role: 'authenticated' });
    const forged = `${valid.slice(0, valid.lastIndexOf('.'))}.${'A'.repeat(43)}`;
    const forgedResult = await clientWithToken(forged).from('conf_books').select('id');
    expect(forgedResult.status).toBe(401);
    expect(forgedResult.error?.code).toBe('PGRST301');
    const expired = await signed({ sub: ALICE, role: 'authenticated' }, Math.floor(Date.now() / 1000) - 3600);
    const expiredResult = await clientWithToken(expired).from('conf_books').select('id');
    expect(expiredResult.status).toBe(401);
    expect(expiredResult.error).toMatchObject({ code: 'PGRST301', message: 'JWT expired' });
    const otherSecret = await new SignJWT({ role: 'service_role' })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('another-secret-that-is-at-least-32-characters'));
    expect((await clientWithToken(otherSecret).from('conf_books').select('id')).status).toBe(401);
  });

  it('refuses schemas other than public with 406 PGRST106', async () => {
    const response = await rest('/conf_books', { headers: { 'Accept-Profile': 'auth' } });
    expect(response.status).toBe(406);
    expect((await response.json()).code).toBe('PGRST106');
  });
});

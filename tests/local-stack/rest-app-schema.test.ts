/**
 * The REST gateway against the project's own migrated and seeded schema: the request shapes
 * the app's data layer sends (embeds, nulls ordering, rpc returning jsonb, rows and void,
 * RAISE codes) answered as PostgREST answers them, with RLS per role.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { SignJWT } from 'jose';
import { anonClient, createUser, resetDatabase, serviceClient, sql, stackEnv } from '../support/stack';

const BRUNCH = 'a1000000-0000-4000-8000-000000000001';
const DRAFT = 'a1000000-0000-4000-8000-000000000004';

async function clientFor(sub: string, email: string): Promise<SupabaseClient> {
  const token = await new SignJWT({ sub, email, role: 'authenticated', aud: 'authenticated' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(stackEnv().jwtSecret));
  return createClient(stackEnv().apiUrl, stackEnv().anonKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    global: { headers: { Authorization: `Bearer ${token}` } },
  });
}

let admin: SupabaseClient;
let stranger: SupabaseClient;

beforeAll(async () => {
  await resetDatabase();
  const adminUser = await createUser({ email: 'rest-admin@example.ch', password: 'pw-123456', admin: true });
  const strangerUser = await createUser({ email: 'rest-user@example.ch', password: 'pw-123456' });
  admin = await clientFor(adminUser.id, adminUser.email);
  stranger = await clientFor(strangerUser.id, strangerUser.email);
});

describe('events and participants as the app reads them', () => {
  it('shows visitors published events only, in date order', async () => {
    const { data, error } = await anonClient()
      .from('events')
      .select('id, title, start_date, status')
      .eq('status', 'published')
      .order('start_date', { ascending: true });
    expect(error).toBeNull();
    expect(data?.length).toBeGreaterThan(0);
    expect(data?.every((event) => event.status === 'published')).toBe(true);
    const dates = (data ?? []).map((event) => event.start_date ?? '');
    expect(dates).toEqual([...dates].sort());
    const draft = await anonClient().from('events').select('id').eq('id', DRAFT).maybeSingle();
    expect(draft).toMatchObject({ data: null, error: null });
  });

  it('embeds the event of each participant for admins and shows visitors no participant', async () => {
    const { data, error } = await admin
      .from('participants')
      .select('id, name, email, created_at, event:events(title)')
      .order('created_at', { ascending: false })
      .limit(3);
    expect(error).toBeNull();
    expect(data).toHaveLength(3);
    // Untyped client: supabase-js cannot know that a many-to-one embed is an object.
    const first = data?.[0] as unknown as { event: { title: string } | null };
    expect(typeof first.event?.title).toBe('string');
    // Without a grant the answer is 42501, with one RLS filters everything: no rows either way.
    for (const client of [anonClient(), stranger]) {
      const { data, error } = await client.from('participants').select('id');
      expect(data ?? []).toEqual([]);
      if (error) expect(error.code).toBe('42501');
    }
  });

  it('lets an admin save an event and read it back as one object', async () => {
    const { data, error, status } = await admin
      .from('events')
      .update({ subtitle: 'Neu am Morgen' })
      .eq('id', BRUNCH)
      .select()
      .single();
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toMatchObject({ id: BRUNCH, subtitle: 'Neu am Morgen' });
    const denied = await stranger
      .from('events')
      .update({ subtitle: 'Fremd' })
      .eq('id', BRUNCH)
      .select()
      .single();
    expect(denied.error?.code).toBe('PGRST116');
    expect(await sql('select subtitle from public.events where id = $1', [BRUNCH])).toEqual([
      { subtitle: 'Neu am Morgen' },
    ]);
  });
});

describe('the SQL functions of the contract over rpc', () => {
  it('registers (as the register-for-event function: service role) and returns the jsonb answer', async () => {
    const { data, error } = await serviceClient().rpc('register_for_event', {
      p_event_id: BRUNCH,
      p_name: 'Heidi Muster',
      p_email: 'heidi@example.ch',
      p_phone: '+41 79 000 00 00',
      p_payment_method: 'onsite',
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({
      participant_id: expect.any(String),
      status: 'confirmed',
      payment_state: 'pending',
    });
  });

  it('passes RAISE EXCEPTION codes through as P0001 with status 400', async () => {
    const { error, status } = await serviceClient().rpc('register_for_event', {
      p_event_id: DRAFT,
      p_name: 'Heidi Muster',
      p_email: 'heidi@example.ch',
      p_phone: '+41 79 000 00 00',
      p_payment_method: 'onsite',
    });
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: 'P0001', message: 'EVENT_NOT_FOUND' });
  });

  it('returns a row-returning admin function as one object, and 403 for non-admins', async () => {
    const cloned = await admin.rpc('admin_clone_event', { p_event_id: BRUNCH });
    expect(cloned.error).toBeNull();
    expect(cloned.data).toMatchObject({ title: expect.stringContaining('Breathwork'), status: 'draft' });
    expect(Array.isArray(cloned.data)).toBe(false);
    const denied = await stranger.rpc('admin_clone_event', { p_event_id: BRUNCH });
    expect(denied.status).toBe(403);
    expect(denied.error?.code).toBe('42501');
    const anonymous = await anonClient().rpc('admin_dashboard_stats');
    expect([401, 403]).toContain(anonymous.status);
  });

  it('answers is_admin() with a bare boolean per caller', async () => {
    expect((await admin.rpc('is_admin')).data).toBe(true);
    expect((await stranger.rpc('is_admin')).data).toBe(false);
    expect((await anonClient().rpc('is_admin')).data).toBe(false);
  });
});

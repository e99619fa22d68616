import type { SupabaseClient } from '@supabase/supabase-js';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  anonClient,
  createUser,
  resetDatabase,
  serviceClient,
  signedInClient,
  sql,
  stackEnv,
} from '../support/stack';

// The trust rules as the app meets them: supabase-js through the local gateway (REST and
// Storage), on the seeded database. The SQL-level matrix is in rls-matrix.test.ts.

const BREATHWORK_BRUNCH = 'a1000000-0000-4000-8000-000000000001'; // published, with participants
const WALDBADEN_DRAFT = 'a1000000-0000-4000-8000-000000000004';
const PASTA_SOLD_OUT = 'a1000000-0000-4000-8000-000000000008';
const FERMENTIEREN_CANCELLED = 'a1000000-0000-4000-8000-000000000009';

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0]);
const png = () => new Blob([PNG], { type: 'image/png' });

let visitor: SupabaseClient;
let member: SupabaseClient;
let admin: SupabaseClient;

beforeAll(async () => {
  await resetDatabase();
  visitor = anonClient();
  const memberUser = await createUser({ email: 'mitglied@example.ch', password: 'mitglied-123' });
  const adminUser = await createUser({ email: 'chefin@example.ch', password: 'chefin-123', admin: true });
  member = await signedInClient(memberUser.email, memberUser.password);
  admin = await signedInClient(adminUser.email, adminUser.password);
});

describe('events and participants through REST', () => {
  it('a visitor reads published events only', async () => {
    const { data, error } = await visitor
      .from('events')
      .select('id, status')
      .in('id', [BREATHWORK_BRUNCH, WALDBADEN_DRAFT]);
    expect(error).toBeNull();
    expect(data).toEqual([{ id: BREATHWORK_BRUNCH, status: 'published' }]);
  });

  it('a visitor cannot read participants, not even embedded in events', async () => {
    const embedded = await visitor
      .from('events')
      .select('id, participants(email)')
      .eq('id', BREATHWORK_BRUNCH);
    expect(embedded.data).toBeNull();
    expect(embedded.error?.code).toBe('42501');
    const direct = await visitor.from('participants').select('email');
    expect(direct.error?.code).toBe('42501');
  });

  it('a signed-in non-admin sees no participants in the embed; an admin sees them', async () => {
    const asMember = await member
      .from('events')
      .select('id, participants(email)')
      .eq('id', BREATHWORK_BRUNCH)
      .single();
    expect(asMember.error).toBeNull();
    expect(asMember.data?.participants).toEqual([]);

    const asAdmin = await admin
      .from('events')
      .select('id, participants(email)')
      .eq('id', BREATHWORK_BRUNCH)
      .single();
    expect(asAdmin.error).toBeNull();
    expect(asAdmin.data?.participants.length).toBe(3);
  });

  it('a signed-in non-admin cannot publish a draft; an admin can', async () => {
    const attempt = await member
      .from('events')
      .update({ status: 'published' })
      .eq('id', WALDBADEN_DRAFT)
      .select();
    expect(attempt.data).toEqual([]);
    expect(
      (await sql<{ status: string }>('select status from events where id = $1', [WALDBADEN_DRAFT]))[0]
        ?.status,
    ).toBe('draft');

    const published = await admin
      .from('events')
      .update({ status: 'published' })
      .eq('id', WALDBADEN_DRAFT)
      .select('status');
    expect(published.data).toEqual([{ status: 'published' }]);
  });

  it('an admin saving a whole event row cannot change the participant count', async () => {
    const { data } = await admin
      .from('events')
      .update({ current_participants: 0, title: 'Breathwork & Brunch' })
      .eq('id', BREATHWORK_BRUNCH)
      .select('current_participants')
      .single();
    expect(data?.current_participants).toBe(2);
  });
});

describe('admin rights', () => {
  it('a signed-in non-admin cannot raise their own is_admin', async () => {
    const { data: user } = await member.auth.getUser();
    const attempt = await member.from('profiles').update({ is_admin: true }).eq('id', user.user!.id).select();
    expect(attempt.data ?? []).toEqual([]);
    const check = await member.rpc('is_admin');
    expect(check.data).toBe(false);
    expect((await admin.rpc('is_admin')).data).toBe(true);
  });

  it('admin functions answer 42501 to visitors and non-admins, and work for admins', async () => {
    const asVisitor = await visitor.rpc('admin_dashboard_stats');
    const asMember = await member.rpc('admin_dashboard_stats');
    expect(asVisitor.error?.code).toBe('42501');
    expect(asMember.error?.code).toBe('42501');

    const asAdmin = await admin.rpc('admin_dashboard_stats');
    expect(asAdmin.error).toBeNull();
    expect(asAdmin.data).toMatchObject({ total_events: 11 });

    const clone = await member.rpc('admin_clone_event', { p_event_id: BREATHWORK_BRUNCH });
    expect(clone.error?.code).toBe('42501');
  });
});

describe('registration through REST', () => {
  const form = {
    p_name: 'Vera Besuch',
    p_email: 'vera@example.ch',
    p_phone: '+41 79 123 45 67',
    p_payment_method: 'onsite',
  };

  it('visitors and signed-in users may not call it directly (the edge function checks the challenge first)', async () => {
    for (const caller of [visitor, member]) {
      const { error } = await caller.rpc('register_for_event', { ...form, p_event_id: BREATHWORK_BRUNCH });
      expect(error?.code).toBe('42501');
    }
  });

  it('the service role (register-for-event function) registers and gets a token', async () => {
    const { data, error } = await serviceClient().rpc('register_for_event', {
      ...form,
      p_event_id: BREATHWORK_BRUNCH,
    });
    expect(error).toBeNull();
    expect(data).toMatchObject({ status: 'confirmed', payment_status: 'pending' });
    expect(data.confirmation_token).toMatch(/^[0-9a-f]{64}$/);
  });

  it.each([
    [PASTA_SOLD_OUT, 'EVENT_SOLD_OUT'],
    [FERMENTIEREN_CANCELLED, 'EVENT_CANCELLED'],
  ])('refuses %s with %s (P0001)', async (eventId, message) => {
    const { error } = await serviceClient().rpc('register_for_event', { ...form, p_event_id: eventId });
    expect({ code: error?.code, message: error?.message }).toEqual({ code: 'P0001', message });
  });

  it('names the invalid field in details', async () => {
    const { error } = await serviceClient().rpc('register_for_event', {
      ...form,
      p_email: 'keine-adresse',
      p_event_id: BREATHWORK_BRUNCH,
    });
    expect({ message: error?.message, details: error?.details }).toEqual({
      message: 'INVALID_INPUT',
      details: 'email',
    });
  });
});

describe('event images in storage', () => {
  it('visitors and non-admins cannot upload; an admin can, and anyone downloads by the public URL', async () => {
    const asVisitor = await visitor.storage.from('event-images').upload('besuch.png', png());
    const asMember = await member.storage.from('event-images').upload('mitglied.png', png());
    expect(asVisitor.error).not.toBeNull();
    expect(asMember.error).not.toBeNull();

    const asAdmin = await admin.storage
      .from('event-images')
      .upload('events/bild.png', png(), { cacheControl: '3600' });
    expect(asAdmin.error).toBeNull();
    const url = visitor.storage.from('event-images').getPublicUrl('events/bild.png').data.publicUrl;
    expect(url.startsWith(stackEnv().apiUrl)).toBe(true);
    const download = await fetch(url);
    expect(download.status).toBe(200);
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(PNG);
  });

  it('non-admins cannot delete an image', async () => {
    await admin.storage.from('event-images').upload('events/bleibt.png', png());
    await member.storage.from('event-images').remove(['events/bleibt.png']);
    const rows = await sql(
      `select 1 from storage.objects where bucket_id = 'event-images' and name = 'events/bleibt.png'`,
    );
    expect(rows).toHaveLength(1);
  });

  it('the bucket refuses other file types and files over 4 MB', async () => {
    const pdf = await admin.storage
      .from('event-images')
      .upload('events/doc.pdf', new Blob(['%PDF-1.4'], { type: 'application/pdf' }));
    expect(pdf.error).not.toBeNull();
    const big = await admin.storage
      .from('event-images')
      .upload('events/gross.png', new Blob([new Uint8Array(4 * 1024 * 1024 + 1)], { type: 'image/png' }));
    expect(big.error).not.toBeNull();
  });
});

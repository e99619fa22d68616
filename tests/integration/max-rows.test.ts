import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { signInAsAdmin } from '@/features/admin-auth/api/sign-in';
import { getCheckinList } from '@/features/admin-participants/api/get-checkin-list';
import { getParticipants } from '@/features/admin-participants/api/get-participants';
import { participantsToCsv } from '@/features/admin-participants/lib/participants-csv';
import { getNewsletterSignUps } from '@/features/admin-inbox/api/newsletter';
import { newsletterToCsv } from '@/features/admin-inbox/components/newsletter-panel';
import { createUser, resetDatabase, sql, stackEnv } from '../support/stack';

// The stand-in caps what a read answers at `[api] max_rows` (config.toml: 1000) as the hosted
// PostgREST does (db-max-rows), and the admin's lists and CSV exports still get every row: with
// 1,500 participants, a plain GET answers 1,000, and the export holds all 1,500.

vi.mock('@/lib/supabase', () => import('../support/stack-supabase'));

const MANY = 1500;
let eventId: string;

function rest(path: string, headers: Record<string, string> = {}): Promise<Response> {
  const { apiUrl, serviceRoleKey } = stackEnv();
  return fetch(`${apiUrl}/rest/v1/${path}`, {
    headers: { apikey: serviceRoleKey, Authorization: `Bearer ${serviceRoleKey}`, ...headers },
  });
}

beforeAll(async () => {
  await resetDatabase();
  const [event] = await sql<{ id: string }>(
    `insert into public.events (title, status, start_date, payment_methods)
     values ('Grossanlass mit vielen Anmeldungen', 'published', current_date + 40, array['onsite']) returning id`,
  );
  eventId = event!.id;
  await sql(
    `insert into public.participants (event_id, name, email, phone, payment_method)
     select $1, 'Gast ' || n, 'gast-' || n || '@example.ch', '+41 79 123 45 67', 'onsite'
       from generate_series(1, $2::int) as n`,
    [eventId, MANY],
  );
  await sql(
    `insert into public.newsletter_subscriptions (email)
     select 'leserin-' || n || '@example.ch' from generate_series(1, $1::int) as n`,
    [MANY],
  );
  const admin = await createUser({ email: 'viele@example.ch', password: 'viele-123456', admin: true });
  await signInAsAdmin(admin.email, admin.password);
});

afterAll(async () => {
  await sql('delete from public.newsletter_subscriptions where email like $1', ['leserin-%']);
  await sql('delete from public.participants where event_id = $1', [eventId]);
  await sql('delete from public.events where id = $1', [eventId]);
});

describe('max_rows in the stand-in', () => {
  it('a GET answers at most 1,000 rows, whatever limit it asked for', async () => {
    const plain = await rest(`participants?select=id&event_id=eq.${eventId}`);
    expect(plain.status).toBe(200);
    expect(await plain.json()).toHaveLength(1000);
    expect(plain.headers.get('content-range')).toBe('0-999/*');

    const asked = await rest(`participants?select=id&event_id=eq.${eventId}&limit=1200`);
    expect(await asked.json()).toHaveLength(1000);
  });

  it('says so in Content-Range, and the next page comes with Range', async () => {
    const counted = await rest(`participants?select=id&event_id=eq.${eventId}`, { Prefer: 'count=exact' });
    expect(counted.status).toBe(206);
    expect(counted.headers.get('content-range')).toBe(`0-999/${MANY}`);

    const next = await rest(`participants?select=id&event_id=eq.${eventId}&order=id`, { Range: '1000-1999' });
    expect(await next.json()).toHaveLength(MANY - 1000);
    expect(next.headers.get('content-range')).toBe(`1000-${MANY - 1}/*`);
  });

  it('caps a set-returning rpc as well', async () => {
    await sql(
      `create function public.max_rows_probe() returns setof public.participants language sql stable
         as $$ select * from public.participants $$`,
    );
    try {
      const answer = await fetch(`${stackEnv().apiUrl}/rest/v1/rpc/max_rows_probe?select=id`, {
        headers: { apikey: stackEnv().serviceRoleKey, Authorization: `Bearer ${stackEnv().serviceRoleKey}` },
      });
      expect(answer.status).toBe(200);
      expect(await answer.json()).toHaveLength(1000);
    } finally {
      await sql('drop function public.max_rows_probe()');
    }
  });
});

describe('admin lists past max_rows', () => {
  it('the participants list and its CSV export hold all 1,500 participants', async () => {
    const participants = await getParticipants();
    const ours = participants.filter((p) => p.eventId === eventId);
    expect(ours).toHaveLength(MANY);
    expect(new Set(ours.map((p) => p.id)).size).toBe(MANY);
    const [{ total }] = (await sql<{ total: number }>(
      'select count(*)::int as total from public.participants',
    )) as [{ total: number }];
    expect(participants).toHaveLength(total);

    const csv = participantsToCsv(ours);
    const lines = csv.trim().split(/\r?\n/);
    expect(lines).toHaveLength(MANY + 1);
    expect(csv).toContain('gast-1@example.ch');
    expect(csv).toContain(`gast-${MANY}@example.ch`);
  });

  it("the event's check-in list holds all 1,500", async () => {
    const list = await getCheckinList(eventId);
    expect(list?.entries).toHaveLength(MANY);
  });

  it('the newsletter list and its CSV export hold every sign-up', async () => {
    const signUps = await getNewsletterSignUps();
    expect(signUps.filter((s) => s.email.startsWith('leserin-'))).toHaveLength(MANY);
    expect(newsletterToCsv(signUps)).toContain(`leserin-${MANY}@example.ch`);
  });
});

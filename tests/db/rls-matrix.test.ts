import { describe, expect, it } from 'vitest';
import { anon, inRolledBackTransaction, type Actor, type Session } from './support/db';
import { insertEvent, insertParticipant } from './support/fixtures';

// Every table and the event-images bucket x select / insert / update / delete x visitor,
// signed-in non-admin and admin, through SQL as the API roles (as PostgREST and the storage
// API run them). Each case runs in its own rolled-back transaction with fresh fixtures.
//
// Expected outcome: 'denied' = the statement fails with SQLSTATE 42501 (no privilege or a row
// that violates a policy); a number = the statement succeeds and returns / changes that many
// of the fixture rows (0 = RLS hides them).

type Who = 'anon' | 'user' | 'admin';
type Expected = 'denied' | number;

interface Fixture {
  actors: Record<Who, Actor>;
  userId: string;
  otherUserId: string;
  adminId: string;
  publishedEvent: string;
  draftEvent: string;
  participant: string;
  publishedPost: string;
  draftPost: string;
  enquiry: string;
  subscription: string;
  image: string;
}

async function createFixture(db: Session): Promise<Fixture> {
  const admin = await db.createUser({ admin: true });
  const user = await db.createUser();
  const other = await db.createUser();
  const published = await insertEvent(db, { title: 'Matrix veroeffentlicht' });
  const draft = await insertEvent(db, { title: 'Matrix Entwurf', status: 'draft' });
  const participant = await insertParticipant(db, published.id, { paid: true });
  await db.query(
    `insert into public.booking_history (participant_id, actor, action, status_after, persons_after, event_after)
     values ($1, 'visitor', 'booked', 'confirmed', 1, $2)`,
    [participant.id, published.id],
  );
  const [publishedPost, draftPost] = await db.query<{ id: string }>(
    `insert into public.blog_posts (title, status) values ('Matrix Beitrag', 'published'), ('Matrix Entwurf', 'draft')
     returning id`,
  );
  const [enquiry] = await db.query<{ id: string }>(
    `insert into public.enquiries (kind, name, email, subject, message)
     values ('contact', 'Petra', 'petra@example.ch', 'Frage', 'Hallo') returning id`,
  );
  const [subscription] = await db.query<{ id: string }>(
    `insert into public.newsletter_subscriptions (email) values ('matrix@example.ch') returning id`,
  );
  const [image] = await db.query<{ id: string }>(
    `insert into storage.objects (bucket_id, name, owner) values ('event-images', 'matrix/bild.jpg', $1) returning id`,
    [admin.id],
  );
  return {
    actors: { anon, user, admin },
    userId: user.id,
    otherUserId: other.id,
    adminId: admin.id,
    publishedEvent: published.id,
    draftEvent: draft.id,
    participant: participant.id,
    publishedPost: publishedPost!.id,
    draftPost: draftPost!.id,
    enquiry: enquiry!.id,
    subscription: subscription!.id,
    image: image!.id,
  };
}

interface Case {
  action: string;
  sql: string;
  params: (f: Fixture, who: Who) => unknown[];
  expected: Record<Who, Expected>;
}

const cases: Case[] = [
  // events
  {
    action: 'events: select published and draft',
    sql: 'select id from public.events where id = any($1)',
    params: (f) => [[f.publishedEvent, f.draftEvent]],
    expected: { anon: 1, user: 1, admin: 2 },
  },
  {
    action: 'events: insert',
    sql: `insert into public.events (title, status) values ('Neu', 'published')`,
    params: () => [],
    expected: { anon: 'denied', user: 'denied', admin: 1 },
  },
  {
    action: 'events: publish a draft',
    sql: `update public.events set status = 'published' where id = $1`,
    params: (f) => [f.draftEvent],
    expected: { anon: 'denied', user: 0, admin: 1 },
  },
  {
    action: 'events: update a published event',
    sql: `update public.events set price = 1 where id = $1`,
    params: (f) => [f.publishedEvent],
    expected: { anon: 'denied', user: 0, admin: 1 },
  },
  {
    // An event without bookings (one with bookings is refused: EVENT_HAS_BOOKINGS, tests/db/
    // booking-state-machine.test.ts).
    action: 'events: delete',
    sql: 'delete from public.events where id = any($1)',
    params: (f) => [[f.draftEvent]],
    expected: { anon: 'denied', user: 0, admin: 1 },
  },
  // participants
  {
    action: 'participants: select',
    sql: 'select id, email from public.participants where id = $1',
    params: (f) => [f.participant],
    expected: { anon: 'denied', user: 0, admin: 1 },
  },
  {
    action: 'participants: select through an embed-like join on events',
    sql: `select e.id, p.email from public.events e join public.participants p on p.event_id = e.id where e.id = $1`,
    params: (f) => [f.publishedEvent],
    expected: { anon: 'denied', user: 0, admin: 1 },
  },
  {
    // Bookings change only through the transitions (issue 24), for admins too.
    action: 'participants: insert directly',
    sql: `insert into public.participants (event_id, name, email, phone) values ($1, 'Eva', 'eva@example.ch', '079 123 45 67')`,
    params: (f) => [f.publishedEvent],
    expected: { anon: 'denied', user: 'denied', admin: 'denied' },
  },
  {
    action: 'participants: change the status directly',
    sql: `update public.participants set status = 'cancelled' where id = $1`,
    params: (f) => [f.participant],
    expected: { anon: 'denied', user: 'denied', admin: 'denied' },
  },
  {
    action: 'participants: delete',
    sql: 'delete from public.participants where id = $1',
    params: (f) => [f.participant],
    expected: { anon: 'denied', user: 'denied', admin: 'denied' },
  },
  {
    action: 'payments: select',
    sql: 'select id from public.payments where participant_id = $1',
    params: (f) => [f.participant],
    expected: { anon: 'denied', user: 0, admin: 1 },
  },
  {
    action: 'payments: insert directly',
    sql: `insert into public.payments (participant_id, method, amount_cents) values ($1, 'onsite', 100)`,
    params: (f) => [f.participant],
    expected: { anon: 'denied', user: 'denied', admin: 'denied' },
  },
  {
    action: 'booking_history: select',
    sql: 'select id from public.booking_history where participant_id = $1',
    params: (f) => [f.participant],
    expected: { anon: 'denied', user: 0, admin: 1 },
  },
  {
    action: 'admin_bookings: select',
    sql: 'select id from public.admin_bookings where id = $1',
    params: (f) => [f.participant],
    expected: { anon: 'denied', user: 0, admin: 1 },
  },
  // blog_posts
  {
    action: 'blog_posts: select published and draft',
    sql: 'select id from public.blog_posts where id = any($1)',
    params: (f) => [[f.publishedPost, f.draftPost]],
    expected: { anon: 1, user: 1, admin: 2 },
  },
  {
    action: 'blog_posts: insert',
    sql: `insert into public.blog_posts (title, status) values ('Neu', 'published')`,
    params: () => [],
    expected: { anon: 'denied', user: 'denied', admin: 1 },
  },
  {
    action: 'blog_posts: publish a draft',
    sql: `update public.blog_posts set status = 'published' where id = $1`,
    params: (f) => [f.draftPost],
    expected: { anon: 'denied', user: 0, admin: 1 },
  },
  {
    action: 'blog_posts: delete',
    sql: 'delete from public.blog_posts where id = any($1)',
    params: (f) => [[f.publishedPost, f.draftPost]],
    expected: { anon: 'denied', user: 0, admin: 2 },
  },
  // profiles
  {
    action: 'profiles: select own, another user and the admin',
    sql: 'select id from public.profiles where id = any($1)',
    params: (f) => [[f.userId, f.otherUserId, f.adminId]],
    expected: { anon: 'denied', user: 1, admin: 3 },
  },
  {
    action: 'profiles: insert',
    sql: `insert into public.profiles (id, is_admin) values ($1, true)`,
    params: (f) => [f.otherUserId],
    expected: { anon: 'denied', user: 'denied', admin: 'denied' },
  },
  {
    action: "profiles: raise (or change) one's own is_admin",
    sql: 'update public.profiles set is_admin = not is_admin where id = $1',
    params: (f, who) => [who === 'admin' ? f.adminId : f.userId],
    expected: { anon: 'denied', user: 0, admin: 0 },
  },
  {
    action: "profiles: raise another user's is_admin",
    sql: 'update public.profiles set is_admin = true where id = $1',
    params: (f) => [f.otherUserId],
    expected: { anon: 'denied', user: 0, admin: 1 },
  },
  {
    action: 'profiles: delete',
    sql: 'delete from public.profiles where id = $1',
    params: (f) => [f.otherUserId],
    expected: { anon: 'denied', user: 'denied', admin: 'denied' },
  },
  // enquiries (written by the contact function with the service role)
  {
    action: 'enquiries: select',
    sql: 'select id from public.enquiries where id = $1',
    params: (f) => [f.enquiry],
    expected: { anon: 'denied', user: 0, admin: 1 },
  },
  {
    action: 'enquiries: insert',
    sql: `insert into public.enquiries (kind, email) values ('corporate-breathwork', 'firma@example.ch')`,
    params: () => [],
    expected: { anon: 'denied', user: 'denied', admin: 'denied' },
  },
  {
    action: 'enquiries: update',
    sql: `update public.enquiries set mail_status = 'sent' where id = $1`,
    params: (f) => [f.enquiry],
    expected: { anon: 'denied', user: 0, admin: 1 },
  },
  {
    action: 'enquiries: delete',
    sql: 'delete from public.enquiries where id = $1',
    params: (f) => [f.enquiry],
    expected: { anon: 'denied', user: 0, admin: 1 },
  },
  // newsletter_subscriptions (written by the newsletter function with the service role)
  {
    action: 'newsletter_subscriptions: select',
    sql: 'select id from public.newsletter_subscriptions where id = $1',
    params: (f) => [f.subscription],
    expected: { anon: 'denied', user: 0, admin: 1 },
  },
  {
    action: 'newsletter_subscriptions: insert',
    sql: `insert into public.newsletter_subscriptions (email) values ('neu@example.ch')`,
    params: () => [],
    expected: { anon: 'denied', user: 'denied', admin: 'denied' },
  },
  {
    action: 'newsletter_subscriptions: update',
    sql: `update public.newsletter_subscriptions set status = 'subscribed' where id = $1`,
    params: (f) => [f.subscription],
    expected: { anon: 'denied', user: 0, admin: 1 },
  },
  {
    action: 'newsletter_subscriptions: delete',
    sql: 'delete from public.newsletter_subscriptions where id = $1',
    params: (f) => [f.subscription],
    expected: { anon: 'denied', user: 0, admin: 1 },
  },
  // storage: objects of the event-images bucket (public download goes through the bucket flag)
  {
    action: 'event-images objects: list',
    sql: 'select id from storage.objects where id = $1',
    params: (f) => [f.image],
    expected: { anon: 0, user: 0, admin: 1 },
  },
  // storage: the bank-files bucket (issue 29's camt files) is private: admins upload, nobody else
  {
    action: 'bank-files objects: upload',
    sql: `insert into storage.objects (bucket_id, name) values ('bank-files', '2026/camt054.xml')`,
    params: () => [],
    expected: { anon: 'denied', user: 'denied', admin: 1 },
  },
  {
    action: 'event-images objects: upload',
    sql: `insert into storage.objects (bucket_id, name) values ('event-images', 'neu/bild.png')`,
    params: () => [],
    expected: { anon: 'denied', user: 'denied', admin: 1 },
  },
  {
    action: 'event-images objects: replace',
    sql: `update storage.objects set metadata = '{"size": 1}' where id = $1`,
    params: (f) => [f.image],
    expected: { anon: 0, user: 0, admin: 1 },
  },
  {
    action: 'event-images objects: delete',
    sql: 'delete from storage.objects where id = $1',
    params: (f) => [f.image],
    expected: { anon: 0, user: 0, admin: 1 },
  },
  {
    action: 'event-images objects: upload into another bucket',
    sql: `insert into storage.objects (bucket_id, name) values ('avatars', 'bild.png')`,
    params: () => [],
    expected: { anon: 'denied', user: 'denied', admin: 'denied' },
  },
  // storage: the bucket row itself is managed by the migration only
  {
    action: 'buckets: change the event-images bucket',
    sql: `update storage.buckets set public = false, file_size_limit = null where id = 'event-images'`,
    params: () => [],
    expected: { anon: 0, user: 0, admin: 0 },
  },
  {
    action: 'buckets: create a bucket',
    sql: `insert into storage.buckets (id, name, public) values ('offen', 'offen', true)`,
    params: () => [],
    expected: { anon: 'denied', user: 'denied', admin: 'denied' },
  },
];

const rows = cases.flatMap((testCase) =>
  (['anon', 'user', 'admin'] as const).map((who) => ({ ...testCase, who, outcome: testCase.expected[who] })),
);

describe('RLS matrix', () => {
  it.each(rows)('$action as $who -> $outcome', ({ sql, params, who, outcome }) =>
    inRolledBackTransaction(async (db) => {
      await db.query(`insert into storage.buckets (id, name) values ('avatars', 'avatars')`);
      const fixture = await createFixture(db);
      const result = await db.as(fixture.actors[who], sql, params(fixture, who));
      if (outcome === 'denied') {
        expect(result.error?.code, 'expected SQLSTATE 42501').toBe('42501');
      } else {
        expect(result.error).toBeNull();
        expect(result.rowCount).toBe(outcome);
      }
    }),
  );
});

describe('effects that must not happen', () => {
  it('a non-admin cannot publish a draft: the row stays a draft', () =>
    inRolledBackTransaction(async (db) => {
      const f = await createFixture(db);
      await db.as(f.actors.user, `update public.events set status = 'published' where id = $1`, [
        f.draftEvent,
      ]);
      const [row] = await db.query<{ status: string }>('select status from public.events where id = $1', [
        f.draftEvent,
      ]);
      expect(row?.status).toBe('draft');
    }));

  it('nobody raises their own is_admin, and is_admin() tells who is admin', () =>
    inRolledBackTransaction(async (db) => {
      const f = await createFixture(db);
      await db.as(f.actors.user, 'update public.profiles set is_admin = true where id = $1', [f.userId]);
      const answers: Record<string, boolean | undefined> = {};
      for (const who of ['anon', 'user', 'admin'] as const) {
        const result = await db.as<{ is_admin: boolean }>(
          f.actors[who],
          'select public.is_admin() as is_admin',
        );
        answers[who] = result.rows[0]?.is_admin;
      }
      expect(answers).toEqual({ anon: false, user: false, admin: true });
    }));

  it('the bucket keeps its limits: public, 4 MB, jpeg/png/webp', () =>
    inRolledBackTransaction(async (db) => {
      const [bucket] = await db.query(
        `select public, file_size_limit::int as file_size_limit, allowed_mime_types
         from storage.buckets where id = 'event-images'`,
      );
      expect(bucket).toEqual({
        public: true,
        file_size_limit: 4 * 1024 * 1024,
        allowed_mime_types: ['image/jpeg', 'image/png', 'image/webp'],
      });
    }));
});

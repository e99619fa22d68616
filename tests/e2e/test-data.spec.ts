import pg from 'pg';
import { API, serviceHeaders, stackFacts } from '../support/e2e-env';
import { expect, select, test } from '../support/e2e-fixtures';

// The data fixtures themselves: what one test creates, or registers for removal, is gone when
// the next one starts, so no spec leaves rows, accounts or files behind for another.

// A 1x1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

async function accountCount(email: string): Promise<number> {
  const client = new pg.Client({ connectionString: stackFacts().dbUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ count: number }>(
      'select count(*)::int as count from auth.users where email = $1',
      [email],
    );
    return rows[0]!.count;
  } finally {
    await client.end();
  }
}

test.describe.serial('the data fixtures', () => {
  const made = { eventIds: [] as string[], participantId: '', storyId: '', uiTitle: '', email: '', file: '' };

  test('create events, participants and stories; take over what a test made elsewhere', async ({
    request,
    events,
    participants,
    stories,
    accounts,
    uploads,
  }) => {
    const event = await events.create({ max_participants: 2 });
    await participants.fill(event);
    const participant = await participants.create(await events.create(), { name: 'Nina Test' });
    const story = await stories.create();
    expect((await select('participants', `event_id=eq.${event.id}&select=id`)).length).toBe(2);
    expect(participant.name).toBe('Nina Test');
    made.eventIds.push(event.id, participant.event_id);
    made.participantId = participant.id;
    made.storyId = story.id;

    // What a test creates through the UI, stood in for here by the APIs the UI calls.
    made.uiTitle = `Im Formular angelegt ${Date.now()}`;
    events.removeAfterwards(made.uiTitle);
    const created = await request.post(`${API}/rest/v1/events`, {
      headers: serviceHeaders(),
      data: { title: made.uiTitle, description: 'x', location: 'Suhr', start_date: '2099-01-01' },
    });
    expect(created.status()).toBe(201);

    made.email = `e2e-fixture-${Date.now()}@example.ch`;
    accounts.removeAfterwards(made.email);
    const signup = await request.post(`${API}/auth/v1/signup`, {
      headers: { apikey: stackFacts().anonKey },
      data: { email: made.email, password: 'fixture-123456' },
    });
    expect(signup.ok()).toBe(true);
    expect(await accountCount(made.email)).toBe(1);

    made.file = `${API}/storage/v1/object/public/event-images/fixture-${Date.now()}.png`;
    uploads.removeAfterwards(made.file);
    const upload = await request.post(made.file.replace('/object/public/', '/object/'), {
      headers: { ...serviceHeaders(), 'Content-Type': 'image/png' },
      data: PNG,
    });
    expect(upload.ok()).toBe(true);
    expect((await request.get(made.file)).status()).toBe(200);
  });

  test('have removed all of it when the next test starts', async ({ request }) => {
    expect(await select('events', `id=in.(${made.eventIds.join(',')})&select=id`)).toEqual([]);
    expect(await select('participants', `id=eq.${made.participantId}&select=id`)).toEqual([]);
    expect(await select('blog_posts', `id=eq.${made.storyId}&select=id`)).toEqual([]);
    expect(await select('events', `title=eq.${encodeURIComponent(made.uiTitle)}&select=id`)).toEqual([]);
    expect(await accountCount(made.email)).toBe(0);
    // Storage answers a missing object with 400 (its body says 404), as Supabase's does.
    expect((await request.get(made.file)).status()).toBe(400);
  });
});

import { afterAll, expect, it } from 'vitest';
import { backendPid, beginAsService, connect, removeEvents, Session, waitsForLock } from './support/db';
import { insertEvent, insertParticipant } from './support/fixtures';

// A transition that finds its booking moved meanwhile tries again with the new event, and must
// not keep the first event's lock: held, it is a second event lock out of id order, and a
// concurrent move holding the other event deadlocks with it
// (supabase/migrations/20261128202000_lock_retry_releases.sql).

const created: string[] = [];
afterAll(async () => {
  const client = await connect();
  try {
    await removeEvents(client, created);
  } finally {
    await client.end();
  }
});

it("a staff change that waited for a move locks the booking's new event and releases the old one", async () => {
  const setup = await connect();
  const mover = await connect();
  const changer = await connect();
  try {
    const session = new Session(setup);
    const from = await insertEvent(session, { title: 'Lock-Retry alt', max_participants: 10 });
    const to = await insertEvent(session, { title: 'Lock-Retry neu', max_participants: 10 });
    created.push(from.id, to.id);
    const booking = await insertParticipant(session, from.id, { email: 'lock-retry@example.ch' });

    // The move holds both events and the booking until it commits.
    await beginAsService(mover);
    await mover.query('select public.admin_move_booking($1, $2)', [booking.id, to.id]);

    // The change reads the old event, locks it (waits for the move), then finds the booking moved.
    await beginAsService(changer);
    const pid = await backendPid(changer);
    const change = changer.query('select public.admin_change_persons($1, 2)', [booking.id]);
    await waitsForLock(setup, pid);
    await mover.query('commit');
    await change;

    // Still inside the change's transaction: the new event is locked, the old one is free again.
    const tryLock = (eventId: string) =>
      setup.query('select 1 from public.events e where e.id = $1 for no key update nowait', [eventId]).then(
        () => 'free',
        (error: { code?: string }) => (error.code === '55P03' ? 'locked' : String(error.code)),
      );
    expect(await tryLock(to.id)).toBe('locked');
    expect(await tryLock(from.id)).toBe('free');
    await changer.query('commit');
  } finally {
    await Promise.all([setup.end(), mover.end(), changer.end()]);
  }
});

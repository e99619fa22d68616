import { afterAll, expect, it } from 'vitest';
import { backendPid, beginAsService, connect, removeEvents, Session, waitsForLock } from './support/db';
import { insertEvent, insertParticipant } from './support/fixtures';

// The mail worker records a confirmation's result on the mail and mirrors it on the booking
// (record_outbox_attempt); deleting a booking locks the booking and then its mails (the foreign
// key sets them to null). The worker used to lock the mail first, and the two deadlocked
// (supabase/migrations/20261130040000_outbox_record_lock_order.sql).

const created: string[] = [];
afterAll(async () => {
  const client = await connect();
  try {
    await removeEvents(client, created);
  } finally {
    await client.end();
  }
});

it('recording a confirmation while its booking is deleted waits for the delete, and neither fails', async () => {
  const setup = await connect();
  const holder = await connect();
  const remover = await connect();
  const worker = await connect();
  try {
    const session = new Session(setup);
    const event = await insertEvent(session, { title: 'Outbox-Sperrfolge', max_participants: 10 });
    created.push(event.id);
    const booking = await insertParticipant(session, event.id, { email: 'sperrfolge@example.ch' });
    // A confirmation the worker has claimed (its lease far ahead, so the stack's own worker
    // leaves it alone).
    const [mail] = await session.query<{ id: string }>(
      `insert into public.mail_outbox (kind, payload, participant_id, state, attempts, locked_until)
       values ('participant_confirmation', '{}', $1, 'sending', 1, now() + interval '1 hour') returning id`,
      [booking.id],
    );

    // Something else holds the booking, so the delete and then the worker queue behind it, in
    // that order: when it lets go, the delete locks the booking first.
    await holder.query('begin');
    await holder.query('select 1 from public.participants where id = $1 for no key update', [booking.id]);
    const removerPid = await backendPid(remover);
    const workerPid = await backendPid(worker);
    await remover.query('begin');
    const removal = remover
      .query('delete from public.participants where id = $1', [booking.id])
      .then(() => remover.query('commit'));
    await waitsForLock(setup, removerPid);
    await beginAsService(worker);
    const recording = worker
      .query<{ state: string | null }>(
        `select public.record_outbox_attempt($1, 1, p_provider_id => 'resend-1') as state`,
        [mail!.id],
      )
      .then(async (result) => {
        await worker.query('commit');
        return result.rows[0]!.state;
      });
    await waitsForLock(setup, workerPid);
    await holder.query('commit');

    // The old order: the worker held the mail and waited for the booking, the delete held the
    // booking and waited for the mail, and Postgres aborted one of them (40P01).
    await removal;
    expect(await recording).toBe('sent');
    const [after] = await session.query<{ state: string; participant_id: string | null }>(
      'select state, participant_id from public.mail_outbox where id = $1',
      [mail!.id],
    );
    expect(after).toEqual({ state: 'sent', participant_id: null });
    await setup.query('delete from public.mail_outbox where id = $1', [mail!.id]);
  } finally {
    for (const client of [holder, remover, worker]) await client.query('rollback').catch(() => undefined);
    await Promise.all([setup, holder, remover, worker].map((client) => client.end()));
  }
});

import { describe, expect, it } from 'vitest';
import { anon, inRolledBackTransaction, service, type Actor, type Session } from './support/db';
import { availabilityOf, eventById, insertEvent, insertParticipant } from './support/fixtures';

// The waiting list (supabase/schemas/30_waiting_list.sql): join, offers when seats free up (whoever frees
// them), the offer holding its seats, claim through the booking path, expiry, leave, admin.

interface Joined {
  entry_id: string;
  position: number;
  persons: number;
  leave_token: string;
}

async function join(db: Session, eventId: string, email: string, persons = 1, actor: Actor = service) {
  return db.as<{ result: Joined }>(
    actor,
    `select public.join_waitlist($1, 'Wanda Warte', $2, '+41 79 123 45 67', $3) as result`,
    [eventId, email, persons],
  );
}

async function joined(db: Session, eventId: string, email: string, persons = 1): Promise<Joined> {
  const outcome = await join(db, eventId, email, persons);
  if (outcome.error) throw outcome.error;
  return outcome.rows[0]!.result;
}

interface EntryRow {
  id: string;
  email: string;
  status: string;
  persons: number;
  offer_expires_at: string | null;
}

async function entries(db: Session, eventId: string): Promise<EntryRow[]> {
  return db.query<EntryRow>(
    'select id, email, status, persons, offer_expires_at from public.waitlist_entries where event_id = $1 order by queue_no',
    [eventId],
  );
}

/** The plain claim token of the latest offer mail to this address (only the hash is in the table). */
async function claimToken(db: Session, email: string): Promise<string> {
  const [mail] = await db.query<{ token: string }>(
    `select payload ->> 'claimToken' as token from public.mail_outbox
     where kind = 'waitlist_offer' and recipient = $1 order by created_at desc, id desc limit 1`,
    [email],
  );
  if (!mail) throw new Error(`no offer mail to ${email}`);
  return mail.token;
}

async function offerMails(db: Session, email: string): Promise<number> {
  const [row] = await db.query<{ count: number }>(
    `select count(*)::int as count from public.mail_outbox where kind = 'waitlist_offer' and recipient = $1`,
    [email],
  );
  return row?.count ?? 0;
}

/** A full event (2 seats, both booked by one participant) and that participant. */
async function fullEvent(db: Session, seats = 2) {
  const event = await insertEvent(db, { max_participants: seats });
  const booked = await insertParticipant(db, event.id, { persons: seats, email: 'voll@example.ch' });
  return { event, booked };
}

describe('joining the waiting list', () => {
  it('takes a full event only, answers the position and mails the leave link', () =>
    inRolledBackTransaction(async (db) => {
      const open = await insertEvent(db, { max_participants: 5 });
      expect((await join(db, open.id, 'a@example.ch')).error?.message).toBe('SEATS_AVAILABLE');

      const { event } = await fullEvent(db);
      const first = await joined(db, event.id, 'erste@example.ch', 2);
      const second = await joined(db, event.id, 'zweite@example.ch');
      expect(first.position).toBe(1);
      expect(second.position).toBe(2);
      expect(first.leave_token).toMatch(/^[0-9a-f]{64}$/);
      const [mail] = await db.query<{ payload: { leaveToken: string; entry: { position: number } } }>(
        `select payload from public.mail_outbox where kind = 'waitlist_joined' and recipient = 'zweite@example.ch'`,
      );
      expect(mail?.payload.leaveToken).toBe(second.leave_token);
      expect(mail?.payload.entry.position).toBe(2);
      // Only the hash is stored.
      const stored = await db.query(`select 1 from public.waitlist_entries where leave_token_hash = $1`, [
        second.leave_token,
      ]);
      expect(stored).toHaveLength(0);
    }));

  it('is open when fewer seats are left than the persons asked for', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, { max_participants: 3 });
      await insertParticipant(db, event.id, { persons: 2 });
      expect((await join(db, event.id, 'eins@example.ch', 1)).error?.message).toBe('SEATS_AVAILABLE');
      expect((await joined(db, event.id, 'zwei@example.ch', 2)).position).toBe(1);
    }));

  it('refuses a second entry of the same address, a booked address and bad input', () =>
    inRolledBackTransaction(async (db) => {
      const { event } = await fullEvent(db);
      await joined(db, event.id, 'Wanda@Example.ch');
      expect((await join(db, event.id, 'wanda@example.ch')).error?.message).toBe('ALREADY_ON_WAITLIST');
      expect((await join(db, event.id, 'voll@example.ch')).error?.message).toBe('ALREADY_REGISTERED');
      const tooMany = await join(db, event.id, 'viele@example.ch', 7);
      expect([tooMany.error?.message, tooMany.error?.detail]).toEqual(['TOO_MANY_PERSONS', '6']);
      const badMail = await join(db, event.id, 'keine-adresse');
      expect([badMail.error?.message, badMail.error?.detail]).toEqual(['INVALID_INPUT', 'email']);
      expect((await join(db, event.id, 'null@example.ch', 0)).error?.detail).toBe('persons');
    }));

  it('refuses cancelled, past, closed and unpublished events', () =>
    inRolledBackTransaction(async (db) => {
      const { event } = await fullEvent(db);
      await db.query('update public.events set is_cancelled = true where id = $1', [event.id]);
      expect((await join(db, event.id, 'a@example.ch')).error?.message).toBe('EVENT_CANCELLED');
      await db.query('update public.events set is_cancelled = false, is_sold_out = true where id = $1', [
        event.id,
      ]);
      expect((await join(db, event.id, 'a@example.ch')).error?.message).toBe('EVENT_NOT_BOOKABLE');
      await db.query(`update public.events set is_sold_out = false, status = 'draft' where id = $1`, [
        event.id,
      ]);
      expect((await join(db, event.id, 'a@example.ch')).error?.message).toBe('EVENT_NOT_FOUND');
      const past = await insertEvent(db, { max_participants: 1, startInDays: -2 });
      await insertParticipant(db, past.id);
      expect((await join(db, past.id, 'a@example.ch')).error?.message).toBe('EVENT_NOT_BOOKABLE');
    }));

  it('is only for the service role (the edge function); visitors and users cannot call it', () =>
    inRolledBackTransaction(async (db) => {
      const { event } = await fullEvent(db);
      expect((await join(db, event.id, 'a@example.ch', 1, anon)).error?.code).toBe('42501');
      const user = await db.createUser();
      expect((await join(db, event.id, 'a@example.ch', 1, user)).error?.code).toBe('42501');
    }));

  it('keeps the table closed to visitors and non-admins; admins read it', () =>
    inRolledBackTransaction(async (db) => {
      const { event } = await fullEvent(db);
      await joined(db, event.id, 'a@example.ch');
      expect((await db.as(anon, 'select * from public.waitlist_entries')).error?.code).toBe('42501');
      const user = await db.createUser();
      expect((await db.as(user, 'select * from public.waitlist_entries')).rows).toHaveLength(0);
      const write = await db.as(user, `update public.waitlist_entries set status = 'offered'`);
      expect(write.error?.code).toBe('42501');
      const admin = await db.createUser({ admin: true });
      expect(
        (await db.as(admin, 'select * from public.waitlist_entries where event_id = $1', [event.id])).rows,
      ).toHaveLength(1);
    }));
});

describe('offers when seats free up', () => {
  it('a cancellation offers the seats to the first entries that fit, and the offer holds them', () =>
    inRolledBackTransaction(async (db) => {
      const { event, booked } = await fullEvent(db, 3);
      await joined(db, event.id, 'gross@example.ch', 4); // asks for more than will be free
      await joined(db, event.id, 'zwei@example.ch', 2);
      await joined(db, event.id, 'eins@example.ch', 1);
      await joined(db, event.id, 'auch-eins@example.ch', 1);

      await db.query(`update public.participants set status = 'cancelled' where id = $1`, [booked.id]);
      const list = await entries(db, event.id);
      expect(list.map((entry) => entry.status)).toEqual(['waiting', 'offered', 'offered', 'waiting']);
      expect(await offerMails(db, 'zwei@example.ch')).toBe(1);
      const [offered] = list.filter((entry) => entry.status === 'offered');
      const validity = new Date(offered!.offer_expires_at!).getTime() - Date.now();
      expect(validity).toBeGreaterThan(23.9 * 3600_000);
      expect(validity).toBeLessThanOrEqual(24 * 3600_000 + 60_000);
      // The offered seats are not free for the public form.
      const after = await eventById(db, event.id);
      expect(after.current_participants).toBe(0);
      expect(await availabilityOf(db, event.id)).toMatchObject({
        seats_left: 0,
        is_full: true,
        reason: 'full',
      });
      const booking = await db.as(
        service,
        `select public.register_for_event($1, 'Spät', 'spaet@example.ch', '+41 79 123 45 67', 'onsite')`,
        [event.id],
      );
      expect(booking.error?.message).toBe('EVENT_SOLD_OUT');
    }));

  it.each([
    ['a removal', `delete from public.participants where event_id = $1`],
    ['a refund', `update public.participants set status = 'cancelled' where event_id = $1`],
    ['fewer persons', `update public.participants set persons = 1 where event_id = $1`],
    ['a capacity increase', `update public.events set max_participants = 3 where id = $1`],
  ])('%s offers the freed seats', (_, statement) =>
    inRolledBackTransaction(async (db) => {
      const { event } = await fullEvent(db);
      await joined(db, event.id, 'wartet@example.ch');
      await db.query(statement, [event.id]);
      expect((await entries(db, event.id))[0]?.status).toBe('offered');
      expect(await offerMails(db, 'wartet@example.ch')).toBe(1);
    }),
  );

  it('an expired payment hold offers its seats', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, { max_participants: 1 });
      const held = await insertParticipant(db, event.id, { payment_method: 'stripe', status: 'held' });
      await db.query(
        `update public.participants set hold_expires_at = now() - interval '1 minute' where id = $1`,
        [held.id],
      );
      await joined(db, event.id, 'wartet@example.ch');
      await db.as(service, 'select public.release_expired_holds()');
      expect((await entries(db, event.id))[0]?.status).toBe('offered');
    }));

  it('offers nothing for a cancelled, closed or past event', () =>
    inRolledBackTransaction(async (db) => {
      const { event, booked } = await fullEvent(db);
      await joined(db, event.id, 'wartet@example.ch');
      await db.query('update public.events set is_cancelled = true where id = $1', [event.id]);
      await db.query(`update public.participants set status = 'cancelled' where id = $1`, [booked.id]);
      expect((await entries(db, event.id))[0]?.status).toBe('waiting');
      // Taking bookings again offers the seats.
      await db.query('update public.events set is_cancelled = false where id = $1', [event.id]);
      expect((await entries(db, event.id))[0]?.status).toBe('offered');
    }));
});

describe('claiming an offer', () => {
  it('books the persons through the booking path, mails the confirmation, and the link then says claimed', () =>
    inRolledBackTransaction(async (db) => {
      const { event, booked } = await fullEvent(db, 2);
      await joined(db, event.id, 'wartet@example.ch', 2);
      await db.query(`update public.participants set status = 'cancelled' where id = $1`, [booked.id]);
      const token = await claimToken(db, 'wartet@example.ch');

      const view = await db.as<{ link: { kind: string; status: string; persons: number } }>(
        anon,
        'select public.waitlist_link($1) as link',
        [token],
      );
      expect(view.rows[0]?.link).toMatchObject({ kind: 'offer', status: 'offered', persons: 2 });

      const claim = await db.as<{ receipt: { participant_id: string; persons: number } }>(
        anon,
        `select public.claim_waitlist_offer($1, 'onsite') as receipt`,
        [token],
      );
      expect(claim.error).toBeNull();
      expect(claim.rows[0]?.receipt.persons).toBe(2);
      const after = await eventById(db, event.id);
      expect([after.current_participants, after.offered_persons]).toEqual([2, 0]);
      const [entry] = await db.query<{ status: string; participant_id: string }>(
        'select status, participant_id from public.waitlist_entries where event_id = $1',
        [event.id],
      );
      expect(entry).toEqual({ status: 'claimed', participant_id: claim.rows[0]?.receipt.participant_id });
      const mails = await db.query(
        `select kind from public.mail_outbox where participant_id = $1 order by kind`,
        [entry!.participant_id],
      );
      expect(mails.map((mail) => mail.kind)).toEqual(['participant_confirmation', 'registration_notice']);

      const again = await db.as(anon, `select public.claim_waitlist_offer($1, 'onsite')`, [token]);
      expect(again.error?.message).toBe('OFFER_CLAIMED');
      const link = await db.as<{ link: { status: string } }>(
        anon,
        'select public.waitlist_link($1) as link',
        [token],
      );
      expect(link.rows[0]?.link.status).toBe('claimed');
    }));

  it('answers an unknown token, a cancelled event and a payment method the event lacks', () =>
    inRolledBackTransaction(async (db) => {
      expect(
        (await db.as(anon, `select public.claim_waitlist_offer($1, 'onsite')`, ['f'.repeat(64)])).error
          ?.message,
      ).toBe('TOKEN_INVALID');
      expect(
        (await db.as<{ link: null }>(anon, 'select public.waitlist_link($1) as link', ['f'.repeat(64)]))
          .rows[0]?.link,
      ).toBeNull();
      const { event, booked } = await fullEvent(db);
      await joined(db, event.id, 'wartet@example.ch');
      await db.query(`update public.participants set status = 'cancelled' where id = $1`, [booked.id]);
      const token = await claimToken(db, 'wartet@example.ch');
      expect(
        (await db.as(anon, `select public.claim_waitlist_offer($1, 'free')`, [token])).error?.message,
      ).toBe('PAYMENT_METHOD_NOT_ALLOWED');
      await db.query('update public.events set is_cancelled = true where id = $1', [event.id]);
      expect(
        (await db.as(anon, `select public.claim_waitlist_offer($1, 'onsite')`, [token])).error?.message,
      ).toBe('EVENT_CANCELLED');
    }));

  it('seats gone meanwhile (capacity lowered): the booking path refuses', () =>
    inRolledBackTransaction(async (db) => {
      const { event, booked } = await fullEvent(db);
      await joined(db, event.id, 'wartet@example.ch', 2);
      await db.query(`update public.participants set status = 'cancelled' where id = $1`, [booked.id]);
      const token = await claimToken(db, 'wartet@example.ch');
      await db.query('update public.events set max_participants = 1 where id = $1', [event.id]);
      const claim = await db.as(anon, `select public.claim_waitlist_offer($1, 'onsite')`, [token]);
      expect(['EVENT_SOLD_OUT', 'NOT_ENOUGH_SEATS']).toContain(claim.error?.message);
    }));
});

describe('expiry and leaving', () => {
  it('an expired offer moves on to the next entry', () =>
    inRolledBackTransaction(async (db) => {
      const { event, booked } = await fullEvent(db, 1);
      await joined(db, event.id, 'erste@example.ch');
      await joined(db, event.id, 'zweite@example.ch');
      await db.query(`update public.participants set status = 'cancelled' where id = $1`, [booked.id]);
      const token = await claimToken(db, 'erste@example.ch');
      await db.query(
        `update public.waitlist_entries set offered_at = now() - interval '25 hours', offer_expires_at = now() - interval '1 hour'
         where event_id = $1 and status = 'offered'`,
        [event.id],
      );
      expect(
        (await db.as(anon, `select public.claim_waitlist_offer($1, 'onsite')`, [token])).error?.message,
      ).toBe('OFFER_EXPIRED');
      // Visitors and users may not run the job.
      expect((await db.as(anon, 'select public.expire_waitlist_offers()')).error?.code).toBe('42501');
      const run = await db.as<{ n: number }>(service, 'select public.expire_waitlist_offers() as n');
      expect(run.rows[0]?.n).toBe(1);
      expect((await entries(db, event.id)).map((entry) => entry.status)).toEqual(['expired', 'offered']);
      expect(await offerMails(db, 'zweite@example.ch')).toBe(1);
      const link = await db.as<{ link: { status: string } }>(
        anon,
        'select public.waitlist_link($1) as link',
        [token],
      );
      expect(link.rows[0]?.link.status).toBe('expired');
      // A second run finds nothing.
      expect(
        (await db.as<{ n: number }>(service, 'select public.expire_waitlist_offers() as n')).rows[0]?.n,
      ).toBe(0);
    }));

  it('leaving with the link ends the entry; an open offer passes on; a repeat is fine', () =>
    inRolledBackTransaction(async (db) => {
      const { event, booked } = await fullEvent(db, 1);
      const first = await joined(db, event.id, 'erste@example.ch');
      const second = await joined(db, event.id, 'zweite@example.ch');
      const third = await joined(db, event.id, 'dritte@example.ch');
      const view = await db.as<{ link: { kind: string; position: number } }>(
        anon,
        'select public.waitlist_link($1) as link',
        [third.leave_token],
      );
      expect(view.rows[0]?.link).toMatchObject({ kind: 'leave', position: 3 });
      expect((await db.as(anon, 'select public.leave_waitlist($1)', [second.leave_token])).error).toBeNull();
      const moved = await db.as<{ link: { position: number } }>(
        anon,
        'select public.waitlist_link($1) as link',
        [third.leave_token],
      );
      expect(moved.rows[0]?.link.position).toBe(2);

      await db.query(`update public.participants set status = 'cancelled' where id = $1`, [booked.id]);
      expect((await entries(db, event.id)).map((entry) => entry.status)).toEqual([
        'offered',
        'left',
        'waiting',
      ]);
      expect((await db.as(anon, 'select public.leave_waitlist($1)', [first.leave_token])).error).toBeNull();
      expect((await entries(db, event.id)).map((entry) => entry.status)).toEqual(['left', 'left', 'offered']);
      expect((await db.as(anon, 'select public.leave_waitlist($1)', [first.leave_token])).error).toBeNull();
      expect((await db.as(anon, 'select public.leave_waitlist($1)', ['0'.repeat(64)])).error?.message).toBe(
        'TOKEN_INVALID',
      );
      // Having left, the address may join again.
      expect((await joined(db, event.id, 'zweite@example.ch')).position).toBe(2);
    }));
});

describe('admin', () => {
  it('lists, removes and offers by hand; visitors and non-admins are refused', () =>
    inRolledBackTransaction(async (db) => {
      const { event, booked } = await fullEvent(db, 2);
      const first = await joined(db, event.id, 'erste@example.ch', 2);
      await joined(db, event.id, 'zweite@example.ch', 1);
      const admin = await db.createUser({ admin: true });
      const user = await db.createUser();

      for (const actor of [anon, user]) {
        expect((await db.as(actor, 'select * from public.admin_waitlist($1)', [event.id])).error?.code).toBe(
          '42501',
        );
        expect(
          (await db.as(actor, 'select public.admin_remove_waitlist_entry($1)', [first.entry_id])).error?.code,
        ).toBe('42501');
        expect(
          (await db.as(actor, 'select public.admin_offer_waitlist_entry($1)', [first.entry_id])).error?.code,
        ).toBe('42501');
      }

      const list = await db.as<{ list_position: number; email: string; status: string }>(
        admin,
        'select list_position, email, status from public.admin_waitlist($1)',
        [event.id],
      );
      expect(list.rows).toEqual([
        { list_position: 1, email: 'erste@example.ch', status: 'waiting' },
        { list_position: 2, email: 'zweite@example.ch', status: 'waiting' },
      ]);

      // No free seat: no offer by hand.
      const none = await db.as(admin, 'select public.admin_offer_waitlist_entry($1)', [first.entry_id]);
      expect([none.error?.message, none.error?.detail]).toEqual(['NOT_ENOUGH_SEATS', '0']);

      await db.query(`update public.participants set persons = 1 where id = $1`, [booked.id]);
      // The one free seat went to the second (the first needs 2).
      expect((await entries(db, event.id)).map((entry) => entry.status)).toEqual(['waiting', 'offered']);
      const second = (await entries(db, event.id))[1]!;
      expect(
        (await db.as(admin, 'select public.admin_offer_waitlist_entry($1)', [second.id])).error?.detail,
      ).toBe('offered');
      // Removing the offered entry passes its seat on (nobody else fits), removing twice is fine.
      expect(
        (await db.as(admin, 'select public.admin_remove_waitlist_entry($1)', [second.id])).error,
      ).toBeNull();
      expect(
        (await db.as(admin, 'select public.admin_remove_waitlist_entry($1)', [second.id])).error,
      ).toBeNull();
      expect((await entries(db, event.id)).map((entry) => entry.status)).toEqual(['waiting', 'removed']);
      await db.query(`update public.events set max_participants = 2 where id = $1`, [event.id]);
      await db.query(`update public.participants set persons = 1 where id = $1`, [booked.id]);
      await db.query(`update public.events set max_participants = 3 where id = $1`, [event.id]);
      expect((await entries(db, event.id))[0]?.status).toBe('offered');
      expect(
        (
          await db.as(admin, 'select public.admin_remove_waitlist_entry($1)', [
            '00000000-0000-0000-0000-000000000000',
          ])
        ).error?.message,
      ).toBe('WAITLIST_ENTRY_NOT_FOUND');
    }));

  it('offers an expired entry again by hand when a seat is free', () =>
    inRolledBackTransaction(async (db) => {
      const { event, booked } = await fullEvent(db, 1);
      const first = await joined(db, event.id, 'erste@example.ch');
      const admin = await db.createUser({ admin: true });
      await db.query(`update public.participants set status = 'cancelled' where id = $1`, [booked.id]);
      const oldToken = await claimToken(db, 'erste@example.ch');
      await db.query(
        `update public.waitlist_entries set offered_at = now() - interval '25 hours', offer_expires_at = now() - interval '1 hour' where id = $1`,
        [first.entry_id],
      );
      await db.as(service, 'select public.expire_waitlist_offers()');
      // Nobody else waits: the seat is free again.
      expect(await availabilityOf(db, event.id)).toMatchObject({ seats_left: 1 });
      expect(
        (await db.as(admin, 'select public.admin_offer_waitlist_entry($1)', [first.entry_id])).error,
      ).toBeNull();
      expect((await entries(db, event.id))[0]?.status).toBe('offered');
      expect(await offerMails(db, 'erste@example.ch')).toBe(2);
      // The new offer has a new token; the old link is no longer valid.
      // (Both mails were queued in this one transaction, at the same now(): told apart by token.)
      const tokens = await db.query<{ token: string }>(
        `select payload ->> 'claimToken' as token from public.mail_outbox where kind = 'waitlist_offer' and recipient = 'erste@example.ch'`,
      );
      const newToken = tokens.map((row) => row.token).find((token) => token !== oldToken)!;
      expect(newToken).toMatch(/^[0-9a-f]{64}$/);
      expect(
        (await db.as(anon, `select public.claim_waitlist_offer($1, 'onsite')`, [oldToken])).error?.message,
      ).toBe('TOKEN_INVALID');
      expect(
        (await db.as(anon, `select public.claim_waitlist_offer($1, 'onsite')`, [newToken])).error,
      ).toBeNull();
    }));
});

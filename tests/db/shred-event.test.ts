import { describe, expect, it } from 'vitest';
import { inRolledBackTransaction, type Session } from './support/db';
import { insertEvent, insertParticipant } from './support/fixtures';

// public.admin_shred_event(event) (supabase/schemas/90_privacy.sql), pretix's data shredder per
// event: only 60 days after the event, it returns the export of what it removes, removes names,
// contacts, answers and notes of that event (bookings, history, payments' and bank notes, waiting
// list, mails, messages) and keeps every amount, date and reference. Other events stay as they are.

const tag = () => Math.random().toString(36).slice(2, 10);

async function booking(db: Session, eventId: string, name: string, email: string, paid = false) {
  const p = await insertParticipant(db, eventId, {
    name,
    email,
    phone: '+41 79 321 54 76',
    payment_method: 'stripe',
    paid,
  });
  await db.query(`update public.participants set notes = $2 where id = $1`, [p.id, `Notiz von ${name}`]);
  await db.query(
    `insert into public.mail_outbox (kind, recipient, payload, participant_id, state, sent_at)
     values ('participant_confirmation', $1, $2, $3, 'sent', now())`,
    [email, JSON.stringify({ participant: { name, email } }), p.id],
  );
  return p;
}

async function personal(db: Session, needles: string[]) {
  const [row] = await db.query<{ n: number }>(
    `select (select count(*) from public.participants where name = any($1) or email = any($1))
          + (select count(*) from public.waitlist_entries where name = any($1) or email = any($1))
          + (select count(*) from public.mail_outbox where payload::text ilike any($2) or recipient = any($1))
          + (select count(*) from public.payments where note ilike any($2))
          + (select count(*) from public.participant_messages where body ilike any($2))::int as n`,
    [needles, needles.map((n) => `%${n}%`)],
  );
  return Number(row!.n);
}

describe('per-event shredder', () => {
  it('exports, then removes the personal data of an event over for 60 days, keeping the books', () =>
    inRolledBackTransaction(async (db) => {
      const t = tag();
      const old = await insertEvent(db, { startInDays: -61 });
      const recent = await insertEvent(db, { startInDays: -59 });
      const names = [`Anna ${t}`, `Beat ${t}`];
      const emails = [`anna.${t}@example.ch`, `beat.${t}@example.ch`];
      const paid = await booking(db, old.id, names[0]!, emails[0]!, true);
      await booking(db, old.id, names[1]!, emails[1]!);
      // Anna also booked the recent event: that booking is not this event's and stays.
      const kept = await booking(db, recent.id, names[0]!, emails[0]!);
      await db.query(`update public.payments set note = $2 where participant_id = $1`, [
        paid.id,
        `von ${names[0]}`,
      ]);
      await db.query(
        `insert into public.waitlist_entries (event_id, name, email, phone, persons, leave_token_hash, status, ended_at)
         values ($1, $2, $3, '+41 79 000 11 22', 1, encode(sha256(gen_random_uuid()::text::bytea), 'hex'), 'expired', now())`,
        [old.id, `Clara ${t}`, `clara.${t}@example.ch`],
      );
      await db.query(
        `insert into public.participant_messages (event_id, subject, body, recipients) values ($1, 'Danke', $2, 2)`,
        [old.id, `Liebe ${names[0]}`],
      );
      const admin = await db.createUser({ admin: true });
      const books = `select p.id, p.reference, p.persons, p.status, p.registration_date,
          (select json_agg(json_build_object('amount', y.amount_cents, 'at', y.created_at)) from public.payments y
            where y.participant_id = p.id) as payments
        from public.participants p where p.event_id = $1 order by p.id`;
      const booksBefore = await db.query(books, [old.id]);
      const keptBefore = await db.query('select * from public.participants where id = $1', [kept.id]);

      // Too early: 59 days after the recent event.
      const early = await db.as(admin, 'select public.admin_shred_event($1)', [recent.id]);
      expect(early.error?.message).toBe('EVENT_NOT_OVER');
      const user = await db.createUser();
      expect((await db.as(user, 'select public.admin_shred_event($1)', [old.id])).error?.code).toBe('42501');

      // The download before: the same export, read-only, for admins only.
      const personalBefore = await personal(db, [...names, ...emails]);
      const preview = await db.as<{ result: Record<string, unknown> }>(
        admin,
        'select public.admin_event_personal_data($1) as result',
        [old.id],
      );
      expect(preview.error).toBeNull();
      expect(await personal(db, [...names, ...emails])).toBe(personalBefore);
      expect((await db.as(user, 'select public.admin_event_personal_data($1)', [old.id])).error?.code).toBe(
        '42501',
      );
      const [{ yesterday, tomorrow }] = (await db.query<{ yesterday: string; tomorrow: string }>(
        `select to_char(private.today_in_zurich() - 1, 'YYYY-MM-DD') as yesterday,
                to_char(private.today_in_zurich() + 1, 'YYYY-MM-DD') as tomorrow`,
      )) as [{ yesterday: string; tomorrow: string }];
      expect(preview.rows[0]!.result.shreddableFrom).toBe(yesterday);
      const recentPreview = await db.as<{ result: Record<string, unknown> }>(
        admin,
        'select public.admin_event_personal_data($1) as result',
        [recent.id],
      );
      expect(recentPreview.rows[0]!.result.shreddableFrom).toBe(tomorrow);

      const shredded = await db.as<{
        result: { export: Record<string, unknown[]>; counts: Record<string, number> };
      }>(admin, 'select public.admin_shred_event($1) as result', [old.id]);
      expect(shredded.error).toBeNull();
      const { export: exported, counts } = shredded.rows[0]!.result;
      expect(exported.bookings!.map((b) => (b as { name: string }).name).sort()).toEqual([...names].sort());
      expect(exported.waitingList).toHaveLength(1);
      expect(exported.messages).toHaveLength(1);
      expect(counts).toMatchObject({ bookings: 2, waitingList: 1, messages: 1, payments: 1, mails: 2 });
      const withoutTime = ({ generatedAt: _at, ...rest }: Record<string, unknown>) => rest;
      expect(withoutTime(exported)).toEqual(withoutTime(preview.rows[0]!.result));

      // Gone from this event; Anna's recent booking (and its mail) stay.
      expect(
        await personal(db, [`Beat ${t}`, `beat.${t}@example.ch`, `Clara ${t}`, `clara.${t}@example.ch`]),
      ).toBe(0);
      expect(await personal(db, [names[0]!])).toBe(2); // the recent booking and its mail
      expect(await db.query('select * from public.participants where id = $1', [kept.id])).toEqual(
        keptBefore,
      );
      expect(await db.query(books, [old.id])).toEqual(booksBefore);
      const [log] = await db.query<{ n: number }>(
        `select count(*)::int as n from public.privacy_log where event_id = $1 and action = 'event_shredded'`,
        [old.id],
      );
      expect(log!.n).toBe(1);

      // A second run finds nothing more.
      const again = await db.as<{ result: { counts: Record<string, number> } }>(
        admin,
        'select public.admin_shred_event($1) as result',
        [old.id],
      );
      expect(Object.values(again.rows[0]!.result.counts).every((n) => n === 0)).toBe(true);
    }));
});

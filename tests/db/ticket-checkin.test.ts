import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { anon, inRolledBackTransaction, type Session } from './support/db';
import { insertEvent, insertParticipant } from './support/fixtures';

// QR tickets at the door (supabase/migrations/20261128310000_ticket_checkin.sql):
// private.ticket_code signs a booking's id; admin_check_in_ticket checks in all or some persons.

interface Scan {
  participant_id: string;
  persons: number;
  checked_in_persons: number;
  already_checked_in: boolean;
  checked_in_at: string;
  checked_in_time: string;
}

async function setUp(db: Session, persons = 3) {
  const admin = await db.createUser({ admin: true });
  const event = await insertEvent(db, { title: 'Abend', startInDays: 0 });
  const participant = await insertParticipant(db, event.id, { persons });
  const [row] = await db.query<{ code: string }>('select private.ticket_code($1) as code', [participant.id]);
  return { admin, participant, code: row!.code };
}

async function scan(
  db: Session,
  admin: Awaited<ReturnType<Session['createUser']>>,
  code: string,
  persons?: number,
) {
  return db.as<{ r: Scan }>(admin, 'select public.admin_check_in_ticket($1, $2) as r', [
    code,
    persons ?? null,
  ]);
}

async function history(db: Session, id: string) {
  return db.query<{ action: string; note: string }>(
    `select action, note from public.booking_history where participant_id = $1 and action = 'checked_in'
      order by created_at, id`,
    [id],
  );
}

describe('ticket codes', () => {
  it('are an HMAC-SHA256 of the booking id under the database secret, not the id alone', () =>
    inRolledBackTransaction(async (db) => {
      const { participant, code } = await setUp(db);
      const [key] = await db.query<{ secret: Buffer }>('select secret from private.ticket_secret');
      expect(key!.secret.length).toBeGreaterThanOrEqual(32);
      const mac = createHmac('sha256', key!.secret).update(`ticket:${participant.id}`).digest('hex');
      const hexId = participant.id.replaceAll('-', '').toUpperCase();
      expect(code).toBe(`T1-${hexId}-${mac.slice(0, 32).toUpperCase()}`);
      // No API role can read the key.
      const read = await db.as(anon, 'select secret from private.ticket_secret');
      expect(read.error).not.toBeNull();
    }));
});

describe('admin_check_in_ticket', () => {
  it('refuses anon and a non-admin (42501)', () =>
    inRolledBackTransaction(async (db) => {
      const { code } = await setUp(db);
      const user = await db.createUser();
      for (const actor of [anon, user]) {
        const outcome = await db.as(actor, 'select public.admin_check_in_ticket($1)', [code]);
        expect(outcome.error?.code).toBe('42501');
      }
    }));

  it('checks in all persons, then answers a second scan with the first time and changes nothing', () =>
    inRolledBackTransaction(async (db) => {
      const { admin, participant, code } = await setUp(db);
      const first = await scan(db, admin, code.toLowerCase());
      expect(first.error).toBeNull();
      const r = first.rows[0]!.r;
      expect(r).toMatchObject({ participant_id: participant.id, persons: 3, checked_in_persons: 3 });
      expect(r.already_checked_in).toBe(false);
      const [zurich] = await db.query<{ t: string }>(
        `select to_char($1::timestamptz at time zone 'Europe/Zurich', 'HH24:MI') as t`,
        [r.checked_in_at],
      );
      expect(r.checked_in_time).toBe(zurich!.t);

      const second = await scan(db, admin, code);
      expect(second.error).toBeNull();
      expect(second.rows[0]!.r.already_checked_in).toBe(true);
      expect(second.rows[0]!.r.checked_in_at).toBe(r.checked_in_at);
      expect(second.rows[0]!.r.checked_in_time).toBe(r.checked_in_time);
      expect(await history(db, participant.id)).toHaveLength(1);
    }));

  it('checks in some persons, then the rest; too many is refused', () =>
    inRolledBackTransaction(async (db) => {
      const { admin, participant, code } = await setUp(db);
      const some = await scan(db, admin, code, 2);
      expect(some.rows[0]!.r).toMatchObject({ checked_in_persons: 2, already_checked_in: false });
      const tooMany = await scan(db, admin, code, 2);
      expect(tooMany.error?.message).toBe('INVALID_INPUT');
      const rest = await scan(db, admin, code);
      expect(rest.rows[0]!.r).toMatchObject({ checked_in_persons: 3, already_checked_in: false });
      expect(rest.rows[0]!.r.checked_in_at).toBe(some.rows[0]!.r.checked_in_at);
      expect((await scan(db, admin, code)).rows[0]!.r.already_checked_in).toBe(true);
      expect((await history(db, participant.id)).map((h) => h.note)).toEqual([
        '2 von 3 Personen (Ticket)',
        '1 von 3 Personen (Ticket)',
      ]);
    }));

  it('refuses a forged, altered or malformed code (TICKET_INVALID), nothing changes', () =>
    inRolledBackTransaction(async (db) => {
      const { admin, participant, code } = await setUp(db);
      const other = await insertParticipant(db, participant.event_id, { persons: 1 });
      const lastChar = code.at(-1) === '0' ? '1' : '0';
      const forged = [
        code.slice(0, -1) + lastChar,
        // Another booking's id under this booking's signature.
        `T1-${other.id.replaceAll('-', '').toUpperCase()}${code.slice(35)}`,
        participant.reference,
        '',
      ];
      for (const bad of forged) {
        const outcome = await scan(db, admin, bad);
        expect(outcome.error?.message, bad).toBe('TICKET_INVALID');
      }
      const [row] = await db.query<{ checked_in_at: string | null }>(
        'select checked_in_at from public.participants where id = $1',
        [participant.id],
      );
      expect(row!.checked_in_at).toBeNull();
    }));

  it('refuses a cancelled booking (PARTICIPANT_CANCELLED) and an anonymised one (TICKET_BOOKING_GONE)', () =>
    inRolledBackTransaction(async (db) => {
      const { admin, participant, code } = await setUp(db);
      await db.query(`update public.participants set status = 'cancelled' where id = $1`, [participant.id]);
      expect((await scan(db, admin, code)).error?.message).toBe('PARTICIPANT_CANCELLED');
      await db.query('update public.participants set anonymised_at = now() where id = $1', [participant.id]);
      expect((await scan(db, admin, code)).error?.message).toBe('TICKET_BOOKING_GONE');
      await db.query('delete from public.participants where id = $1', [participant.id]);
      expect((await scan(db, admin, code)).error?.message).toBe('TICKET_BOOKING_GONE');
    }));

  it('the manual untick clears a partial scan', () =>
    inRolledBackTransaction(async (db) => {
      const { admin, participant, code } = await setUp(db);
      await scan(db, admin, code, 1);
      const undo = await db.as(admin, 'select public.admin_set_checked_in($1, false)', [participant.id]);
      expect(undo.error).toBeNull();
      const again = await scan(db, admin, code);
      expect(again.rows[0]!.r).toMatchObject({ checked_in_persons: 3, already_checked_in: false });
    }));
});

// At the door (20261128337000_checkin_at_the_door.sql): the scanner names its event.
describe("admin_check_in_ticket at one event's door", () => {
  it('refuses a ticket of another event with its title and date, and checks in nothing', () =>
    inRolledBackTransaction(async (db) => {
      const { admin, participant, code } = await setUp(db, 2);
      const other = await insertEvent(db, { title: 'Anderer Abend', startInDays: 7 });
      const refused = await db.as(admin, 'select public.admin_check_in_ticket($1, null, $2)', [
        code,
        other.id,
      ]);
      expect(refused.error?.message).toBe('TICKET_OTHER_EVENT');
      const [event] = await db.query<{ label: string }>(
        `select e.title || ', ' || to_char(e.start_date, 'DD.MM.YYYY') as label from public.events e where e.id = $1`,
        [participant.event_id],
      );
      expect(refused.error?.detail).toBe(event!.label);
      const [row] = await db.query<{ checked_in_at: string | null }>(
        'select checked_in_at from public.participants where id = $1',
        [participant.id],
      );
      expect(row!.checked_in_at).toBeNull();
      // Its own event's door lets it in.
      const admitted = await db.as<{ r: Scan }>(
        admin,
        'select public.admin_check_in_ticket($1, null, $2) as r',
        [code, participant.event_id],
      );
      expect(admitted.rows[0]!.r.checked_in_persons).toBe(2);
    }));

  it('says what is still to collect: an on-site booking owes its price, a paid one nothing', () =>
    inRolledBackTransaction(async (db) => {
      const admin = await db.createUser({ admin: true });
      const event = await insertEvent(db, { title: 'Abend', startInDays: 0, price: 45 });
      const onsite = await insertParticipant(db, event.id, { persons: 2, email: 'vorort@example.ch' });
      const paid = await insertParticipant(db, event.id, { email: 'bezahlt@example.ch', paid: true });
      const answers: Record<string, unknown>[] = [];
      for (const booking of [onsite, paid]) {
        const [ticket] = await db.query<{ code: string }>('select private.ticket_code($1) as code', [
          booking.id,
        ]);
        const outcome = await db.as<{ r: Record<string, unknown> }>(
          admin,
          'select public.admin_check_in_ticket($1) as r',
          [ticket!.code],
        );
        expect(outcome.error).toBeNull();
        answers.push(outcome.rows[0]!.r);
      }
      expect(answers[0]).toMatchObject({ payment_method: 'onsite', open_cents: 9000 });
      expect(answers[1]).toMatchObject({ open_cents: 0 });
    }));
});

// The visitor's side (supabase/migrations/20261128335000_ticket_qr.sql): the manage link shows the
// ticket, and the mails a visitor keeps for the evening carry it; only a booked seat has one.
describe('the ticket on the visitor side', () => {
  async function viewed(db: Session, participantId: string) {
    const [minted] = await db.query<{ reference: string; token: string }>(
      `select p.reference, private.mint_manage_token(p.id) as token from public.participants p where p.id = $1`,
      [participantId],
    );
    const read = await db.as<{ v: { ticket_code: string | null } }>(
      anon,
      'select public.booking_by_token($1, $2) as v',
      [minted!.reference, minted!.token],
    );
    expect(read.error).toBeNull();
    return read.rows[0]!.v.ticket_code;
  }

  async function mailedTicket(db: Session, participantId: string, kind: string) {
    // A receipt says what was paid (its PDF row needs the amount).
    const payment =
      kind === 'payment_receipt' ? { payment: { amountCents: 4500, paidAt: '2026-11-28' } } : {};
    await db.query(
      `select private.enqueue_mail($1, 'petra@example.ch', private.booking_mail_payload($2) || $3::jsonb, $2)`,
      [kind, participantId, JSON.stringify(payment)],
    );
    const [mail] = await db.query<{ ticket: { code: string } | null }>(
      `select payload -> 'ticket' as ticket from public.mail_outbox
        where participant_id = $1 and kind = $2 order by created_at desc limit 1`,
      [participantId, kind],
    );
    return mail!.ticket?.code ?? null;
  }

  it('shows a confirmed booking its code through the manage link, and mails it', () =>
    inRolledBackTransaction(async (db) => {
      const { participant, code } = await setUp(db, 2);
      expect(await viewed(db, participant.id)).toBe(code);
      for (const kind of ['participant_confirmation', 'payment_receipt', 'event_reminder']) {
        expect(await mailedTicket(db, participant.id, kind)).toBe(code);
      }
    }));

  it('gives no ticket to a held checkout, a cancelled booking or a cancelled event', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, { title: 'Abend', startInDays: 3 });
      const held = await insertParticipant(db, event.id, { status: 'held', payment_method: 'stripe' });
      const cancelled = await insertParticipant(db, event.id, { status: 'cancelled' });
      for (const participant of [held, cancelled]) {
        expect(await viewed(db, participant.id)).toBeNull();
        expect(await mailedTicket(db, participant.id, 'participant_confirmation')).toBeNull();
      }
      const booked = await insertParticipant(db, event.id);
      await db.query('update public.events set is_cancelled = true where id = $1', [event.id]);
      expect(await viewed(db, booked.id)).toBeNull();
    }));
});

// The scanner looks a ticket up before it checks in (20261128339800_door_lookup.sql).
describe('admin_ticket_booking', () => {
  it('answers who and how many without checking in, and the same refusals', () =>
    inRolledBackTransaction(async (db) => {
      const { admin, participant, code } = await setUp(db, 3);
      const look = () =>
        db.as<{ r: Scan & { open_cents: number } }>(
          admin,
          'select public.admin_ticket_booking($1, $2) as r',
          [code, participant.event_id],
        );
      const first = await look();
      expect(first.error).toBeNull();
      expect(first.rows[0]!.r).toMatchObject({
        persons: 3,
        checked_in_persons: 0,
        already_checked_in: false,
      });
      expect(await history(db, participant.id)).toEqual([]);
      await scan(db, admin, code, 2);
      expect((await look()).rows[0]!.r).toMatchObject({ checked_in_persons: 2, already_checked_in: false });
      await scan(db, admin, code);
      expect((await look()).rows[0]!.r).toMatchObject({ checked_in_persons: 3, already_checked_in: true });
      const other = await insertEvent(db, { title: 'Anderer Abend', startInDays: 7 });
      const refused = await db.as(admin, 'select public.admin_ticket_booking($1, $2)', [code, other.id]);
      expect(refused.error?.message).toBe('TICKET_OTHER_EVENT');
      const forged = await db.as(admin, 'select public.admin_ticket_booking($1)', [
        `${code.slice(0, -1)}${code.endsWith('0') ? '1' : '0'}`,
      ]);
      expect(forged.error?.message).toBe('TICKET_INVALID');
      const user = await db.createUser();
      expect((await db.as(user, 'select public.admin_ticket_booking($1)', [code])).error?.code).toBe('42501');
    }));
});

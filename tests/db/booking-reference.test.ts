import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { anon, inRolledBackTransaction, service, type Session } from './support/db';
import { insertEvent, insertParticipant } from './support/fixtures';

// Booking reference, manage tokens and the one booking path (supabase/schemas/20_bookings.sql).

const REGISTER = 'select public.register_for_event($1, $2, $3, $4, $5, $6, $7, $8) as result';

interface Receipt {
  participant_id: string;
  reference: string;
  confirmation_token: string | null;
  manage_token: string;
  persons: number;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

// As the edge function calls it (the service role keeps execute whoever else may).
async function book(db: Session, eventId: string, requestId: string | null = null, email = 'ref@example.ch') {
  const outcome = await db.as<{ result: Receipt }>(service, REGISTER, [
    eventId,
    'Rita Referenz',
    email,
    '+41 79 123 45 67',
    'onsite',
    '',
    requestId,
    2,
  ]);
  expect(outcome.error).toBeNull();
  return outcome.rows[0]!.result;
}

async function checkToken(db: Session, reference: string, token: string) {
  return db.query<{ participant_id: string; expired: boolean }>(
    'select * from private.manage_token_check($1, $2)',
    [reference, token],
  );
}

describe('booking reference', () => {
  it('gives every booking a short unambiguous reference, stored with it', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db);
      const receipt = await book(db, event.id);
      expect(receipt.reference).toMatch(/^SW-[2-9A-HJKMNP-Z]{4}$/);
      const [row] = await db.query<{ reference: string }>(
        'select reference from public.participants where id = $1',
        [receipt.participant_id],
      );
      expect(row?.reference).toBe(receipt.reference);
    }));

  it('sets one on every insert (an admin entry too) and keeps them unique', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, { max_participants: 50 });
      const references = new Set<string>();
      for (let index = 0; index < 30; index += 1) {
        const row = await insertParticipant(db, event.id, { email: `p${index}@example.ch` });
        references.add(row.reference);
      }
      expect(references.size).toBe(30);
      const duplicate = await db.as(
        service,
        'update public.participants set reference = $1 where reference <> $1',
        [[...references][0]],
      );
      expect(duplicate.error).toMatchObject({ code: '23505', constraint: 'participants_reference_key' });
    }));

  it('refuses a reference outside the alphabet (0, O, 1, I, L are never used)', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db);
      const row = await insertParticipant(db, event.id);
      const outcome = await db.as(service, 'update public.participants set reference = $1 where id = $2', [
        'SW-10OL',
        row.id,
      ]);
      expect(outcome.error).toMatchObject({ code: '23514', constraint: 'participants_reference_check' });
    }));
});

describe('manage tokens', () => {
  it('answers the booking with a manage token whose hash alone is stored', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db);
      const receipt = await book(db, event.id);
      expect(receipt.manage_token).toMatch(/^[0-9a-f]{64}$/);
      const stored = await db.query<{ token_hash: string }>(
        'select token_hash from public.manage_tokens where participant_id = $1',
        [receipt.participant_id],
      );
      // One for the answer, one in the confirmation mail.
      expect(stored).toHaveLength(2);
      expect(stored.map((row) => row.token_hash)).toContain(sha256(receipt.manage_token));
      expect(stored.map((row) => row.token_hash)).not.toContain(receipt.manage_token);
      expect(await checkToken(db, receipt.reference, receipt.manage_token)).toEqual([
        { participant_id: receipt.participant_id, expired: false },
      ]);
    }));

  it('finds nothing for a wrong token, or a right token with another reference', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db);
      const first = await book(db, event.id);
      const second = await book(db, event.id, null, 'zweite@example.ch');
      expect(await checkToken(db, first.reference, 'f'.repeat(64))).toEqual([]);
      expect(await checkToken(db, first.reference, '')).toEqual([]);
      expect(await checkToken(db, second.reference, first.manage_token)).toEqual([]);
      // The reference is read as typed on paper: lower case and spaces are fine.
      expect(await checkToken(db, ` ${first.reference.toLowerCase()} `, first.manage_token)).toHaveLength(1);
    }));

  it('mints several valid tokens per booking, and says when one has expired', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db);
      const participant = await insertParticipant(db, event.id);
      const { reference } = participant;
      const [minted] = await db.query<{ a: string; b: string }>(
        'select private.mint_manage_token($1) as a, private.mint_manage_token($1) as b',
        [participant.id],
      );
      expect(minted!.a).not.toBe(minted!.b);
      expect(await checkToken(db, reference, minted!.a)).toHaveLength(1);
      expect(await checkToken(db, reference, minted!.b)).toHaveLength(1);
      await db.query(
        `update public.manage_tokens set expires_at = now() - interval '1 second' where token_hash = $1`,
        [sha256(minted!.a)],
      );
      expect(await checkToken(db, reference, minted!.a)).toEqual([
        { participant_id: participant.id, expired: true },
      ]);
    }));

  it('stays valid until weeks after the event', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, { startInDays: 10 });
      const participant = await insertParticipant(db, event.id);
      const [minted] = await db.query<{ token: string }>('select private.mint_manage_token($1) as token', [
        participant.id,
      ]);
      const [row] = await db.query<{ days: number }>(
        `select extract(day from t.expires_at - now())::integer as days
         from public.manage_tokens t where t.token_hash = $1`,
        [sha256(minted!.token)],
      );
      expect(row!.days).toBeGreaterThanOrEqual(39);
      expect(row!.days).toBeLessThanOrEqual(41);
    }));

  it('is out of reach of the API roles: the table, the minting, the check', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db);
      const participant = await insertParticipant(db, event.id);
      for (const actor of [anon, service]) {
        expect((await db.as(actor, 'select * from public.manage_tokens')).error).toMatchObject({
          code: '42501',
        });
        expect(
          (await db.as(actor, 'select private.mint_manage_token($1)', [participant.id])).error,
        ).toMatchObject({ code: '42501' });
        expect(
          (await db.as(actor, `select * from private.manage_token_check('SW-AAAA', 'x')`)).error,
        ).toMatchObject({ code: '42501' });
      }
    }));

  it('puts a manage link (reference and token) into the confirmation mail only', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db);
      const receipt = await book(db, event.id);
      const mails = await db.query<{
        kind: string;
        payload: { manageToken?: string; participant: { reference: string } };
      }>('select kind, payload from public.mail_outbox where participant_id = $1 order by kind', [
        receipt.participant_id,
      ]);
      expect(mails.map((mail) => mail.kind)).toEqual(['participant_confirmation', 'registration_notice']);
      const [confirmation, notice] = mails;
      expect(confirmation!.payload.participant.reference).toBe(receipt.reference);
      expect(notice!.payload.participant.reference).toBe(receipt.reference);
      expect(notice!.payload.manageToken).toBeUndefined();
      const token = confirmation!.payload.manageToken!;
      expect(token).not.toBe(receipt.manage_token);
      expect(await checkToken(db, receipt.reference, token)).toHaveLength(1);
    }));
});

describe('one booking path', () => {
  it('a repeated request answers the first booking (same reference, a fresh manage token)', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db);
      const requestId = '4b9f6a52-6d53-4a87-9d0b-0f8c7c1b5a11';
      const first = await book(db, event.id, requestId);
      const again = await book(db, event.id, requestId);
      expect(again.participant_id).toBe(first.participant_id);
      expect(again.reference).toBe(first.reference);
      expect(again.manage_token).not.toBe(first.manage_token);
      expect(await checkToken(db, first.reference, again.manage_token)).toHaveLength(1);
    }));

  it('register_for_event only calls private.book, which the API roles cannot call directly', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db);
      for (const actor of [anon, service]) {
        const direct = await db.as(actor, 'select private.book($1, $2, $3, $4, $5, $6, $7, $8)', [
          event.id,
          'Rita',
          'rita@example.ch',
          '+41 79 123 45 67',
          'onsite',
          '',
          null,
          1,
        ]);
        expect(direct.error).toMatchObject({ code: '42501' });
      }
      const [definition] = await db.query<{ body: string }>(
        // By name: one overload only (schema-equality checks that), whatever its parameters.
        `select prosrc as body from pg_proc
          where proname = 'register_for_event' and pronamespace = 'public'::regnamespace`,
      );
      expect(definition!.body.trim()).toMatch(/^select private\.book\(/);
    }));
});

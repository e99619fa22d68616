import { describe, expect, it } from 'vitest';
import { anon, inRolledBackTransaction, type Session } from './support/db';
import { eventById, insertEvent } from './support/fixtures';

// Links that never break (supabase/schemas/10_events_and_availability.sql): every earlier slug of an event leads to its
// current slug through public.current_event_slug; visitors cannot read the history itself.

async function currentSlug(db: Session, slug: string): Promise<string | null> {
  const outcome = await db.as<{ slug: string | null }>(anon, 'select public.current_event_slug($1) as slug', [
    slug,
  ]);
  if (outcome.error) throw outcome.error;
  return outcome.rows[0]?.slug ?? null;
}

describe('event slug history', () => {
  it('leads every earlier slug to the current one after renames', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, { title: 'Pasta Abend' });
      const first = event.slug;
      await db.query(`update public.events set title = 'Pasta von Hand' where id = $1`, [event.id]);
      const second = (await eventById(db, event.id)).slug;
      await db.query(`update public.events set title = 'Pasta & Wein' where id = $1`, [event.id]);
      const third = (await eventById(db, event.id)).slug;
      expect(new Set([first, second, third]).size).toBe(3);
      expect(await currentSlug(db, first)).toBe(third);
      expect(await currentSlug(db, second)).toBe(third);
      // The current slug is not "old".
      expect(await currentSlug(db, third)).toBeNull();
      expect(await currentSlug(db, 'gibt-es-nicht')).toBeNull();
    }));

  it('keeps a slug that is current again out of the history', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, { title: 'Brot backen' });
      const original = event.slug;
      await db.query(`update public.events set title = 'Brot backen für alle' where id = $1`, [event.id]);
      await db.query(`update public.events set title = 'Brot backen' where id = $1`, [event.id]);
      expect((await eventById(db, event.id)).slug).toBe(original);
      expect(await currentSlug(db, original)).toBeNull();
    }));

  it('does not lead to an event a visitor may not see', () =>
    inRolledBackTransaction(async (db) => {
      const event = await insertEvent(db, { title: 'Geheimer Abend' });
      const old = event.slug;
      await db.query(`update public.events set title = 'Neuer Abend', status = 'draft' where id = $1`, [
        event.id,
      ]);
      expect(await currentSlug(db, old)).toBeNull();
    }));

  it('is not readable by visitors', () =>
    inRolledBackTransaction(async (db) => {
      const outcome = await db.as(anon, 'select * from public.event_slug_history');
      expect(outcome.error?.code).toBe('42501');
    }));
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { retentionParagraphs, retentionPromises } from '@/content/legal';
import { anon, connect, inRolledBackTransaction } from './support/db';

// The privacy page's retention sentences and the rules the nightly job runs (retention_rules,
// issue 30) say the same: every rule with a limit has its sentence, worded for the days the
// database holds; the limits are public (the page reads them as a visitor), and only an admin
// changes them, never below the rule's floor.

let client: pg.Client;
beforeAll(async () => {
  client = await connect();
});
afterAll(() => client.end());

async function limitedRules(): Promise<Record<string, number>> {
  const { rows } = await client.query<{ key: string; keep_days: number }>(
    'select key, keep_days from public.retention_rules where keep_days is not null',
  );
  return Object.fromEntries(rows.map((row) => [row.key, Number(row.keep_days)]));
}

it('has a sentence for every rule with a limit, and none for a rule the database lacks', async () => {
  const rules = await limitedRules();
  expect(retentionPromises.map((promise) => promise.rule).sort()).toEqual(Object.keys(rules).sort());
});

it('words the default limits as a reader says them', async () => {
  expect(retentionParagraphs(await limitedRules())).toEqual([
    'Versendete E-Mails: Inhalt und Adresse löschen wir 30 Tage nach dem Versand.',
    'Nicht bestätigte Newsletter-Anmeldungen löschen wir 30 Tage nach der Anmeldung.',
    'Wartelisten-Einträge löschen wir, sobald der Anlass vorbei ist.',
    'Erledigte Anfragen anonymisieren wir 12 Monate nach der Erledigung.',
    'E-Mail-Adresse, Telefonnummer, Bemerkungen und Antworten von Teilnehmenden entfernen wir 24 Monate nach dem Anlass.',
    'Nachrichten an die Teilnehmenden eines Anlasses löschen wir 24 Monate nach dem Anlass.',
    'Buchungsnummer, Beträge, Daten, Zahlungen und den Namen auf der Rechnung bewahren wir zehn Jahre nach dem Anlass auf, wie es die Buchführungspflicht verlangt; danach anonymisieren wir sie.',
  ]);
});

describe('who reads and changes the limits', () => {
  it('a visitor reads each limit, but not the rules’ internals, and changes nothing', () =>
    inRolledBackTransaction(async (db) => {
      const read = await db.as<{ key: string; keep_days: number | null }>(
        anon,
        'select key, keep_days from public.retention_rules order by key',
      );
      expect(read.error).toBeNull();
      expect(read.rows.find((rule) => rule.key === 'enquiry')?.keep_days).toBe(365);
      expect((await db.as(anon, 'select min_days from public.retention_rules')).error?.code).toBe('42501');
      const change = await db.as(
        anon,
        `update public.retention_rules set keep_days = 1 where key = 'enquiry'`,
      );
      expect(change.error?.code).toBe('42501');
    }));

  it('a signed-in user without admin rights changes nothing', () =>
    inRolledBackTransaction(async (db) => {
      const user = await db.createUser();
      const change = await db.as(
        user,
        `update public.retention_rules set keep_days = 400 where key = 'enquiry'`,
      );
      expect(change.rowCount).toBe(0);
      expect(
        (await db.query(`select keep_days from public.retention_rules where key = 'enquiry'`))[0],
      ).toEqual({
        keep_days: 365,
      });
    }));

  it('an admin changes a limit down to its floor, not below, and cannot limit an unlimited rule', () =>
    inRolledBackTransaction(async (db) => {
      const admin = await db.createUser({ admin: true });
      const set = (key: string, days: number) =>
        db.as(admin, 'update public.retention_rules set keep_days = $2 where key = $1', [key, days]);
      expect((await set('enquiry', 30)).rowCount).toBe(1);
      expect((await set('enquiry', 29)).error?.constraint).toBe('retention_rules_min_days_check');
      expect((await set('bookkeeping', 3649)).error?.constraint).toBe('retention_rules_min_days_check');
      expect((await set('waitlist', 0)).rowCount).toBe(1);
      expect((await set('newsletter_subscribed', 30)).error?.constraint).toBe('retention_rules_limit_check');
      expect(
        (await db.as(admin, `update public.retention_rules set min_days = 0 where key = 'bookkeeping'`)).error
          ?.code,
      ).toBe('42501');
    }));
});

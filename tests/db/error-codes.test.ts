import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../tools/local-stack/paths';
import { anon, inRolledBackTransaction, service } from './support/db';
import { codesRaisedInFiles, raisedCodes } from '../support/raised-codes';

// public.error_codes is the one list of the codes SQL raises (migration 20261128020000); the
// TypeScript union and messages are generated from it. Here it is checked against what the SQL
// really raises: the files (migrations, and the per-domain schema files where they exist) and
// the functions of the migrated database (superseded definitions in old migrations do not count
// as a use).

const SQL_FOLDERS = [join(REPO_ROOT, 'supabase', 'migrations'), join(REPO_ROOT, 'supabase', 'schemas')];

interface ErrorCodeRow {
  code: string;
  visitor_message: string | null;
  admin_message: string | null;
}

/** The codes the project's functions raise today, from their bodies in the database. */
async function codesRaisedByFunctions(): Promise<Map<string, string[]>> {
  return inRolledBackTransaction(async (db) => {
    const functions = await db.query<{ name: string; body: string }>(
      `select n.nspname || '.' || p.proname as name, p.prosrc as body
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname in ('public', 'private')
         and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')`,
    );
    const where = new Map<string, string[]>();
    for (const { name, body } of functions) {
      for (const code of raisedCodes(body)) where.set(code, [...(where.get(code) ?? []), name]);
    }
    return where;
  });
}

async function listedCodes(): Promise<ErrorCodeRow[]> {
  return inRolledBackTransaction(async (db) => {
    // Read as a visitor: the site may load the texts through the API.
    const { rows, error } = await db.as<ErrorCodeRow>(
      anon,
      'select code, visitor_message, admin_message from public.error_codes order by code',
    );
    if (error) throw error;
    return rows;
  });
}

describe('raisedCodes reads raise statements', () => {
  it('finds plain codes and the codes of a case, not DETAIL or developer messages', () => {
    const sql = `
      raise exception 'EVENT_NOT_FOUND';
      raise exception 'TOO_MANY_PERSONS' using detail = 'LIMIT';
      raise exception '%', case v_reason when 'cancelled' then 'EVENT_CANCELLED' else 'EVENT_NOT_BOOKABLE' end;
      raise exception 'no free booking reference';
      -- raise exception 'COMMENTED_OUT';
      raise notice 'NOT_AN_ERROR';`;
    expect([...raisedCodes(sql)].sort()).toEqual([
      'EVENT_CANCELLED',
      'EVENT_NOT_BOOKABLE',
      'EVENT_NOT_FOUND',
      'TOO_MANY_PERSONS',
    ]);
  });
});

describe('public.error_codes', () => {
  it('names every code a raise exception in the SQL files raises', async () => {
    const raised = await codesRaisedInFiles(SQL_FOLDERS);
    expect(raised.size, 'no raise exception found: the scan looks at the wrong place').toBeGreaterThan(20);
    const listed = new Set((await listedCodes()).map((row) => row.code));
    const missing = [...raised]
      .filter(([code]) => !listed.has(code))
      .map(
        ([code, files]) => `${code} (${files.map((file) => file.slice(REPO_ROOT.length + 1)).join(', ')})`,
      );
    expect(missing, 'add these codes with their German texts to public.error_codes').toEqual([]);
  });

  it('names every code the functions of the database raise, and no code they do not raise', async () => {
    const raised = await codesRaisedByFunctions();
    const listed = (await listedCodes()).map((row) => row.code);
    expect(
      [...raised.keys()].filter((code) => !listed.includes(code)),
      'raised but not in public.error_codes',
    ).toEqual([]);
    expect(
      listed.filter((code) => !raised.has(code)),
      'in public.error_codes but raised by no function: remove them',
    ).toEqual([]);
  });

  it('gives every code a German text (Swiss spelling, no ß) for its audience', async () => {
    const rows = await listedCodes();
    for (const row of rows) {
      const texts = [row.visitor_message, row.admin_message].filter((text) => text !== null);
      expect(texts.length, row.code).toBeGreaterThan(0);
      for (const text of texts) expect(text, row.code).not.toContain('ß');
    }
  });

  it('is read-only through the API', () =>
    inRolledBackTransaction(async (db) => {
      const user = await db.createUser({ admin: true });
      for (const actor of [anon, user, service]) {
        const insert = await db.as(
          actor,
          `insert into public.error_codes (code, visitor_message) values ('NEW_CODE', 'Neu')`,
        );
        expect(insert.error?.code, `insert as ${actor.kind}`).toBe('42501');
        const update = await db.as(actor, `update public.error_codes set admin_message = 'x'`);
        expect(update.error?.code, `update as ${actor.kind}`).toBe('42501');
        const remove = await db.as(actor, 'delete from public.error_codes');
        expect(remove.error?.code, `delete as ${actor.kind}`).toBe('42501');
      }
    }));
});

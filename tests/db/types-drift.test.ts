import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { DATABASE_TYPES_FILE, generateDatabaseTypes } from '../../tools/local-stack/types-gen';

// supabase/functions/_common/database.ts is generated from the migrations, never edited by hand. A
// migration without a fresh `npm run db:types` (or a hand edit) fails here.
it('the committed supabase/functions/_common/database.ts equals a fresh generation from the migrations', async () => {
  const [committed, fresh] = await Promise.all([
    readFile(DATABASE_TYPES_FILE, 'utf8'),
    generateDatabaseTypes(),
  ]);
  expect(
    committed,
    'supabase/functions/_common/database.ts is stale: run `npm run db:types` and commit it',
  ).toBe(fresh);
}, 180_000);

import { readFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { expect, it } from 'vitest';
import { REPO_ROOT } from '../../tools/local-stack/paths';
import { generateTypeFiles } from '../../tools/local-stack/types-gen';

// The database types and the error codes (public.error_codes), both in
// supabase/functions/_common, are generated from the migrations, never edited by hand. A
// migration without a fresh `npm run db:types` (or a hand edit) fails here.
it('the committed generated types equal a fresh generation from the migrations', async () => {
  const generated = await generateTypeFiles();
  expect(generated).toHaveLength(2);
  for (const { file, content } of generated) {
    const committed = await readFile(file, 'utf8');
    expect(
      committed,
      `${relative(REPO_ROOT, file)} is stale: run ` + '`npm run db:types`' + ` and commit it`,
    ).toBe(content);
  }
}, 180_000);

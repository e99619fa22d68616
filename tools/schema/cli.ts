import { existsSync } from 'node:fs';
import { readdir, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { REPO_ROOT } from '../local-stack/paths';
import { withThrowawayCluster } from './databases';
import {
  BASELINE_FILE,
  BASELINE_VERSION,
  baselineText,
  MIGRATIONS_DIR,
  SCHEMAS_DIR,
  schemaFileNames,
} from './files';
import { generateSchemaFiles } from './generate';

// `npm run db:schema`: rebuilds supabase/schemas/*.sql from a throw-away database migrated with
// supabase/migrations. `-- --check` only compares and exits 1 on a difference. `-- --squash`
// was run once, before the first deploy: it wrote the baseline migration from the schema files
// and deleted the migrations it replaces.

async function main(): Promise<void> {
  const args = new Set(process.argv.slice(2));
  const files = await withThrowawayCluster(generateSchemaFiles);
  const stale: string[] = [];
  const existing = new Set(await schemaFileNames());
  for (const [name, text] of files) {
    const current = existing.has(name) ? await readFile(join(SCHEMAS_DIR, name), 'utf8') : null;
    if (current !== text) stale.push(name);
    existing.delete(name);
  }
  stale.push(...[...existing].map((name) => `${name} (no longer generated)`));
  if (args.has('--check')) {
    if (stale.length === 0) return console.log('supabase/schemas is up to date.');
    console.error(
      `supabase/schemas differs from the migrations: ${stale.join(', ')}\nRun \`npm run db:schema\`.`,
    );
    process.exitCode = 1;
    return;
  }
  await mkdir(SCHEMAS_DIR, { recursive: true });
  for (const name of existing) await rm(join(SCHEMAS_DIR, name));
  for (const [name, text] of files) await writeFile(join(SCHEMAS_DIR, name), text);
  console.log(stale.length ? `Wrote ${stale.join(', ')}` : 'supabase/schemas was already up to date.');
  if (args.has('--squash')) await squash();
}

async function squash(): Promise<void> {
  // The baseline is a migration like any other once it exists: never rewritten.
  if (existsSync(BASELINE_FILE)) throw new Error(`${relative(REPO_ROOT, BASELINE_FILE)} exists already.`);
  const replaced = (await readdir(MIGRATIONS_DIR)).filter(
    (file) => /^\d+_.*\.sql$/.test(file) && file.slice(0, file.indexOf('_')) < BASELINE_VERSION,
  );
  await writeFile(BASELINE_FILE, await baselineText());
  for (const file of replaced) await rm(join(MIGRATIONS_DIR, file));
  console.log(`Wrote ${relative(REPO_ROOT, BASELINE_FILE)}; removed ${replaced.length} migrations.`);
}

await main();

import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { REPO_ROOT } from '../local-stack/paths';
import { BASELINE_VERSION } from '../local-stack/squashed-migrations';

export const SCHEMAS_DIR = join(REPO_ROOT, 'supabase', 'schemas');
export const MIGRATIONS_DIR = join(REPO_ROOT, 'supabase', 'migrations');
export { BASELINE_VERSION };
export const BASELINE_FILE = join(MIGRATIONS_DIR, `${BASELINE_VERSION}_baseline.sql`);

/** The committed schema files in apply order. */
export async function schemaFileNames(): Promise<string[]> {
  return (await readdir(SCHEMAS_DIR).catch(() => [] as string[])).filter((f) => f.endsWith('.sql')).sort();
}

/** The schema files as one script, in apply order (what the baseline migration was made of). */
export async function concatenatedSchema(): Promise<string> {
  const parts: string[] = [];
  for (const name of await schemaFileNames()) parts.push(await readFile(join(SCHEMAS_DIR, name), 'utf8'));
  return parts.join('\n');
}

/** The baseline migration's text: the schema files concatenated under a short header. */
export async function baselineText(): Promise<string> {
  const header = [
    '-- Baseline: the schema of supabase/schemas/*.sql in apply order, made once with',
    '-- `npm run db:schema -- --squash` from the 47 migrations written before the first deploy',
    '-- (20261122000100 to 20261127001310; see git history). Never edit: a change is a new migration.',
    '',
  ].join('\n');
  return header + (await concatenatedSchema());
}

import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { REPO_ROOT } from '../local-stack/paths';

export const SCHEMAS_DIR = join(REPO_ROOT, 'supabase', 'schemas');
export const MIGRATIONS_DIR = join(REPO_ROOT, 'supabase', 'migrations');
/** The one-time squash of the 47 migrations of before the first deploy. */
export const BASELINE_VERSION = '20261128000000';
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

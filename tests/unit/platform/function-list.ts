import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const REPO = join(import.meta.dirname, '..', '..', '..');
export const FUNCTIONS_DIR = join(REPO, 'supabase', 'functions');

/**
 * The deployable functions: every folder of supabase/functions with an index.ts. Folders whose
 * name starts with `_` hold shared code and tests; the CLI skips them, and so does this list.
 */
export function functionFolders(dir = FUNCTIONS_DIR): string[] {
  return readdirSync(dir)
    .filter((name) => !name.startsWith('_') && !name.startsWith('.'))
    .filter((name) => statSync(join(dir, name)).isDirectory())
    .sort();
}

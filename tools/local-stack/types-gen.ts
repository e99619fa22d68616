import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { prepareDatabase } from './migrate';
import { REPO_ROOT } from './paths';
import { freePort } from './ports';
import { startPostgres } from './postgres';
import { configStrings, readSupabaseConfig } from './supabase-config';

/**
 * Beside the other code the site and the edge functions share (imported as '@common/database.ts'
 * by both), so the functions never reach into src/ for their row types.
 */
export const DATABASE_TYPES_FILE = join(REPO_ROOT, 'supabase', 'functions', '_common', 'database.ts');
const POSTGRES_META_SERVER = join(
  REPO_ROOT,
  'node_modules',
  '@supabase',
  'postgres-meta',
  'dist',
  'server',
  'server.js',
);

/**
 * The `Database` types `supabase gen types typescript --local` would print, generated the same
 * way (postgres-meta's generator) from a throw-away database built from the migrations alone,
 * so the result depends on the committed schema only, never on local data or a running stack.
 */
export async function generateDatabaseTypes(): Promise<string> {
  const dataDir = await mkdtemp(join(tmpdir(), 'local-stack-types-'));
  try {
    const postgres = await startPostgres({ dataDir, port: await freePort(), ephemeral: true });
    try {
      await prepareDatabase(postgres.url());
      const schemas = configStrings(readSupabaseConfig(), 'api', 'schemas');
      const { stdout } = await promisify(execFile)(process.execPath, [POSTGRES_META_SERVER], {
        env: {
          ...process.env,
          PG_META_DB_URL: postgres.url(),
          PG_META_GENERATE_TYPES: 'typescript',
          PG_META_GENERATE_TYPES_INCLUDED_SCHEMAS: (schemas.length ? schemas : ['public']).join(','),
          PG_META_GENERATE_TYPES_DETECT_ONE_TO_ONE_RELATIONSHIPS: 'true',
        },
        maxBuffer: 32 * 1024 * 1024,
      });
      return stdout;
    } finally {
      await postgres.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

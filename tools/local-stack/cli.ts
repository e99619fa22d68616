import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { resolveConfig, vaultSecrets } from './config';
import { MAILBOX_FILE } from './mail/mailbox';
import { adminPassword, LOCAL_ADMIN_EMAIL, prepareDatabase } from './migrate';
import { REPO_ROOT } from './paths';
import { isPortTaken } from './ports';
import { deleteCluster, startPostgres } from './postgres';
import { startStack, type RunningStack } from './stack';
import { generateTypeFiles } from './types-gen';
import type { StackConfig } from './types';

const VITE = join(REPO_ROOT, 'node_modules', '.bin', 'vite');

/** `.env` settings apply like in Vite, but variables set in the shell win. */
function loadDotEnv(): void {
  const file = join(REPO_ROOT, '.env');
  if (existsSync(file)) process.loadEnvFile(file);
}

function isLocalUrl(url: string, config: StackConfig): boolean {
  try {
    const parsed = new URL(url);
    return ['127.0.0.1', 'localhost'].includes(parsed.hostname) && Number(parsed.port) === config.apiPort;
  } catch {
    return false;
  }
}

function printBanner(stack: RunningStack, withSite: boolean): void {
  const { config } = stack;
  const lines = [
    '',
    'Lokaler Supabase-Stack läuft:',
    withSite ? `  Website      ${config.siteUrl}` : null,
    `  API          ${config.apiUrl}`,
    `  Postfach     ${config.apiUrl}/__mail`,
    `  Datenbank    ${config.dbUrl}`,
    `  Admin        ${LOCAL_ADMIN_EMAIL} / ${adminPassword()}`,
    `  ${(config.apiKeys === 'new' ? 'publishable' : 'anon key').padEnd(13)}${config.anonKey}`,
    `  Mails        Links führen auf ${config.siteUrl}`,
    '',
  ];
  console.log(lines.filter((line) => line !== null).join('\n'));
}

/** `npm run dev -- --port 3000`: the mails link to the port Vite is asked for. */
function siteUrlFromArgs(args: string[]): string | undefined {
  const index = args.findIndex((arg) => arg === '--port' || arg.startsWith('--port='));
  if (index < 0) return undefined;
  const port = args[index]!.includes('=') ? args[index]!.split('=')[1] : args[index + 1];
  return port && /^\d+$/.test(port) ? `http://127.0.0.1:${port}` : undefined;
}

/** Vite's port (vite.config.ts); when taken, the next free one. */
const DEV_SITE_PORT = 8080;

async function firstFreePort(from: number): Promise<number> {
  for (let port = from; port < from + 100; port++) if (!(await isPortTaken(port))) return port;
  throw new Error(`No free port from ${from} to ${from + 99} for the site.`);
}

/**
 * The port the site runs on is chosen here, not by Vite (which moves on by itself when 8080 is
 * taken): the functions allow only the origins the stack lists (CORS), and the mails link to
 * the site, so both must know the port before Vite starts. `--port <n>` chooses it explicitly.
 */
async function siteForDev(args: string[]): Promise<{ viteArgs: string[]; siteUrl?: string }> {
  const explicit = siteUrlFromArgs(args);
  if (explicit) return { viteArgs: args, siteUrl: explicit };
  const port = await firstFreePort(DEV_SITE_PORT);
  return {
    viteArgs: [...args, '--port', String(port), '--strictPort'],
    // LOCAL_STACK_SITE_URL, when set, still decides where the mails link to.
    siteUrl: process.env.LOCAL_STACK_SITE_URL ? undefined : `http://127.0.0.1:${port}`,
  };
}

async function startBackend(siteUrl?: string): Promise<RunningStack> {
  const config = await resolveConfig({ siteUrl });
  if (await isPortTaken(config.apiPort)) {
    throw new Error(
      `Port ${config.apiPort} is in use (another \`npm run dev\`, or \`supabase start\`?). ` +
        'To use an already running Supabase, set LOCAL_STACK=off or point VITE_SUPABASE_URL at it.',
    );
  }
  return startStack({ watchFunctions: true, siteUrl });
}

/** Stops everything once on Ctrl-C / SIGTERM, or when Vite ends by itself. */
function onShutdown(stop: () => Promise<void>): (code?: number) => void {
  let stopping = false;
  const shutdown = (code = 0) => {
    if (stopping) return;
    stopping = true;
    stop()
      .catch((error: unknown) => console.error(error))
      .finally(() => process.exit(code));
  };
  process.on('SIGINT', () => shutdown(0));
  process.on('SIGTERM', () => shutdown(0));
  return shutdown;
}

function runVite(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(VITE, args, { stdio: 'inherit', env: { ...process.env, ...env } });
}

async function dev(args: string[]): Promise<void> {
  const config = await resolveConfig();
  const external = process.env.VITE_SUPABASE_URL;
  if (process.env.LOCAL_STACK === 'off' || (external && !isLocalUrl(external, config))) {
    console.log(`Supabase: ${external ?? 'bereits laufender Stack'} (kein lokaler Stack gestartet)`);
    const vite = runVite(args, {});
    vite.on('exit', (code) => process.exit(code ?? 0));
    return;
  }
  const { viteArgs, siteUrl } = await siteForDev(args);
  const stack = await startBackend(siteUrl);
  let vite: ChildProcess | null = null;
  const shutdown = onShutdown(async () => {
    vite?.kill('SIGTERM');
    await stack.stop();
  });
  printBanner(stack, true);
  vite = runVite(viteArgs, {
    VITE_SUPABASE_URL: stack.config.apiUrl,
    VITE_SUPABASE_ANON_KEY: stack.config.anonKey,
  });
  vite.on('exit', (code) => shutdown(code ?? 0));
}

async function backendOnly(): Promise<void> {
  const stack = await startBackend();
  onShutdown(() => stack.stop());
  printBanner(stack, false);
}

/** `npm run db:reset`: the database and stored files from scratch (baseline, migrations, seed). */
async function reset(): Promise<void> {
  const config = await resolveConfig();
  await deleteCluster(config.dataDir);
  await rm(config.storageDir, { recursive: true, force: true });
  await rm(join(config.dataDir, MAILBOX_FILE), { force: true });
  const postgres = await startPostgres({ dataDir: config.dataDir, port: config.dbPort });
  try {
    const { applied } = await prepareDatabase(postgres.url(), { vaultSecrets: vaultSecrets(config) });
    console.log(`Datenbank neu aufgebaut: ${applied.length} Migrationen, Seed, Admin ${LOCAL_ADMIN_EMAIL}.`);
  } finally {
    await postgres.stop();
  }
}

async function types(): Promise<void> {
  for (const { file, content } of await generateTypeFiles()) {
    await writeFile(file, content);
    console.log(`Typen geschrieben: ${file}`);
  }
}

const COMMANDS: Record<string, (args: string[]) => Promise<void>> = {
  dev,
  stack: backendOnly,
  reset,
  types,
};

async function main(): Promise<void> {
  loadDotEnv();
  // A stray rejection inside one request must not take the whole local backend down.
  process.on('unhandledRejection', (reason) => console.error('[local-stack] unhandled rejection:', reason));
  const [command = '', ...rest] = process.argv.slice(2);
  // `tsx cli.ts dev -- --port 3000` passes the separator through; npm strips it.
  const args = rest[0] === '--' ? rest.slice(1) : rest;
  const run = COMMANDS[command];
  if (!run) {
    console.error(`usage: tsx tools/local-stack/cli.ts <${Object.keys(COMMANDS).join('|')}>`);
    process.exit(2);
  }
  await run(args);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT, STACK_DIR } from '../paths';

const BOOTSTRAP = join(STACK_DIR, 'functions', 'deno-bootstrap.js');
const READY_MARKER = 'LOCAL_FUNCTION_READY';
/** Generous: the first start of a function loads its npm packages from node_modules. */
const START_TIMEOUT_MS = 60_000;

/** The Deno binary of the `deno` npm package. */
export function denoBinary(): string {
  const candidates = [
    join(REPO_ROOT, 'node_modules', '.bin', 'deno'),
    join(REPO_ROOT, 'node_modules', 'deno', 'deno'),
  ];
  return candidates.find((candidate) => existsSync(candidate)) ?? 'deno';
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** One long-lived Deno process serving one function on a loopback port. */
export class DenoFunction {
  private child: ChildProcess | null = null;
  private exitListeners: (() => void)[] = [];
  exited = false;

  private constructor(
    readonly name: string,
    readonly port: number,
  ) {}

  onExit(listener: () => void): void {
    if (this.exited) listener();
    else this.exitListeners.push(listener);
  }

  /**
   * Starts `entry` with only the permissions an edge function has on Supabase (net, env, read)
   * and resolves when its Deno.serve listens; rejects when it dies or hangs first.
   */
  static async start(
    name: string,
    entry: string,
    env: Record<string, string>,
    denoDir: string,
  ): Promise<DenoFunction> {
    const fn = new DenoFunction(name, await freePort());
    // The function's own deno.json holds only its import map ('@common/' -> ../_common/), which is
    // how the Supabase CLI passes it too. As --import-map, not --config: the repo's package.json
    // stays the config, so `npm:` imports keep resolving from node_modules (a --config here would
    // download every package from the registry).
    const denoJson = join(dirname(entry), 'deno.json');
    const importMap = existsSync(denoJson) ? ['--import-map', denoJson] : [];
    const child = spawn(
      denoBinary(),
      [
        'run',
        '--allow-net',
        '--allow-env',
        '--allow-read',
        '--allow-sys',
        '--no-prompt',
        '--no-lock',
        '--quiet',
        ...importMap,
        BOOTSTRAP,
        pathToFileURL(entry).href,
        String(fn.port),
      ],
      {
        // package.json in the repo root lets Deno resolve `npm:` imports from node_modules.
        cwd: REPO_ROOT,
        env: {
          ...env,
          DENO_DIR: denoDir,
          HOME: process.env.HOME ?? REPO_ROOT,
          PATH: process.env.PATH ?? '',
          NO_COLOR: '1',
          DENO_NO_UPDATE_CHECK: '1',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    fn.child = child;
    const prefix = `[fn ${name}]`;
    child.stderr?.on('data', (chunk: Buffer) => process.stderr.write(indent(prefix, chunk.toString())));
    await new Promise<void>((resolve, reject) => {
      let ready = false;
      const timer = setTimeout(() => {
        reject(new Error(`${name} did not start within ${START_TIMEOUT_MS / 1000}s`));
        void fn.stop();
      }, START_TIMEOUT_MS);
      child.stdout?.on('data', (chunk: Buffer) => {
        const text = chunk.toString();
        if (!ready && text.includes(READY_MARKER)) {
          ready = true;
          clearTimeout(timer);
          resolve();
        }
        const rest = text
          .split('\n')
          .filter((line) => !line.startsWith(READY_MARKER))
          .join('\n');
        if (rest.trim() !== '') process.stdout.write(indent(prefix, rest));
      });
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      child.once('exit', (code, signal) => {
        fn.exited = true;
        clearTimeout(timer);
        for (const listener of fn.exitListeners.splice(0)) listener();
        if (!ready) reject(new Error(`${name} exited before serving (code ${code}, signal ${signal})`));
      });
    });
    return fn;
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || this.exited) return;
    await new Promise<void>((resolve) => {
      const force = setTimeout(() => child.kill('SIGKILL'), 2000);
      this.onExit(() => {
        clearTimeout(force);
        resolve();
      });
      child.kill('SIGTERM');
    });
  }
}

function indent(prefix: string, text: string): string {
  return text
    .split('\n')
    .map((line, index, lines) => (index === lines.length - 1 && line === '' ? '' : `${prefix} ${line}`))
    .join('\n');
}

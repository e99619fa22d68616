import { existsSync, readdirSync, watch, type FSWatcher } from 'node:fs';
import { request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import { sendJson } from '../http';
import { REPO_ROOT } from '../paths';
import type { Handler, StackConfig } from '../types';
import { DenoFunction } from './deno-process';
import { rejectWithoutValidJwt, verifyJwtFor } from './verify-jwt';

export const FUNCTIONS_DIR = join(REPO_ROOT, 'supabase', 'functions');
/** The CLI's Kong gives functions 150 s. */
const REQUEST_TIMEOUT_MS = 150_000;
/** Names a deployable function can have; `_shared` and other `_` folders are code, not functions. */
const FUNCTION_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;
/** Hop-by-hop headers are the proxy's own business. */
const HOP_HEADERS = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'proxy-connection',
  'te',
  'trailer',
]);

export interface FunctionsOptions {
  /** The folder of the project's functions (default supabase/functions). */
  projectDir?: string;
  /** More folders holding `<name>/index.ts` (test fixtures), searched after supabase/functions. */
  extraDirs?: string[];
  /** Start the project's functions before their first call (default: when watching, i.e. dev). */
  prestart?: boolean;
}

/** The relay's own failure: functions-js turns `x-relay-error: true` into FunctionsRelayError. */
function relayError(res: ServerResponse, message: string): void {
  if (res.destroyed || res.writableEnded) return;
  if (res.headersSent) {
    res.destroy();
    return;
  }
  sendJson(res, 502, { code: 'BOOT_ERROR', message }, { 'x-relay-error': 'true' });
}

function forwardHeaders(req: IncomingMessage, port: number): Record<string, string | string[]> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined && !HOP_HEADERS.has(name)) headers[name] = value;
  }
  headers.host = `127.0.0.1:${port}`;
  return headers;
}

/**
 * `/functions/v1/<name>`: each function runs in its own long-lived Deno process (started on its
 * first call, restarted after a crash or, in dev, after a file change); requests and answers
 * are streamed through unchanged.
 */
export function createFunctionsHandler(
  config: StackConfig,
  options: FunctionsOptions = {},
): { handler: Handler; stop(): Promise<void> } {
  const projectDir = options.projectDir ?? FUNCTIONS_DIR;
  const dirs = [projectDir, ...(options.extraDirs ?? [])];
  const running = new Map<string, Promise<DenoFunction>>();
  const denoDir = join(config.dataDir, 'deno');
  let stopped = false;

  function entryOf(name: string): string | null {
    if (!FUNCTION_NAME.test(name)) return null;
    for (const dir of dirs) {
      const entry = join(dir, name, 'index.ts');
      if (existsSync(entry)) return entry;
    }
    return null;
  }

  function processFor(name: string, entry: string): Promise<DenoFunction> {
    let started = running.get(name);
    if (!started) {
      started = DenoFunction.start(name, entry, config.functionsEnv, denoDir);
      running.set(name, started);
      const forget = () => {
        if (running.get(name) === started) running.delete(name);
      };
      // A function that failed to boot or died later is started afresh on the next call.
      started.then((fn) => fn.onExit(forget), forget);
    }
    return started;
  }

  async function restartAll(): Promise<void> {
    const all = [...running.values()];
    running.clear();
    await Promise.all(
      all.map((started) =>
        started.then(
          (fn) => fn.stop(),
          () => undefined,
        ),
      ),
    );
  }

  /**
   * In dev, every function is started ahead of its first call (one after the other, to leave
   * the CPU to Vite), so the first click does not wait for Deno to load npm packages.
   */
  async function prestart(): Promise<void> {
    const names = existsSync(projectDir) ? readdirSync(projectDir) : [];
    for (const name of names) {
      const entry = entryOf(name);
      if (stopped || !entry) continue;
      await processFor(name, entry).catch(() => undefined);
    }
  }

  const watchers: FSWatcher[] = [];
  const eager = options.prestart ?? config.watchFunctions;
  if (eager) void prestart();
  if (config.watchFunctions) {
    let timer: NodeJS.Timeout | undefined;
    for (const dir of dirs.filter((d) => existsSync(d))) {
      // Any change may touch _shared code, so every function restarts on its next call.
      const watcher = watch(dir, { recursive: true }, () => {
        clearTimeout(timer);
        timer = setTimeout(() => void restartAll().then(() => (eager ? prestart() : undefined)), 150);
      });
      watcher.on('error', () => undefined);
      watchers.push(watcher);
    }
  }

  const handler: Handler = async (req, res, subpath, url) => {
    const [, name = '', ...rest] = subpath.split('/');
    const entry = stopped ? null : entryOf(decodeURIComponent(name));
    if (!entry) {
      req.resume();
      sendJson(res, 404, { code: 'NOT_FOUND', message: 'Requested function was not found' });
      return;
    }
    // CORS preflights never carry credentials; the function answers them itself.
    if (
      req.method !== 'OPTIONS' &&
      verifyJwtFor(name) &&
      (await rejectWithoutValidJwt(req, res, config.jwtSecret))
    )
      return;
    let fn: DenoFunction;
    try {
      fn = await processFor(name, entry);
    } catch (error) {
      req.resume();
      relayError(res, error instanceof Error ? error.message : 'function failed to start');
      return;
    }
    await new Promise<void>((resolve) => {
      const upstream = httpRequest(
        {
          host: '127.0.0.1',
          port: fn.port,
          method: req.method,
          path: `/${name}${rest.length > 0 ? `/${rest.join('/')}` : ''}${url.search}`,
          headers: forwardHeaders(req, fn.port),
          timeout: REQUEST_TIMEOUT_MS,
        },
        (answer) => {
          const headers: Record<string, string | string[]> = {};
          for (const [key, value] of Object.entries(answer.headers)) {
            if (value !== undefined && !HOP_HEADERS.has(key)) headers[key] = value;
          }
          res.writeHead(answer.statusCode ?? 502, headers);
          answer.pipe(res);
          answer.on('close', resolve);
          answer.on('error', () => {
            res.destroy();
            resolve();
          });
        },
      );
      upstream.on('timeout', () => upstream.destroy(new Error('function timed out')));
      // A caller that hangs up aborts the function's request too, as the edge runtime does.
      res.on('close', () => {
        if (!res.writableFinished) upstream.destroy();
      });
      upstream.on('error', (error) => {
        relayError(res, `function ${name} did not answer: ${error.message}`);
        resolve();
      });
      req.pipe(upstream);
    });
  };

  return {
    handler,
    async stop() {
      stopped = true;
      for (const watcher of watchers) watcher.close();
      await restartAll();
    },
  };
}

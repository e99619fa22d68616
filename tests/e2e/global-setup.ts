import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { FullConfig } from '@playwright/test';
import { REPO_ROOT } from '../../tools/local-stack/paths';
import { isPortTaken } from '../../tools/local-stack/ports';
import { startStack } from '../../tools/local-stack/stack';

const PREVIEW_PORT = Number(process.env.E2E_PORT ?? 4173);
const VITE = join(REPO_ROOT, 'node_modules', '.bin', 'vite');

async function waitForHttp(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`vite preview exited with ${child.exitCode}`);
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await delay(100); // poll until vite preview answers
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/**
 * The built site talks to the default local API (http://127.0.0.1:54321), so the stack runs on
 * the default ports, with a fresh database under .local/e2e; the site is served by
 * `vite preview` from dist/ (built here when missing).
 */
export default async function globalSetup(_config: FullConfig): Promise<() => Promise<void>> {
  for (const port of [54321, 54322, PREVIEW_PORT]) {
    if (await isPortTaken(port))
      throw new Error(`Port ${port} is in use: stop \`npm run dev\` (or whatever holds it) first.`);
  }
  if (!existsSync(join(REPO_ROOT, 'dist', 'index.html'))) {
    const build = spawnSync(VITE, ['build'], { cwd: REPO_ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('vite build failed');
  }

  const stack = await startStack({ dataDir: join(REPO_ROOT, '.local', 'e2e'), fresh: true, ephemeral: true });
  const preview = spawn(
    VITE,
    ['preview', '--port', String(PREVIEW_PORT), '--strictPort', '--host', '127.0.0.1'],
    {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  try {
    await waitForHttp(`http://127.0.0.1:${PREVIEW_PORT}/`, preview);
  } catch (error) {
    preview.kill('SIGTERM');
    await stack.stop();
    throw error;
  }

  return async () => {
    if (preview.exitCode === null) {
      const exited = new Promise((resolve) => preview.once('exit', resolve));
      preview.kill('SIGTERM');
      await exited;
    }
    await stack.stop();
  };
}

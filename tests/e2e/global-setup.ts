import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { FullConfig } from '@playwright/test';
import { LOCAL_SITE_ORIGINS } from '../../tools/local-stack/config';
import { REPO_ROOT } from '../../tools/local-stack/paths';
import { isPortTaken } from '../../tools/local-stack/ports';
import { startStack } from '../../tools/local-stack/stack';
import { API, E2E_API_PORT, E2E_DB_PORT, E2E_SITE_PORT as PREVIEW_PORT, SITE } from '../support/e2e-env';
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
 * The built site talks to the local API at E2E_API_PORT (default 54321, the one `npm run dev`
 * uses), so the stack runs on that port, with a fresh database under .local/e2e-<port>; the site is
 * served by `vite preview` from dist/ (built here when missing).
 */
export default async function globalSetup(_config: FullConfig): Promise<() => Promise<void>> {
  for (const port of [E2E_API_PORT, E2E_DB_PORT, PREVIEW_PORT]) {
    if (await isPortTaken(port))
      throw new Error(`Port ${port} is in use: stop \`npm run dev\` (or whatever holds it) first.`);
  }
  if (!existsSync(join(REPO_ROOT, 'dist', 'index.html'))) {
    const build = spawnSync(VITE, ['build'], { cwd: REPO_ROOT, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('vite build failed');
  }

  const stack = await startStack({
    apiPort: E2E_API_PORT,
    dbPort: E2E_DB_PORT,
    apiUrl: API,
    dataDir: join(REPO_ROOT, '.local', `e2e-${E2E_API_PORT}`),
    fresh: true,
    ephemeral: true,
    functionsEnv: { SITE_ORIGINS: [...LOCAL_SITE_ORIGINS, SITE].join(',') },
  });
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

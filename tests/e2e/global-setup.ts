import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FullConfig } from '@playwright/test';
import { serveDist } from '../../scripts/serve-dist';
import { LOCAL_SITE_ORIGINS } from '../../tools/local-stack/config';
import { REPO_ROOT } from '../../tools/local-stack/paths';
import { isPortTaken } from '../../tools/local-stack/ports';
import { startStack } from '../../tools/local-stack/stack';
import { API, E2E_API_PORT, E2E_DB_PORT, E2E_SITE_PORT as PREVIEW_PORT, SITE } from '../support/e2e-env';

/**
 * The built site talks to the local API at E2E_API_PORT (default 54321, the one `npm run dev`
 * uses), so the stack runs on that port, with a fresh database under .local/e2e-<port>; the
 * prerendered site is built against it (always under `npm run test:e2e`, else when dist/ is
 * missing) and served from dist/ the way the static host serves
 * it, with its headers (CSP), redirects and fallback (scripts/serve-dist.ts).
 */
export default async function globalSetup(_config: FullConfig): Promise<() => Promise<void>> {
  for (const port of [E2E_API_PORT, E2E_DB_PORT, PREVIEW_PORT]) {
    if (await isPortTaken(port))
      throw new Error(`Port ${port} is in use: stop \`npm run dev\` (or whatever holds it) first.`);
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
  // Built with the stack up, so the prerender step reads the seeded events (npm run test:e2e).
  if (process.env.E2E_BUILD === '1' || !existsSync(join(REPO_ROOT, 'dist', 'index.html'))) {
    // Not spawnSync: the stack answers from this process, the prerender step reads from it.
    const build = spawn('npm', ['run', 'build'], { cwd: REPO_ROOT, stdio: 'inherit' });
    const status = await new Promise<number | null>((resolve) => build.once('exit', resolve));
    if (status !== 0) {
      await stack.stop();
      throw new Error('npm run build failed');
    }
  }
  const site = await serveDist(join(REPO_ROOT, 'dist'), PREVIEW_PORT).catch(async (error: unknown) => {
    await stack.stop();
    throw error;
  });
  return async () => {
    await new Promise((resolve) => site.close(resolve));
    await stack.stop();
  };
}

import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FullConfig } from '@playwright/test';
import { serveDist } from '../../scripts/serve-dist';
import { E2E_SITE_PORT as PREVIEW_PORT, REPO_ROOT } from '../support/e2e-env';
import { assertPortsFree, startE2eStack } from '../support/e2e-stack';

/**
 * The built site talks to the local API at E2E_API_PORT (default 54321, the one `npm run dev`
 * uses), so the stack runs on that port, with a fresh database under .local/e2e-<port>; the
 * prerendered site is built against it (always under `npm run test:e2e`, else when dist/ is
 * missing) and served from dist/ the way the static host serves
 * it, with its headers (CSP), redirects and fallback (scripts/serve-dist.ts).
 */
export default async function globalSetup(_config: FullConfig): Promise<() => Promise<void>> {
  await assertPortsFree();
  const stack = await startE2eStack();
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

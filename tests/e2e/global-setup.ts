import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { FullConfig } from '@playwright/test';
import { serveDist } from '../../scripts/serve-dist';
import { TestData } from '../support/e2e-data';
import { E2E_SITE_PORT as PREVIEW_PORT, REPO_ROOT } from '../support/e2e-env';
import { assertPortsFree, startE2eStack } from '../support/e2e-stack';

/**
 * The built site talks to the local API at E2E_API_PORT (default 54321, the one `npm run dev`
 * uses), so the stack runs on that port, with a fresh database under .local/e2e-<port> without
 * the seed (tests/support/e2e-stack.ts); the
 * prerendered site is built against it (always under `npm run test:e2e`, else when dist/ is
 * missing) and served from dist/ the way the static host serves
 * it, with its headers (CSP), redirects and fallback (scripts/serve-dist.ts).
 */
export default async function globalSetup(_config: FullConfig): Promise<() => Promise<void>> {
  await assertPortsFree();
  const stack = await startE2eStack();
  // The database holds no seed. The prerender step reads the published events at build time, so
  // one is created first: prerender.spec.ts checks its page. It stays for the run (the page
  // refetches it) and is removed at the end; the other specs create their own rows.
  const buildData = new TestData();
  await buildData.createEvent({
    title: 'Vorgerendertes Event',
    subtitle: 'Für die Prüfung der vorgerenderten Seiten',
    image_url: '/images/workshop-pasta-960.webp',
  });
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
    await buildData.removeAll();
    await stack.stop();
  };
}

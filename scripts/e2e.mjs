// `npm run test:e2e`: builds (and prerenders) the site against the API port the browser tests use (E2E_API_PORT,
// default 54321), then runs Playwright. Extra arguments go to Playwright.
import { spawnSync } from 'node:child_process';

const apiPort = process.env.E2E_API_PORT || '54321';
// The build runs in Playwright's global setup once the stack is up, so the prerender step reads
// the seeded events from it (E2E_BUILD=1).
const env = { ...process.env, VITE_SUPABASE_URL: `http://127.0.0.1:${apiPort}`, E2E_BUILD: '1' };

function run(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run('npx', ['playwright', 'test', ...process.argv.slice(2)]);

// `npm run test:e2e`: runs Playwright, whose global setup starts the stack on E2E_API_PORT /
// E2E_DB_PORT and builds (and prerenders) the site against it. Extra arguments go to Playwright.
//
// A port given in the environment is used as given (the global setup refuses it when taken). A
// default port that something else holds — `npm run dev`, or a stack another checkout left
// running — is swapped for one the OS hands out, so a busy machine does not fail the run.
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';

const DEFAULTS = { E2E_API_PORT: 54321, E2E_DB_PORT: 54322, E2E_PORT: 4173 };

function listenOn(port) {
  const server = createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(null));
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : null));
    });
  });
}

const ports = {};
for (const [name, fallback] of Object.entries(DEFAULTS)) {
  if (process.env[name]) continue;
  if ((await listenOn(fallback)) !== null) continue;
  ports[name] = String(await listenOn(0));
  console.log(`Port ${fallback} is in use; ${name}=${ports[name]} for this run.`);
}

const apiPort = ports.E2E_API_PORT ?? process.env.E2E_API_PORT ?? String(DEFAULTS.E2E_API_PORT);
// The build runs in Playwright's global setup once the stack is up, so the prerender step reads
// the seeded events from it (E2E_BUILD=1).
const env = {
  ...process.env,
  ...ports,
  VITE_SUPABASE_URL: `http://127.0.0.1:${apiPort}`,
  E2E_BUILD: '1',
};

const result = spawnSync('npx', ['playwright', 'test', ...process.argv.slice(2)], { stdio: 'inherit', env });
process.exit(result.status ?? 1);

import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startStack } from '../../tools/local-stack/stack';
import './stack-env';

/** Ports the OS just handed out, so parallel runs on one machine do not collide. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address === 'string') throw new Error('no free port');
  return address.port;
}

/**
 * Vitest global setup of the integration project: one real stack (Postgres, gateway, Deno) for
 * the whole run on free ports with throw-away data, plus a template database so each test file
 * can start from the migrated and seeded state in a fraction of a second.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = await mkdtemp(join(tmpdir(), 'local-stack-test-'));
  const stack = await startStack({
    apiPort: await freePort(),
    dbPort: await freePort(),
    dataDir,
    ephemeral: true,
    template: true,
  }).catch(async (error: unknown) => {
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  });
  const { apiUrl, dbUrl, anonKey, serviceRoleKey, jwtSecret } = stack.config;
  project.provide('localStack', { apiUrl, dbUrl, anonKey, serviceRoleKey, jwtSecret });
  return async () => {
    await stack.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../tools/local-stack/ports';
import { startStack } from '../../tools/local-stack/stack';
import './stack-env';

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

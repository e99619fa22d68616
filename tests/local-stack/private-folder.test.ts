/**
 * As root, Postgres runs as the `postgres` system user. A project in a private folder (root's
 * home is mode 700) is out of that user's reach, so the cluster is kept under a folder it can
 * reach, and the binaries are copied there when they are out of reach too (checked by hand for
 * a clone under /root: see docs/local-stack.md).
 */
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from '../../tools/local-stack/ports';
import { deleteCluster, startPostgres } from '../../tools/local-stack/postgres';
import {
  clusterDirectory,
  postgresCanReach,
  runsAsRoot,
  SHARED_DIR,
} from '../../tools/local-stack/postgres-user';

describe('a stack in a private folder', () => {
  let privateDir: string;

  beforeAll(async () => {
    privateDir = await mkdtemp(join(tmpdir(), 'private-'));
    await chmod(privateDir, 0o700);
  });
  afterAll(async () => {
    await deleteCluster(join(privateDir, 'data'));
    await rm(privateDir, { recursive: true, force: true });
  });

  it('keeps the cluster where Postgres can reach it and starts', async () => {
    const dataDir = join(privateDir, 'data');
    if (runsAsRoot) {
      expect(postgresCanReach(privateDir)).toBe(false);
      expect(clusterDirectory(dataDir).startsWith(join(SHARED_DIR, 'clusters'))).toBe(true);
    } else {
      // Without root Postgres runs as the caller, who owns the folder.
      expect(clusterDirectory(dataDir)).toBe(join(dataDir, 'db'));
    }
    const server = await startPostgres({ dataDir, port: await freePort(), ephemeral: true });
    try {
      const client = new pg.Client({ connectionString: server.url() });
      await client.connect();
      const { rows } = await client.query<{ one: number }>('select 1 as one');
      await client.end();
      expect(rows).toEqual([{ one: 1 }]);
    } finally {
      await server.stop();
    }
  });
});

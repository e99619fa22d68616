import pg from 'pg';
import { withScratchDatabases } from './databases';
import { renderSchemaFiles } from './render';

/** The schema files as the current migrations define them, built in the given cluster. */
export async function generateSchemaFiles(urlOf: (database: string) => string): Promise<Map<string, string>> {
  return withScratchDatabases(urlOf, ['migrations', 'platform-only'], async ([migrated, platform]) => {
    const client = new pg.Client({ connectionString: migrated });
    const platformClient = new pg.Client({ connectionString: platform });
    await client.connect();
    await platformClient.connect();
    try {
      return await renderSchemaFiles(client, platformClient);
    } finally {
      await client.end();
      await platformClient.end();
    }
  });
}

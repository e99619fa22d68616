/**
 * The one place the browser tests reach into tools/: the Playwright global setup starts the
 * local stack through here and publishes its keys, database and admin to the test workers
 * (`stackFacts()`). Specs import nothing from tools/.
 */
import { join } from 'node:path';
import { adminPassword, LOCAL_ADMIN_EMAIL } from '../../tools/local-stack/migrate';
import { isPortTaken } from '../../tools/local-stack/ports';
import { startStack } from '../../tools/local-stack/stack';
import { API, E2E_API_PORT, E2E_DB_PORT, E2E_SITE_PORT, publishStackFacts, REPO_ROOT, SITE } from './e2e-env';

export async function assertPortsFree(): Promise<void> {
  for (const port of [E2E_API_PORT, E2E_DB_PORT, E2E_SITE_PORT]) {
    if (await isPortTaken(port))
      throw new Error(`Port ${port} is in use: stop \`npm run dev\` (or whatever holds it) first.`);
  }
}

/**
 * The stack on E2E_API_PORT/E2E_DB_PORT with a fresh database under .local/e2e-<port>. It holds
 * the local admin and no seed: every spec creates the events, participants and stories it needs
 * (tests/support/e2e-fixtures.ts).
 */
export async function startE2eStack(): Promise<{ stop(): Promise<void> }> {
  const stack = await startStack({
    apiPort: E2E_API_PORT,
    dbPort: E2E_DB_PORT,
    apiUrl: API,
    dataDir: join(REPO_ROOT, '.local', `e2e-${E2E_API_PORT}`),
    fresh: true,
    ephemeral: true,
    seed: false,
    // Links in the run's mails and Stripe's return URLs open the site under test; the stack
    // adds its origin to the functions' SITE_ORIGINS (tools/local-stack/config.ts).
    siteUrl: SITE,
    functionsEnv: {
      // Every page of the run comes from one browser on one address; the limits per address
      // have their own tests (tests/functions/abuse-protection.test.ts), so they are raised here.
      RATE_LIMIT_REGISTRATIONS_PER_HOUR: '1000',
      RATE_LIMIT_PERSONS_PER_EVENT_PER_HOUR: '1000',
      RATE_LIMIT_ENQUIRIES_PER_HOUR: '1000',
      RATE_LIMIT_NEWSLETTER_PER_HOUR: '1000',
      RATE_LIMIT_WAITLIST_JOINS_PER_HOUR: '1000',
      RATE_LIMIT_GIFT_VOUCHER_CHECKS_PER_HOUR: '1000',
      RATE_LIMIT_GIFT_VOUCHER_ORDERS_PER_HOUR: '1000',
    },
  });
  publishStackFacts({
    anonKey: stack.config.anonKey,
    serviceRoleKey: stack.config.serviceRoleKey,
    dbUrl: stack.config.dbUrl,
    admin: { email: LOCAL_ADMIN_EMAIL, password: adminPassword() },
  });
  return stack;
}

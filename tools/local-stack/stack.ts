import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { resolveConfig, vaultSecrets } from './config';
import { recreateEmptyDatabase, restoreFromTemplate, snapshotTemplate } from './database';
import { refuseUntrustedControl } from './dev-access';
import { isPlainObject, readJson, sendJson } from './http';
import { DEFAULT_CRON_TICK_MS, Scheduler } from './cron/scheduler';
import { createAuthHandler } from './auth/handler';
import { createMailHandler } from './mail/handler';
import { Mailbox, MAILBOX_FILE } from './mail/mailbox';
import { createMailchimpHandler, MailchimpAudiences } from './mailchimp/handler';
import { LOCAL_STRIPE_WEBHOOK_SECRET, StripeAccount } from './stripe/account';
import { createStripeApiHandler, createStripePagesHandler } from './stripe/handler';
import { adminPassword, prepareDatabase } from './migrate';
import { deleteCluster, startPostgres } from './postgres';
import { startGateway } from './server';
import { restHandler } from './rest';
import { storageHandler } from './storage';
import { createFunctionsHandler } from './functions';
import { createResilientPool } from './pool';
import type { Handler, StackConfig, StackContext } from './types';

export interface StartStackOptions extends Partial<StackConfig> {
  /** Wipe the database cluster and stored files first (`npm run db:reset`, e2e runs). */
  fresh?: boolean;
  /** Throw-away data: Postgres runs without fsync (tests). */
  ephemeral?: boolean;
  /** Keep a template of the prepared database so resetDatabase() is a fast copy (tests). */
  template?: boolean;
  adminPassword?: string;
  /** How often due cron jobs start and queued pg_net requests go out; 0: only on demand. */
  cronTickMs?: number;
  /**
   * Load supabase/seed.sql (default true). The browser tests pass false: they create the rows
   * they need themselves, so nothing depends on the demo data.
   */
  seed?: boolean;
}

export interface RunningStack {
  config: StackConfig;
  mailbox: Mailbox;
  mailchimp: MailchimpAudiences;
  stripe: StripeAccount;
  /** Back to the state right after start: database, stored files, mailbox, provider faults. */
  resetDatabase(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts Postgres (migrated, seeded, local admin) and the gateway in this process. */
export async function startStack(options: StartStackOptions = {}): Promise<RunningStack> {
  const config = await resolveConfig(options);
  const password = options.adminPassword ?? adminPassword();
  if (options.fresh) {
    await deleteCluster(config.dataDir);
    await rm(config.storageDir, { recursive: true, force: true });
    await rm(join(config.dataDir, MAILBOX_FILE), { force: true });
  }
  await mkdir(config.storageDir, { recursive: true });

  const postgres = await startPostgres({
    dataDir: config.dataDir,
    port: config.dbPort,
    ephemeral: options.ephemeral,
  });
  const cleanups: (() => Promise<void>)[] = [() => postgres.stop()];
  let stopping: Promise<void> | null = null;
  // Idempotent: Ctrl-C and Vite's exit may both ask for it.
  const stopAll = () => {
    stopping ??= (async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
    })();
    return stopping;
  };

  try {
    const prepare = { adminPassword: password, vaultSecrets: vaultSecrets(config), seed: options.seed };
    await prepareDatabase(config.dbUrl, prepare);
    if (options.template) await snapshotTemplate(config.dbPort);

    const ctx: StackContext = { pool: createResilientPool(config.dbUrl, 10), config };
    cleanups.push(() => ctx.pool.end());
    const mailbox = new Mailbox(join(config.dataDir, MAILBOX_FILE));
    const mailchimp = new MailchimpAudiences();
    const stripe = new StripeAccount({
      url: `${config.apiUrl}/functions/v1/stripe-webhook`,
      secret: LOCAL_STRIPE_WEBHOOK_SECRET,
    });
    const functions = createFunctionsHandler(config);
    cleanups.push(functions.stop);

    let resetting: Promise<void> = Promise.resolve();
    const resetDatabase = () => {
      resetting = resetting
        .catch(() => undefined)
        .then(async () => {
          const previous = ctx.pool;
          if (options.template) {
            await restoreFromTemplate(config.dbPort);
          } else {
            await recreateEmptyDatabase(config.dbPort);
            await prepareDatabase(config.dbUrl, prepare);
          }
          // A new pool also gives handlers a fresh schema cache (they key it by pool).
          ctx.pool = createResilientPool(config.dbUrl, 10);
          await previous.end().catch(() => undefined);
          await rm(config.storageDir, { recursive: true, force: true });
          await mkdir(config.storageDir, { recursive: true });
          mailbox.reset();
          mailchimp.reset();
          stripe.reset();
        });
      return resetting;
    };

    const scheduler = new Scheduler(ctx, options.cronTickMs ?? cronTickFromEnv());
    scheduler.start();
    cleanups.push(() => scheduler.stop());

    const gateway = await startGateway(
      ctx,
      {
        rest: restHandler,
        storage: storageHandler,
        functions: functions.handler,
        auth: createAuthHandler(mailbox),
        mail: createMailHandler(mailbox),
        mailchimp: createMailchimpHandler(mailchimp),
        stripeApi: createStripeApiHandler(stripe),
        stripe: createStripePagesHandler(stripe),
        control: createControlHandler(resetDatabase, scheduler),
      },
      config.apiPort,
    );
    cleanups.push(gateway.close);

    return { config, mailbox, mailchimp, stripe, resetDatabase, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** Stores (or clears) the shift of private.now() and answers the time the database now reads. */
async function setClockShift(pool: StackContext['pool'], shift: string | null) {
  if (shift === null) await pool.query('delete from private.clock');
  else
    await pool.query(
      `insert into private.clock (shift) values ($1::interval)
       on conflict (singleton) do update set shift = excluded.shift`,
      [shift],
    );
  const { rows } = await pool.query<{ now: Date }>('select private.now() as now');
  return { shift, now: rows[0]?.now.toISOString() };
}

function cronTickFromEnv(): number {
  const value = Number(process.env.LOCAL_STACK_CRON_TICK_MS);
  return process.env.LOCAL_STACK_CRON_TICK_MS && Number.isInteger(value) && value >= 0
    ? value
    : DEFAULT_CRON_TICK_MS;
}

/**
 * Controls for tests, run in the process that owns the stack: `POST /__stack/reset`,
 * `POST /__stack/cron/run` with `{"job": "<name>"}` and `POST /__stack/clock` with
 * `{"shift": "30 hours"}` (moves private.now(), which every time rule reads; `null` resets it).
 */
function createControlHandler(resetDatabase: () => Promise<void>, scheduler: Scheduler): Handler {
  return async (req, res, subpath, _url, ctx) => {
    if (refuseUntrustedControl(req, res, ctx.config)) return;
    if (subpath === '/reset' && req.method === 'POST') {
      await resetDatabase();
      return sendJson(res, 200, { reset: true });
    }
    if (subpath === '/cron/run' && req.method === 'POST') {
      const body = await readJson(req, 10_000).catch(() => undefined);
      const job = isPlainObject(body) ? body.job : undefined;
      if (typeof job !== 'string')
        return sendJson(res, 400, { message: 'body must be {"job": "<job name>"}' });
      const run = await scheduler.runJob(job);
      if (!run) return sendJson(res, 404, { message: `no cron job named ${job}` });
      return sendJson(res, 200, run);
    }
    if (subpath === '/clock' && req.method === 'POST') {
      const body = await readJson(req, 10_000).catch(() => undefined);
      const shift = isPlainObject(body) ? body.shift : undefined;
      if (shift !== null && typeof shift !== 'string')
        return sendJson(res, 400, { message: 'body must be {"shift": "<interval>" | null}' });
      try {
        return sendJson(res, 200, await setClockShift(ctx.pool, shift));
      } catch {
        return sendJson(res, 400, { message: `not an interval: ${String(shift)}` });
      }
    }
    sendJson(res, 404, { message: 'unknown control' });
  };
}

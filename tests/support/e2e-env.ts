/**
 * Settings the browser tests share. The ports come from the environment so that several
 * checkouts on one machine can run their e2e suites side by side; the built site must then be
 * built with VITE_SUPABASE_URL pointing at E2E_API_PORT (`npm run test:e2e` does this).
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import pg from 'pg';
import type { StoredMail } from '../../tools/local-stack/mail/mailbox';

export type { StoredMail };

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The path of an event page the build prerendered: the global setup publishes an event before the
 * build (tests/e2e/global-setup.ts). dist/events also holds the frame for events published after
 * the build ('-neu.html'), which no slug can be named like.
 */
export function prerenderedEventPath(): string {
  const slug = readdirSync(join(REPO_ROOT, 'dist', 'events'))
    .filter((file) => file.endsWith('.html') && !file.startsWith('-'))
    .map((file) => file.replace(/\.html$/, ''))[0];
  if (!slug) throw new Error('The build prerendered no event (dist/events)');
  return `/events/${slug}`;
}

function port(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

export const E2E_API_PORT = port('E2E_API_PORT', 54321);
export const E2E_DB_PORT = port('E2E_DB_PORT', 54322);
export const E2E_SITE_PORT = port('E2E_PORT', 4173);

export const API = `http://127.0.0.1:${E2E_API_PORT}`;
export const SITE = `http://127.0.0.1:${E2E_SITE_PORT}`;

/** What the tests need to know about the stack the global setup started. */
export interface StackFacts {
  anonKey: string;
  serviceRoleKey: string;
  /** The database itself, for what no API reaches (removing auth users a test signed up). */
  dbUrl: string;
  admin: { email: string; password: string };
}

const FACTS_VARIABLE = 'E2E_STACK_FACTS';

/**
 * Called by the global setup once the stack runs. Playwright starts its workers after the
 * global setup, so they inherit the variable (the way Playwright's docs pass data to tests).
 */
export function publishStackFacts(facts: StackFacts): void {
  process.env[FACTS_VARIABLE] = JSON.stringify(facts);
}

/**
 * The keys and the admin of the running stack. A function, not a constant: Playwright loads the
 * spec files to list their tests before the global setup has run.
 */
export function stackFacts(): StackFacts {
  const facts = process.env[FACTS_VARIABLE];
  if (!facts) throw new Error(`${FACTS_VARIABLE} is not set: run the browser tests through Playwright.`);
  return JSON.parse(facts) as StackFacts;
}

/** `apikey` and `Authorization` for the service role, for REST calls made outside the page. */
export function serviceHeaders(): Record<string, string> {
  const key = stackFacts().serviceRoleKey;
  return { apikey: key, Authorization: `Bearer ${key}` };
}

/**
 * Opens a prerendered page and waits until React has hydrated it (main.tsx marks the document),
 * so text a test types is not reset by the form library taking over the field and clicks reach
 * React's handlers. Use it whenever the test interacts with the page.
 */
export async function gotoHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

/**
 * Moves the database's clock (private.now(): deadlines, reminders, a voucher's day) by an
 * interval ('1 day 9 hours'), or back to the real time with null. Specs that move it put it back
 * in their afterAll.
 */
export async function setClock(request: APIRequestContext, shift: string | null): Promise<void> {
  const answer = await request.post(`${API}/__stack/clock`, { data: { shift }, headers: serviceHeaders() });
  expect(answer.ok(), `clock: ${answer.status()}`).toBe(true);
}

/** Runs the mail outbox worker now, as the stack's minute schedule would. */
export async function runOutbox(request: APIRequestContext): Promise<void> {
  const answer = await request.post(`${API}/functions/v1/process-outbox`, {
    data: {},
    headers: serviceHeaders(),
  });
  expect(answer.ok(), `process-outbox: ${answer.status()}`).toBe(true);
}

/** The visible toast list (Radix also repeats each toast in a screen-reader live region). */
export function toasts(page: Page) {
  return page.getByRole('region', { name: /Benachrichtigungen/ });
}

/**
 * Only one toast shows at a time, and the confirmation mail's toast replaces 'Anmeldung
 * erfolgreich' as soon as the page learns the mail went out (the stack's worker may deliver it
 * within a second). Holding the page's question about the mail until the test has seen the
 * registration toast makes that assertion deterministic; call the returned release afterwards.
 */
export async function holdConfirmationMailStatus(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/rest/v1/rpc/confirmation_mail_status', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Every mail the local mailbox holds (`/__mail/messages`, the mail provider's stand-in). */
export async function mailboxMessages(request: APIRequestContext): Promise<StoredMail[]> {
  return (await (await request.get(`${API}/__mail/messages`)).json()) as StoredMail[];
}

/**
 * Runs the outbox worker (as the stack's schedule would) until at least `count` mails in the
 * local mailbox match, and answers the matching ones.
 */
export async function deliveredMails(
  request: APIRequestContext,
  matches: (mail: StoredMail) => boolean,
  count = 1,
): Promise<StoredMail[]> {
  let found: StoredMail[] = [];
  await expect
    .poll(async () => {
      await runOutbox(request);
      found = (await mailboxMessages(request)).filter(matches);
      return found.length;
    })
    .toBeGreaterThanOrEqual(count);
  return found;
}

/** The first delivered mail to `address` whose subject matches. */
export async function mailTo(
  request: APIRequestContext,
  address: string,
  subject: RegExp,
): Promise<StoredMail> {
  const [mail] = await deliveredMails(request, (m) => m.to.includes(address) && subject.test(m.subject));
  return mail!;
}

/**
 * Draws the sections the browser leaves undrawn until they near the screen (content-visibility:
 * auto on later sections and the footer, src/index.css), for checks of the whole page at once:
 * a full-page screenshot with its lazy images, the page's text as read (innerText leaves out what
 * is not drawn), axe's colours. They look as a visitor sees them on scrolling there. Answers how
 * to put the page back.
 */
export async function drawDeferredSections(page: Page): Promise<() => Promise<void>> {
  await page.evaluate(() => {
    for (const element of document.querySelectorAll<HTMLElement>('*')) {
      if (getComputedStyle(element).contentVisibility !== 'auto') continue;
      element.style.contentVisibility = 'visible';
      element.dataset.drawnForTest = '';
    }
  });
  return () =>
    page.evaluate(() => {
      for (const element of document.querySelectorAll<HTMLElement>('[data-drawn-for-test]')) {
        element.style.contentVisibility = '';
        delete element.dataset.drawnForTest;
      }
    });
}

/** Runs `run` on its own connection to the stack's database (rows a test writes or reads directly). */
export async function onDatabase<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: stackFacts().dbUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_SERVICE_ROLE_KEY } from '../../tools/local-stack/jwt';
import { API } from './e2e-env';

// What the admin browser tests share: signing in, the outbox worker, the service role's REST
// access for fixtures, and the phone-width check.

export const ADMIN = {
  email: 'admin@example.ch',
  password: process.env.LOCAL_ADMIN_PASSWORD ?? 'admin-local-123',
};

export const PHONE = { width: 390, height: 844 };

export async function signIn(page: Page, email = ADMIN.email, password = ADMIN.password): Promise<void> {
  await page.goto('/admin/login');
  await page.getByLabel('E-Mail').fill(email);
  await page.getByLabel('Passwort').fill(password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

/** The visible toast list (Radix also repeats each toast in a screen-reader live region). */
export function toasts(page: Page) {
  return page.getByRole('region', { name: /Benachrichtigungen/ });
}

/** Runs the mail outbox worker now, as the stack's minute schedule would. */
export async function runOutbox(request: APIRequestContext): Promise<void> {
  const answer = await request.post(`${API}/functions/v1/process-outbox`, {
    data: {},
    headers: { Authorization: `Bearer ${DEMO_SERVICE_ROLE_KEY}` },
  });
  expect(answer.ok()).toBe(true);
}

const serviceHeaders = {
  apikey: DEMO_SERVICE_ROLE_KEY,
  Authorization: `Bearer ${DEMO_SERVICE_ROLE_KEY}`,
  'Content-Type': 'application/json',
  Prefer: 'return=representation',
};

/** Inserts rows with the service role (fixtures a visitor could not create directly). */
export async function insertRows<Row>(
  request: APIRequestContext,
  table: string,
  rows: unknown[],
): Promise<Row[]> {
  const answer = await request.post(`${API}/rest/v1/${table}`, { data: rows, headers: serviceHeaders });
  expect(answer.ok(), `insert into ${table}: ${answer.status()} ${await answer.text()}`).toBe(true);
  return (await answer.json()) as Row[];
}

/** Deletes rows with the service role; `filter` is a PostgREST query such as 'id=eq.…'. */
export async function deleteRows(request: APIRequestContext, table: string, filter: string): Promise<void> {
  const answer = await request.delete(`${API}/rest/v1/${table}?${filter}`, { headers: serviceHeaders });
  expect(answer.ok(), `delete from ${table}: ${answer.status()}`).toBe(true);
}

/** Reads rows with the service role. */
export async function selectRows<Row>(
  request: APIRequestContext,
  table: string,
  query: string,
): Promise<Row[]> {
  const answer = await request.get(`${API}/rest/v1/${table}?${query}`, { headers: serviceHeaders });
  expect(answer.ok(), `select from ${table}: ${answer.status()}`).toBe(true);
  return (await answer.json()) as Row[];
}

/** Nothing on the page is wider than the screen: every action is reachable without scrolling sideways. */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
}

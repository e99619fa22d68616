import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { Database, Tables, TablesInsert } from '@common/database.ts';
import { API, gotoHydrated, serviceHeaders, stackFacts } from './e2e-env';

// What the admin browser tests share: signing in, the service role's REST access for fixtures,
// and the phone-width check. Keys and the admin come from the stack the global setup started.

type Table = keyof Database['public']['Tables'];

export const PHONE = { width: 390, height: 844 };

/** Signs in through the login page (as the stack's admin unless told otherwise) and waits for the dashboard. */
export async function signIn(page: Page, email?: string, password?: string): Promise<void> {
  const admin = stackFacts().admin;
  await gotoHydrated(page, '/admin/login');
  await page.getByLabel('E-Mail').fill(email ?? admin.email);
  await page.getByLabel('Passwort').fill(password ?? admin.password);
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/admin\/dashboard$/);
}

function restHeaders(): Record<string, string> {
  return { ...serviceHeaders(), 'Content-Type': 'application/json', Prefer: 'return=representation' };
}

/** Inserts rows with the service role (fixtures a visitor could not create directly). */
export async function insertRows<T extends Table>(
  request: APIRequestContext,
  table: T,
  rows: TablesInsert<T>[],
): Promise<Tables<T>[]> {
  const answer = await request.post(`${API}/rest/v1/${table}`, { data: rows, headers: restHeaders() });
  expect(answer.ok(), `insert into ${table}: ${answer.status()} ${await answer.text()}`).toBe(true);
  return (await answer.json()) as Tables<T>[];
}

/** Deletes rows with the service role; `filter` is a PostgREST query such as 'id=eq.…'. */
export async function deleteRows(request: APIRequestContext, table: Table, filter: string): Promise<void> {
  const answer = await request.delete(`${API}/rest/v1/${table}?${filter}`, { headers: restHeaders() });
  expect(answer.ok(), `delete from ${table}: ${answer.status()}`).toBe(true);
}

/**
 * Nothing on the page is wider than the screen, and every control lies within it: no action is
 * hidden in a region that scrolls sideways (a wide table in an overflow box would pass the
 * first check alone).
 */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
  const outside = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const controls = document.querySelectorAll<HTMLElement>(
      'a[href], button, input, select, textarea, [role="combobox"], [role="checkbox"]',
    );
    return [...controls]
      .filter((control) => {
        const box = control.getBoundingClientRect();
        // Visually hidden helpers (1 px, clipped) are not actions anybody has to reach.
        if (box.width <= 1 || box.height <= 1) return false;
        return box.left < -1 || box.right > width + 1;
      })
      .map((control) => control.getAttribute('aria-label') ?? control.textContent?.trim() ?? control.tagName);
  });
  expect(outside, 'controls outside the screen width').toEqual([]);
}

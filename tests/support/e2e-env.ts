import type { Page } from '@playwright/test';

/**
 * Settings the browser tests share. The ports come from the environment so that several
 * checkouts on one machine can run their e2e suites side by side; the built site must then be
 * built with VITE_SUPABASE_URL pointing at E2E_API_PORT (`npm run test:e2e` does this).
 */
function port(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

export const E2E_API_PORT = port('E2E_API_PORT', 54321);
export const E2E_DB_PORT = port('E2E_DB_PORT', 54322);
export const E2E_SITE_PORT = port('E2E_PORT', 4173);

export const API = `http://127.0.0.1:${E2E_API_PORT}`;
export const SITE = `http://127.0.0.1:${E2E_SITE_PORT}`;

/**
 * Opens a prerendered page and waits until React has hydrated it (main.tsx marks the document),
 * so text a test types is not reset by the form library taking over the field.
 */
export async function gotoHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

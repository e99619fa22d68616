/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { createPageSamples, type PageSamples } from '../support/e2e-catalog';
import { TestData } from '../support/e2e-data';
import { REPO_ROOT } from '../support/e2e-env';
import { PUBLIC_PAGES } from '../support/e2e-routes';

// `npm run build && npm run preview` as a visitor meets it: every route of the router, the 404
// page, the admin's sign-in pages and the old addresses open without a console error. The e2e
// setup serves dist/ with the same server `npm run preview` starts (scripts/serve-dist.ts: pretty
// URLs, the app shell for paths without a file, the host's redirects and headers). Under
// `vite preview` every path without a file got the home page's prerendered HTML, and React
// reported hydration error #418 on the 404 page, /admin/login, /fonduehusli/confirmation, /blog …

const DIST = join(REPO_ROOT, 'dist');

test('npm run preview serves dist/ like the host (scripts/serve-dist.ts)', () => {
  const manifest = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  expect(manifest.scripts.preview).toBe('tsx scripts/serve-dist.ts');
});

/** The old addresses the host answers with a 301 (dist/_redirects, from the router's table). */
function oldAddresses(): Array<{ from: string; to: string }> {
  return readFileSync(join(DIST, '_redirects'), 'utf8')
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .filter((parts) => parts[2] === '301')
    .map(([from = '', to = '']) => ({ from, to }));
}

/** Console errors and warnings of the page, third-party hosts answered (CI cannot reach them). */
async function watchConsole(page: Page): Promise<string[]> {
  const messages: string[] = [];
  await page.route(
    (url) => !['127.0.0.1', 'localhost'].includes(url.hostname) && url.protocol.startsWith('http'),
    (route) => route.fulfill({ status: 200, contentType: 'application/javascript', body: '' }),
  );
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') messages.push(message.text());
  });
  page.on('pageerror', (error) => messages.push(`pageerror: ${error.message}`));
  return messages;
}

const data = new TestData();
let samples: PageSamples;
test.describe('every route of the router', () => {
  test.beforeAll(async () => {
    samples = await createPageSamples(data);
  });
  test.afterAll(async () => {
    await data.removeAll();
  });

  const routes: Array<[string, () => string]> = [
    ...Object.entries(PUBLIC_PAGES).map(([route, url]): [string, () => string] => [
      route,
      () => url(samples),
    ]),
    ['admin/login', () => '/admin/login'],
    ['admin/signup', () => '/admin/signup'],
    // Behind the guard: the visitor without a session lands on the sign-in page.
    ['admin/dashboard', () => '/admin/dashboard'],
  ];
  for (const [route, url] of routes) {
    test(`${route}: no console error or warning`, async ({ page }) => {
      const messages = await watchConsole(page);
      await page.goto(url());
      await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
      await expect(page.locator('h1').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      expect(messages, `console on ${url()}`).toEqual([]);
    });
  }

  test('the old addresses move to their pages without a console error', async ({ page }) => {
    const moved = oldAddresses();
    expect(moved.map(({ from }) => from)).toEqual(expect.arrayContaining(['/blog', '/kontakt']));
    const messages = await watchConsole(page);
    for (const { from, to } of moved) {
      const response = await page.request.get(from, { maxRedirects: 0 });
      expect(response.status(), from).toBe(301);
      expect(response.headers().location, from).toBe(to);
      await page.goto(from);
      await expect(page).toHaveURL(new RegExp(`${to}$`));
      await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
      await page.waitForLoadState('networkidle');
    }
    expect(messages).toEqual([]);
  });
});

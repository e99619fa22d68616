/// <reference lib="dom" />
import { expect, test, type Page, type Request } from '@playwright/test';
import { createCatalog, type Catalog } from '../support/e2e-catalog';
import { TestData } from '../support/e2e-data';
import { gotoHydrated } from '../support/e2e-env';
import { PUBLIC_ROUTES } from '../support/e2e-routes';
import { keepFullPageScreenshot } from '../support/e2e-screenshots';

// Every public page at phone width (and on a desktop for the screenshots): no horizontal scroll,
// no console error, no failed request to the site's own origin. Full-page screenshots are kept
// under test-results/screenshots/pages/ for a human look.

const SCREENSHOT_DIR = 'test-results/screenshots/pages';

// Lists, teasers and a story with content, as a visitor would see them.
const data = new TestData();
let catalog: Catalog;
test.beforeAll(async () => {
  catalog = await createCatalog(data);
});
test.afterAll(() => data.removeAll());

const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;

interface Problems {
  consoleErrors: string[];
  failedRequests: string[];
}

const samePath = (url: string, path: string) =>
  new URL(url).pathname.replace(/(.)\/$/, '$1') === path.replace(/(.)\/$/, '$1');

/**
 * Watches a page for problems. The site's backend (the local stack) is part of "our own" site;
 * third-party hosts (the social-feed widget) cannot be reached from CI, so they get an empty
 * answer instead of a network error that would only test the sandbox.
 */
async function watch(page: Page, baseURL: string, path: string): Promise<Problems> {
  const problems: Problems = { consoleErrors: [], failedRequests: [] };
  const ownOrigin = new URL(baseURL).origin;
  const isLocal = (url: URL) => ['127.0.0.1', 'localhost'].includes(url.hostname);

  await page.route(
    (url) => !isLocal(url) && url.protocol.startsWith('http'),
    (route) => route.fulfill({ status: 200, contentType: 'application/javascript', body: '' }),
  );
  await page.addInitScript(() => {
    // The cookie notice would cover part of every screenshot; it has its own tests.
    window.localStorage.setItem('cookie-notice-dismissed', 'true');
  });
  page.on('console', (message) => {
    if (message.type() === 'error')
      problems.consoleErrors.push(`${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => problems.consoleErrors.push(`pageerror: ${error.message}`));
  // Only the checked page's own requests count: leaving the previous page (a story reached from
  // the list) aborts that page's images still in flight, which is the browser's doing, not a fault.
  const watched = new Set<Request>();
  page.on('request', (request) => {
    if (request.isNavigationRequest() || samePath(page.url(), path)) watched.add(request);
  });
  page.on('requestfailed', (request) => {
    if (watched.has(request) && new URL(request.url()).origin === ownOrigin)
      problems.failedRequests.push(`${request.url()} ${request.failure()?.errorText}`);
  });
  page.on('response', (response) => {
    if (new URL(response.url()).origin === ownOrigin && response.status() >= 400) {
      problems.failedRequests.push(`${response.url()} HTTP ${response.status()}`);
    }
  });
  return problems;
}

/** Scrolls to the bottom step by step so lazy images load, then back to the top. */
async function scrollThrough(page: Page) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height; y += 500) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForLoadState('networkidle');
}

function screenshotName(path: string, viewport: string, scheme: string) {
  const slug = path === '/' ? 'home' : path.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-');
  return `${SCREENSHOT_DIR}/${slug}-${viewport}-${scheme}.png`;
}

async function checkRoute(
  page: Page,
  baseURL: string,
  path: string,
  viewport: keyof typeof viewports,
  scheme: 'light' | 'dark',
) {
  const problems = await watch(page, baseURL, path);
  await page.setViewportSize(viewports[viewport]);
  await page.emulateMedia({ colorScheme: scheme });
  await page.goto(path);
  await expect(page.locator('main h1').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await scrollThrough(page);

  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${path} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);

  await keepFullPageScreenshot(page, screenshotName(path, viewport, scheme));
  expect(problems.consoleErrors, `console errors on ${path}`).toEqual([]);
  expect(problems.failedRequests, `failed requests on ${path}`).toEqual([]);
}

/** The catalog's story, found the way a visitor finds it. */
async function storyPath(page: Page): Promise<string> {
  await page.goto('/stories');
  const link = page.locator(`main a[href="/stories/${catalog.story.slug}"]`).first();
  await expect(link).toBeVisible();
  return (await link.getAttribute('href')) ?? '/stories';
}

for (const path of PUBLIC_ROUTES) {
  test(`${path} at phone width`, async ({ page, baseURL }) => {
    await checkRoute(page, baseURL!, path, 'phone', 'light');
  });
}

test('a story at phone width', async ({ page, baseURL }) => {
  const path = await storyPath(page);
  await checkRoute(page, baseURL!, path, 'phone', 'light');
  await expect(page.getByRole('link', { name: 'Zurück zur Übersicht' })).toBeVisible();
});

// Desktop and dark mode screenshots of the pages with the most layout, with the same checks.
for (const path of ['/', '/stammtisch', '/essen', '/fonduehusli', '/atmen', '/stories']) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`${path} on a desktop, ${scheme}`, async ({ page, baseURL }) => {
      await checkRoute(page, baseURL!, path, 'desktop', scheme);
    });
  }
}

test('the Impressionen carousel follows a finger swipe on a phone', async ({ browser, baseURL }) => {
  const context = await browser.newContext({
    baseURL,
    viewport: viewports.phone,
    hasTouch: true,
    isMobile: true,
  });
  const page = await context.newPage();
  await gotoHydrated(page, '/stammtisch');
  const carousel = page.getByRole('region', { name: 'Impressionen' });
  await carousel.scrollIntoViewIfNeeded();
  await expect(carousel.getByText('Bild 1 von 24')).toBeVisible();

  // The section is drawn as it nears the screen (content-visibility: auto) and fades in, and the
  // carousel measures itself again once drawn (and once more when the phone's media query gives
  // one image per view). A swipe that lands before Embla listens moves nothing, so swipe again,
  // but only while the carousel still shows the first image: a carousel that ignores swipes
  // never passes.
  const slides = carousel.locator('ul').first();
  const cdp = await context.newCDPSession(page);
  async function swipeLeft() {
    const box = await slides.boundingBox();
    if (!box) throw new Error('the slides have no box');
    const y = box.y + box.height / 3;
    const at = (share: number) => [{ x: box.x + box.width * share, y }];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0.8) });
    for (let step = 1; step <= 10; step++)
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(0.8 - step * 0.06) });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  }
  await expect(async () => {
    if (await carousel.getByText('Bild 1 von 24').isVisible()) await swipeLeft();
    await expect(carousel.getByText('Bild 2 von 24')).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await context.close();
});

test('the Essen lightbox works with the keyboard in a real browser', async ({ page }) => {
  await gotoHydrated(page, '/essen');
  const thumbnails = page.getByRole('button', { name: /Bild vergrössern$/ });
  await expect(thumbnails).toHaveCount(8);
  await thumbnails.nth(2).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Bild 3 von 8');
  await page.keyboard.press('ArrowRight');
  await expect(dialog).toContainText('Bild 4 von 8');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(thumbnails.nth(3)).toBeFocused();
});

test("Kids: 'Auf einen Blick' tells the ages of the list's next Kids event, as its card does", async ({
  page,
}) => {
  // The catalog's Kids event says 5–10 years; other tests may add earlier ones, so the facts are
  // compared with the list's first card, whichever that is.
  await gotoHydrated(page, '/kids');
  const glance = page.getByRole('region', { name: 'Auf einen Blick' });
  const value = (label: string) => glance.locator('dt', { hasText: label }).locator('+ dd');
  // Loaded: a date, not the loading slot.
  await expect(value('Nächster Termin')).toHaveText(/\d{4}$/);
  await expect(glance.getByText('stehen bei jedem Termin')).toHaveCount(0);
  const firstCard = page.getByRole('region', { name: 'Kommende Kids-Events' }).getByRole('article').first();
  await expect(firstCard).toContainText((await value('Nächster Termin').textContent())!);
  await expect(firstCard).toContainText((await value('Preis').textContent())!);
  const ages = glance.locator('dt', { hasText: /^Alter$/ });
  if ((await ages.count()) > 0) {
    await expect(firstCard).toContainText(`Alter: ${await value('Alter').textContent()}`);
  } else {
    await expect(firstCard).not.toContainText('Alter:');
  }
  await expect(page.getByRole('article', { name: 'Feuerzauber für Kinder' }).first()).toContainText(
    'Alter: 5–10 Jahre',
  );
});

test("Stammtisch: 'Auf einen Blick' tells the price and place of the list's next Stammtisch", async ({
  page,
}) => {
  // The catalog's Stammtisch (CHF 95.00, Hirschthal) is in the list; other tests may add earlier
  // ones, so the facts are compared with the list's first card, whichever that is.
  await gotoHydrated(page, '/stammtisch');
  const glance = page.getByRole('region', { name: 'Auf einen Blick' });
  const value = (label: string) => glance.locator('dt', { hasText: label }).locator('+ dd');
  await expect(value('Preis')).toHaveText(/^CHF \d/);
  await expect(glance.getByText('stehen bei jedem Termin')).toHaveCount(0);
  const firstCard = page.getByRole('region', { name: 'Kommende Stammtische' }).getByRole('article').first();
  await expect(firstCard).toContainText((await value('Preis').textContent())!);
  await expect(firstCard).toContainText((await value('Ort').textContent())!);
  await expect(glance).not.toContainText('150');
});

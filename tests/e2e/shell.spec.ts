/// <reference lib="dom" />
import { expect, test, type Page } from '@playwright/test';
import { createCatalog } from '../support/e2e-catalog';
import { TestData } from '../support/e2e-data';
import { drawDeferredSections, gotoHydrated } from '../support/e2e-env';
import { keepFullPageScreenshot } from '../support/e2e-screenshots';

// The site shell in a real browser against the production build: navigation, the phone menu,
// a redirect, the 404 page, the theme, and full-page screenshots of home (phone and desktop,
// light and dark) kept under test-results/screenshots/ for a human look.

const SITE_NAME = 'Sinneswerk';
const SCREENSHOT_DIR = 'test-results/screenshots';
const phone = { width: 390, height: 844 };
const desktop = { width: 1280, height: 800 };

const mainNav: Array<[label: string, path: string]> = [
  ['Essen', '/essen'],
  ['Atmen', '/atmen'],
  ['Spielen', '/kids'],
  ['Events', '/events'],
  ['Fonduehüsli', '/fonduehusli'],
  ['Stories', '/stories'],
  ['Über uns', '/ueber-uns'],
  ['Kontakt', '/contact'],
];

// The home page's event teaser in the screenshots shows a sample catalog made for this file.
const data = new TestData();
test.beforeAll(async () => {
  await createCatalog(data);
});
test.afterAll(() => data.removeAll());

/** Start without the cookie notice unless a test is about it. */
async function dismissCookieNotice(page: Page) {
  await page.addInitScript(() => window.localStorage.setItem('cookie-notice-dismissed', 'true'));
}

async function expectPage(page: Page, path: string) {
  await expect(page).toHaveURL((url) => url.pathname === path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^${SITE_NAME} – .+`));
}

/**
 * Scrolls through the page so lazy images and scroll-revealed sections appear, then waits for
 * every image and font, so a full-page screenshot shows the finished page.
 */
async function settle(page: Page) {
  // Every section drawn, so scrolling reaches every lazy image: one still undrawn when the scroll
  // passed it would never load, and the wait below would never end.
  await drawDeferredSections(page);
  await page.evaluate(async () => {
    const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()));
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await frame();
      await frame();
    }
    window.scrollTo(0, 0);
    await frame();
  });
  // `complete` is also true for an image that failed; the page's own tests judge broken images.
  await page.waitForFunction(() => Array.from(document.images).every((image) => image.complete));
  await page.evaluate(() => document.fonts.ready);
}

test.describe('site shell', () => {
  test('the main navigation reaches every page', async ({ page }) => {
    await dismissCookieNotice(page);
    await page.setViewportSize(desktop);
    await gotoHydrated(page, '/');
    await expectPage(page, '/');
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
    await expect(page.getByRole('banner').getByText('1.0.0')).toBeVisible();

    for (const [label, path] of mainNav) {
      await nav.getByRole('link', { name: label, exact: true }).click();
      await expectPage(page, path);
      await expect(nav.getByRole('link', { name: label, exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
    }

    await page
      .getByRole('banner')
      .getByRole('link', { name: `${SITE_NAME} – zur Startseite` })
      .click();
    await expectPage(page, '/');
  });

  test('the bar turns opaque after scrolling and is solid on the contact page', async ({ page }) => {
    await dismissCookieNotice(page);
    await page.setViewportSize(desktop);
    await gotoHydrated(page, '/essen');
    const header = page.getByRole('banner');
    await expect(header).toHaveAttribute('data-variant', 'transparent');
    await page.mouse.wheel(0, 600);
    await expect(header).toHaveAttribute('data-variant', 'opaque');
    await gotoHydrated(page, '/contact');
    await expect(header).toHaveAttribute('data-variant', 'solid');
  });

  test('the mobile menu works with touch and keyboard at phone size', async ({ page }) => {
    await dismissCookieNotice(page);
    await page.setViewportSize(phone);
    await gotoHydrated(page, '/');
    await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toBeHidden();

    const toggle = page.getByRole('button', { name: 'Menü öffnen' });
    await toggle.click();
    const menu = page.getByRole('dialog', { name: 'Menü' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link')).toHaveText([...mainNav.map(([label]) => label), /.+/, /.+/]);
    await expect(menu.getByRole('link', { name: 'Admin Dashboard' })).toHaveCount(0);

    // Focus stays inside while open.
    for (let i = 0; i < 14; i += 1) {
      await page.keyboard.press('Tab');
      await expect(menu.locator(':focus')).toHaveCount(1);
    }
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(toggle).toBeFocused();

    await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    await menu.getByRole('link', { name: 'Stories' }).click();
    await expect(menu).toBeHidden();
    await expectPage(page, '/stories');
  });

  test('an old path redirects', async ({ page }) => {
    await dismissCookieNotice(page);
    await gotoHydrated(page, '/blog');
    await expectPage(page, '/stories');
    await gotoHydrated(page, '/kontakt');
    await expectPage(page, '/contact');
  });

  test('an unknown path shows the friendly 404 page with a way on', async ({ page }) => {
    await dismissCookieNotice(page);
    await gotoHydrated(page, '/diese-seite-gibt-es-nicht');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(main.locator('a[href="/"]').first()).toBeVisible();
    const onward = main.locator('a[href="/experience"]').first();
    await expect(onward).toBeVisible();
    await onward.click();
    await expectPage(page, '/experience');
  });

  test('the theme toggle is remembered across visits', async ({ page }) => {
    await dismissCookieNotice(page);
    await page.emulateMedia({ colorScheme: 'light' });
    await gotoHydrated(page, '/');
    const html = page.locator('html');
    await expect(html).not.toHaveClass(/dark/);
    await page.getByRole('button', { name: 'Dunkles Farbschema verwenden' }).click();
    await expect(html).toHaveClass(/dark/);
    expect(await page.evaluate(() => window.localStorage.getItem('theme'))).toBe('dark');
    await page.reload();
    await expect(html).toHaveClass(/dark/);
    await expect(page.getByRole('button', { name: 'Helles Farbschema verwenden' })).toBeVisible();
  });

  test('the cookie notice stays dismissed', async ({ page }) => {
    await gotoHydrated(page, '/');
    const notice = page.getByRole('region', { name: 'Cookie-Hinweis' });
    await expect(notice).toBeVisible();
    await notice.getByRole('button', { name: 'Verstanden' }).click();
    await expect(notice).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(notice).toBeHidden();
  });

  test('the contact button opens the messaging chat in a new tab', async ({ page }) => {
    await dismissCookieNotice(page);
    await gotoHydrated(page, '/');
    const button = page.getByRole('link', { name: /^Kontakt aufnehmen/ });
    await expect(button).toBeVisible();
    await expect(button).toHaveAttribute('target', '_blank');
    await expect(button).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(button).toHaveAttribute('href', /^https:\/\/wa\.me\/\d+$/);
  });
});

test.describe('home screenshots', () => {
  for (const scheme of ['light', 'dark'] as const) {
    for (const [name, viewport] of Object.entries({ phone, desktop })) {
      test(`home, ${name}, ${scheme}`, async ({ page }) => {
        await dismissCookieNotice(page);
        await page.emulateMedia({ colorScheme: scheme });
        await page.setViewportSize(viewport);
        await gotoHydrated(page, '/');
        await expectPage(page, '/');
        await expect(page.locator('html')).toHaveClass(scheme === 'dark' ? /dark/ : /^(?!.*dark)/);
        await settle(page);
        await keepFullPageScreenshot(page, `${SCREENSHOT_DIR}/home-${name}-${scheme}.png`);
      });
    }
  }
});

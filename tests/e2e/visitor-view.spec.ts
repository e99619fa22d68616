/// <reference lib="dom" />
import { expect, test, type Locator, type Page } from '@playwright/test';
import { createCatalog } from '../support/e2e-catalog';
import { TestData } from '../support/e2e-data';
import { gotoHydrated } from '../support/e2e-env';
import { parameterRoutes, PUBLIC_ROUTES } from '../support/e2e-routes';

// Every public route as a new visitor sees it, at 390 and 1366 px: the floating contact button
// covers no link, button or field (at load and at the end of the page), and screenshots in light
// and dark are kept under test-results/screenshots/visitor/ for a human look.

const SCREENSHOT_DIR = 'test-results/screenshots/visitor';
const WIDTHS = { phone: { width: 390, height: 844 }, desktop: { width: 1366, height: 900 } } as const;
const CONTACT_BUTTON = 'a[href^="https://wa.me/"]';

// An upcoming event with free seats (its booking page shows the form), a story and full lists.
const data = new TestData();
let sampleRoutes: string[] = [];
test.beforeAll(async () => {
  const catalog = await createCatalog(data);
  sampleRoutes = parameterRoutes(catalog.bookable, catalog.story);
});
test.afterAll(() => data.removeAll());

/** Descriptions of the visible controls the floating button's box intersects. */
async function controlsUnderContactButton(page: Page): Promise<string[]> {
  return page.evaluate((selector) => {
    const button = document.querySelector(selector);
    if (!button || getComputedStyle(button).visibility === 'hidden') return [];
    const box = button.getBoundingClientRect();
    const controls = document.querySelectorAll(
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="checkbox"], [role="combobox"]',
    );
    return [...controls]
      .filter((control) => !button.contains(control))
      .filter((control) => {
        const r = control.getBoundingClientRect();
        if (r.width === 0 || r.height === 0 || getComputedStyle(control).visibility === 'hidden')
          return false;
        return r.left < box.right && box.left < r.right && r.top < box.bottom && box.top < r.bottom;
      })
      .map(
        (control) => `${control.tagName.toLowerCase()} "${(control.textContent ?? '').trim().slice(0, 40)}"`,
      );
  }, CONTACT_BUTTON);
}

async function expectNothingCovered(page: Page, moment: string) {
  await expect
    .poll(() => controlsUnderContactButton(page), { message: `contact button covers controls ${moment}` })
    .toEqual([]);
}

function screenshotName(path: string, width: string, scheme: string) {
  const slug = path === '/' ? 'home' : path.replace(/^\//, '').replace(/[^a-z0-9]+/gi, '-');
  return `${SCREENSHOT_DIR}/${slug}-${width}-${scheme}.png`;
}

async function settle(page: Page) {
  await expect(page.locator('main h1').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
}

async function scrollToEnd(page: Page) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y <= height; y += 600) await page.evaluate((top) => window.scrollTo(0, top), y);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForLoadState('networkidle');
}

async function visit(page: Page, path: string, width: keyof typeof WIDTHS) {
  // Third-party hosts (the social-feed widget) are not reachable here: answer them empty.
  await page.route(
    (url) => !['127.0.0.1', 'localhost'].includes(url.hostname) && url.protocol.startsWith('http'),
    (route) => route.fulfill({ status: 200, contentType: 'application/javascript', body: '' }),
  );
  await page.setViewportSize(WIDTHS[width]);
  await page.emulateMedia({ colorScheme: 'light' });
  // Hydrated: the test clicks the cookie notice away.
  await gotoHydrated(page, path);
  await settle(page);

  // At load, with the cookie notice still open (its button is a control too).
  if (path !== '/contact') await expect(page.locator(CONTACT_BUTTON)).toHaveCount(1);
  await expectNothingCovered(page, `at load on ${path}`);
  const cookieButton = page.getByRole('button', { name: 'Verstanden' });
  if (await cookieButton.isVisible()) await cookieButton.click();

  await scrollToEnd(page);
  await expectNothingCovered(page, `at the end of ${path}`);

  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: screenshotName(path, width, 'light'), fullPage: true });
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: screenshotName(path, width, 'dark'), fullPage: true });
}

for (const width of Object.keys(WIDTHS) as (keyof typeof WIDTHS)[]) {
  test.describe(`at ${WIDTHS[width].width} px`, () => {
    for (const path of PUBLIC_ROUTES) {
      test(`${path}: the contact button covers nothing`, async ({ page }) => {
        await visit(page, path, width);
      });
    }

    test('event, booking and story pages: the contact button covers nothing', async ({ page }) => {
      for (const path of sampleRoutes) await visit(page, path, width);
    });
  });
}

test('the contact page has no floating contact button; elsewhere it says where it leads', async ({
  page,
}) => {
  await page.goto('/contact');
  await settle(page);
  await expect(page.locator(CONTACT_BUTTON)).toHaveCount(0);
  await page.goto('/');
  await expect(page.locator(CONTACT_BUTTON)).toHaveAccessibleName(
    'Kontakt aufnehmen: öffnet einen WhatsApp-Chat in einem neuen Tab',
  );
});

/** Whether the two boxes overlap; null while either is not on screen (so a poll keeps waiting). */
async function overlap(a: Locator, b: Locator): Promise<boolean | null> {
  const [x, y] = [await a.boundingBox({ timeout: 1000 }), await b.boundingBox({ timeout: 1000 })];
  if (!x || !y) return null;
  return x.x < y.x + y.width && y.x < x.x + x.width && x.y < y.y + y.height && y.y < x.y + x.height;
}

/** Scrolls so the element's bottom edge sits just above the bottom of the window. */
async function scrollToWindowBottom(field: Locator) {
  await field.evaluate((element) =>
    window.scrollBy(0, element.getBoundingClientRect().bottom - window.innerHeight + 8),
  );
}

test('at 390 px the cookie notice and toasts leave the navigation and the field in use free', async ({
  page,
}) => {
  const [, bookingPath] = sampleRoutes;
  await page.setViewportSize(WIDTHS.phone);
  await gotoHydrated(page, bookingPath!);
  await settle(page);
  const form = page.getByRole('form', { name: 'Anmeldung' });
  const phone = form.getByLabel('Telefon *');
  const notice = page.getByRole('region', { name: 'Cookie-Hinweis' });
  await expect(notice).toBeVisible();

  await form.getByLabel('Name *').fill('Anna Muster');
  await form.getByLabel('E-Mail *').fill('anna@example.ch');
  await scrollToWindowBottom(phone);
  await phone.focus();
  await expect.poll(() => overlap(notice, phone), { message: 'cookie notice covers the field' }).toBe(false);
  await page.getByRole('button', { name: 'Verstanden' }).click();

  await phone.fill('abc');
  await scrollToWindowBottom(phone);
  await phone.press('Enter');
  const toast = page.getByRole('listitem').filter({ hasText: 'Bitte Eingaben prüfen' });
  await expect(toast).toBeVisible();
  await expect(phone).toBeFocused();
  const navigation = page.getByRole('banner');
  await expect.poll(() => overlap(toast, navigation), { message: 'toast covers the navigation' }).toBe(false);
  await expect.poll(() => overlap(toast, phone), { message: 'toast covers the field in use' }).toBe(false);
});

for (const width of Object.keys(WIDTHS) as (keyof typeof WIDTHS)[]) {
  test(`at ${WIDTHS[width].width} px the social-feed failure leaves the navigation free`, async ({
    page,
  }) => {
    // The widget's host is unreachable: its script fails to load.
    await page.route(
      (url) => !['127.0.0.1', 'localhost'].includes(url.hostname) && url.protocol.startsWith('http'),
      (route) => route.abort('connectionrefused'),
    );
    await page.setViewportSize(WIDTHS[width]);
    await page.goto('/stories');
    await settle(page);
    const toast = page.getByRole('listitem').filter({ hasText: 'Fehler beim Laden des Instagram-Feeds' });
    await expect(toast).toBeVisible();
    const navigation = page.getByRole('banner');
    await expect
      .poll(() => overlap(toast, navigation), { message: 'toast covers the navigation' })
      .toBe(false);
    // Also when the page is scrolled: the navigation is sticky.
    await page.evaluate(() => window.scrollTo(0, 400));
    await expect
      .poll(() => overlap(toast, navigation), { message: 'toast covers the navigation' })
      .toBe(false);
    await expect(page.getByRole('link', { name: /Instagram/ }).first()).toBeVisible();
  });
}

// One voice: the public site says "du"; English never reaches a visitor. Formal words count only
// inside a sentence ("Sie" at a sentence start may be "she"); "Ihnen" is formal anywhere.
const FORMAL_INSIDE_SENTENCE = /[^\s.!?:„"(]\s+(Sie|Ihre[mnrs]?|Ihr)\b/u;
const FORMAL_ANYWHERE = /\bIhnen\b/u;
const ENGLISH_UI_WORDS =
  /\b(Loading|Error|Submit|Cancel|Close|Next|Previous|Back|Read more|Learn more|Unknown|Invalid|Failed|Please|Sign in|Sign up|Log ?in|Password|Email|Search|Success|not found|Click|Menu|Toggle|Skip to|Dark mode|Light mode|Sample|Example)\b/u;

/** Sentences (and labels) a visitor can see or hear on the page that break the rules. */
async function voiceProblems(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const heard = [...document.querySelectorAll('[aria-label], [title], [placeholder], img[alt]')].flatMap(
      (element) =>
        ['aria-label', 'title', 'placeholder', 'alt'].map((name) => element.getAttribute(name) ?? ''),
    );
    return [document.title, ...document.body.innerText.split('\n'), ...heard];
  });
  return texts
    .map((text) => text.trim())
    .filter(
      (text) =>
        FORMAL_INSIDE_SENTENCE.test(text) || FORMAL_ANYWHERE.test(text) || ENGLISH_UI_WORDS.test(text),
    );
}

test('every public page speaks German with "du"', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize(WIDTHS.phone);
  const problems: string[] = [];
  for (const path of [...PUBLIC_ROUTES, ...sampleRoutes]) {
    await page.goto(path);
    await settle(page);
    problems.push(...(await voiceProblems(page)).map((text) => `${path}: ${text}`));
  }
  expect(problems).toEqual([]);
});

test('error and fallback states speak German with "du" too', async ({ page }) => {
  test.setTimeout(180_000);
  const [eventPath, , storyPath] = sampleRoutes;
  await page.setViewportSize(WIDTHS.phone);
  // The database is unreachable: lists fall back to examples, single pages show their errors.
  await page.route('**/rest/v1/**', (route) => route.abort('connectionrefused'));
  const problems: string[] = [];
  for (const path of ['/', '/events', '/atmen', '/stammtisch', '/kids', eventPath!, storyPath!]) {
    await page.goto(path);
    // Queries retry before they give up.
    await expect(page.locator('main').getByText(/geladen/)).toHaveCount(0, { timeout: 30_000 });
    await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
    problems.push(...(await voiceProblems(page)).map((text) => `${path}: ${text}`));
  }
  expect(problems).toEqual([]);
});

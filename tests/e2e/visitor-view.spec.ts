/// <reference lib="dom" />
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { createPageSamples, type PageSamples } from '../support/e2e-catalog';
import { TestData } from '../support/e2e-data';
import { gotoHydrated } from '../support/e2e-env';
import { parameterRoutes, PUBLIC_PAGES } from '../support/e2e-routes';
import { keepFullPageScreenshot } from '../support/e2e-screenshots';

// Every public page of the router as a new visitor sees it, at 390 and 1366 px: the floating
// contact button covers no link, button or field, no overlay (cookie notice, toast) and no line of
// facts (an event's date, price, seats, also on its card) or of a form (the total), at load, at
// each screen while scrolling and at the end of the page; with the cookie notice still open, the end of the page lies clear of
// it. Screenshots in light and dark are kept under test-results/screenshots/visitor/ and attached
// to the report, for a human look.

const SCREENSHOT_DIR = 'test-results/screenshots/visitor';
const WIDTHS = { phone: { width: 390, height: 844 }, desktop: { width: 1366, height: 900 } } as const;
const CONTACT_BUTTON = 'a[href^="https://wa.me/"]';
const COOKIE_NOTICE = 'section[aria-label="Cookie-Hinweis"]';
/** Everything a visitor can click, type into or tab to. */
const CONTROLS =
  'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="checkbox"], [role="combobox"]';
/** The fixed layers above the page: the cookie notice and each toast. */
const OVERLAYS = `${COOKIE_NOTICE}, [aria-label^="Benachrichtigungen"] li`;

/** Every page of the router, plus a full event's pages (the waiting-list form instead of booking). */
const PAGES: Record<string, (s: PageSamples) => string> = {
  ...PUBLIC_PAGES,
  'events/:slug full': (s) => `/events/${s.waitlistEventSlug}`,
  'events/:slug/buchen full': (s) => `/events/${s.waitlistEventSlug}/buchen`,
};

const data = new TestData();
let samples: PageSamples;
/** The bookable event's page, its booking page and a story. */
let sampleRoutes: string[] = [];
test.beforeAll(async () => {
  samples = await createPageSamples(data);
  sampleRoutes = parameterRoutes({ slug: samples.eventSlug }, { slug: samples.storySlug });
});
test.afterAll(() => data.removeAll());

/** Descriptions of the visible `targets` (outside it) the visible element's box intersects. */
async function underneath(page: Page, element: string, targets: string): Promise<string[]> {
  return page.evaluate(
    ([selector, targetSelector]) => {
      const visible = (node: Element) => {
        const r = node.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && getComputedStyle(node).visibility !== 'hidden';
      };
      const above = document.querySelector(selector);
      if (!above || !visible(above)) return [];
      const box = above.getBoundingClientRect();
      return [...document.querySelectorAll(targetSelector)]
        .filter((target) => !above.contains(target) && !target.contains(above) && visible(target))
        .filter((target) => {
          const r = target.getBoundingClientRect();
          return r.left < box.right && box.left < r.right && r.top < box.bottom && box.top < r.bottom;
        })
        .map((target) => {
          const name = target.getAttribute('aria-label') ?? target.textContent ?? '';
          return `${target.tagName.toLowerCase()} "${name.trim().slice(0, 40)}"`;
        });
    },
    [element, targets] as const,
  );
}

/**
 * Text whose lines the button must leave readable: facts (the site's description lists: date,
 * price, seats...), forms (labels, the total, the terms), and an event card's facts (its list of
 * date, time and place, and the line with the price and the free seats), told apart here by
 * the cards' structure, not by the mark the site gives them; and headings.
 */
const FACT_TEXT = 'dl, form, [role="article"] li, [role="article"] p > span, h1, h2, h3, h4';

/** The lines of FACT_TEXT under the contact button. */
async function factsUnderContactButton(page: Page): Promise<string[]> {
  return page.evaluate(
    ([selector, facts]) => {
      const button = document.querySelector(selector);
      if (!button || getComputedStyle(button).visibility === 'hidden') return [];
      const box = button.getBoundingClientRect();
      const covered: string[] = [];
      const range = document.createRange();
      for (const list of document.querySelectorAll(facts)) {
        const texts = document.createTreeWalker(list, NodeFilter.SHOW_TEXT);
        while (texts.nextNode()) {
          range.selectNodeContents(texts.currentNode);
          const hit = [...range.getClientRects()].some(
            (r) =>
              r.width > 0 &&
              r.left < box.right &&
              box.left < r.right &&
              r.top < box.bottom &&
              box.top < r.bottom,
          );
          if (hit) covered.push(`fact "${(texts.currentNode.textContent ?? '').trim().slice(0, 40)}"`);
        }
      }
      return covered;
    },
    [CONTACT_BUTTON, FACT_TEXT] as const,
  );
}

async function expectNothingCovered(page: Page, moment: string) {
  await expect
    .poll(
      async () => [
        ...(await underneath(page, CONTACT_BUTTON, `${CONTROLS}, ${OVERLAYS}`)),
        ...(await factsUnderContactButton(page)),
      ],
      { message: `contact button covers controls or facts ${moment}` },
    )
    .toEqual([]);
}

function screenshotName(route: string, width: string, scheme: string) {
  const slug = route === '/' ? 'home' : route === '*' ? 'not-found' : route.replace(/[^a-z0-9]+/gi, '-');
  return `${slug}-${width}-${scheme}.png`;
}

async function settle(page: Page) {
  await expect(page.locator('main h1').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => document.fonts.ready);
}

/** Scrolls down a screen at a time; `check` runs at each stop (the button follows the scroll). */
async function scrollToEnd(page: Page, check?: (top: number) => Promise<void>) {
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y <= height; y += 600) {
    await page.evaluate((top) => window.scrollTo(0, top), y);
    await check?.(y);
  }
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await page.waitForLoadState('networkidle');
}

/** Full-page screenshots in light and dark (the theme follows the system: no reload), kept and attached. */
async function keepScreenshots(page: Page, route: string, width: string, testInfo: TestInfo) {
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveClass(scheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    const name = screenshotName(route, width, scheme);
    const path = `${SCREENSHOT_DIR}/${name}`;
    await keepFullPageScreenshot(page, path);
    await testInfo.attach(name, { path, contentType: 'image/png' });
  }
}

async function visit(page: Page, route: string, width: keyof typeof WIDTHS, testInfo: TestInfo) {
  // Third-party hosts (the social-feed widget) are not reachable here: answer them empty.
  await page.route(
    (url) => !['127.0.0.1', 'localhost'].includes(url.hostname) && url.protocol.startsWith('http'),
    (route) => route.fulfill({ status: 200, contentType: 'application/javascript', body: '' }),
  );
  await page.setViewportSize(WIDTHS[width]);
  await page.emulateMedia({ colorScheme: 'light' });
  const path = PAGES[route]!(samples);
  // Hydrated: the test clicks the cookie notice away.
  await gotoHydrated(page, path);
  await settle(page);

  // At load, with the cookie notice still open.
  if (route !== 'contact') await expect(page.locator(CONTACT_BUTTON)).toHaveCount(1);
  await expectNothingCovered(page, `at load on ${path}`);
  await scrollToEnd(page, (top) => expectNothingCovered(page, `scrolled to ${top} px on ${path}`));
  const notice = page.locator(COOKIE_NOTICE);
  await expect(notice).toBeVisible();
  await expect
    .poll(() => underneath(page, COOKIE_NOTICE, CONTROLS), {
      message: `the cookie notice covers controls at the end of ${path}`,
    })
    .toEqual([]);
  await notice.getByRole('button', { name: 'Verstanden' }).click();
  await expectNothingCovered(page, `at the end of ${path}`);
  // At the top without the notice, as every later visit opens the page.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectNothingCovered(page, `at the top of ${path} once the cookie notice is gone`);

  await keepScreenshots(page, route, width, testInfo);
}

for (const width of Object.keys(WIDTHS) as (keyof typeof WIDTHS)[]) {
  test.describe(`at ${WIDTHS[width].width} px`, () => {
    for (const route of Object.keys(PAGES)) {
      test(`${route}: nothing covers a control`, async ({ page }, testInfo) => {
        await visit(page, route, width, testInfo);
      });
    }
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

/** Waits until the toast has slid in: where it comes to rest is what it covers. */
async function arrived(toast: Locator) {
  await expect(toast).toBeVisible();
  await toast.evaluate((element) =>
    Promise.all(element.getAnimations().map((animation) => animation.finished)),
  );
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
  await arrived(toast);
  await expect(phone).toBeFocused();
  const navigation = page.getByRole('banner');
  await expect.poll(() => overlap(toast, navigation), { message: 'toast covers the navigation' }).toBe(false);
  await expect.poll(() => overlap(toast, phone), { message: 'toast covers the field in use' }).toBe(false);
  await expectNothingCovered(page, 'while the toast shows');
});

for (const width of Object.keys(WIDTHS) as (keyof typeof WIDTHS)[]) {
  test(`at ${WIDTHS[width].width} px a toast of several lines and the contact button never overlap`, async ({
    page,
  }) => {
    const [, bookingPath] = sampleRoutes;
    await page.setViewportSize(WIDTHS[width]);
    await gotoHydrated(page, bookingPath!);
    await settle(page);
    await page.getByRole('button', { name: 'Verstanden' }).click();
    const form = page.getByRole('form', { name: 'Anmeldung' });
    await form.getByLabel('Name *').fill('Anna Muster');
    await form.getByLabel('E-Mail *').fill('anna@beispiel');
    await form.getByLabel('Telefon *').fill('abc');
    await form.getByRole('button', { name: 'Verbindlich anmelden' }).click();
    // The toast names both problems: it is taller than its close button's row.
    const toast = page.getByRole('listitem').filter({ hasText: 'Bitte Eingaben prüfen' });
    await arrived(toast);
    await expectNothingCovered(page, 'while the toast shows');
  });
}

for (const width of Object.keys(WIDTHS) as (keyof typeof WIDTHS)[]) {
  test(`at ${WIDTHS[width].width} px the social-feed failure leaves the navigation and the contact button free`, async ({
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
    await arrived(toast);
    const navigation = page.getByRole('banner');
    await expect
      .poll(() => overlap(toast, navigation), { message: 'toast covers the navigation' })
      .toBe(false);
    // On a desktop the toast comes where the contact button sits: the button gives way.
    await expectNothingCovered(page, 'while the toast shows');
    // Also when the page is scrolled: the navigation is sticky.
    await page.evaluate(() => window.scrollTo(0, 400));
    await expect
      .poll(() => overlap(toast, navigation), { message: 'toast covers the navigation' })
      .toBe(false);
    await expect(page.getByRole('link', { name: /Instagram/ }).first()).toBeVisible();
  });
}

/// <reference lib="dom" />
import { expect, test, type Locator, type Page } from '@playwright/test';
import { gotoHydrated } from '../support/e2e-env';

// src/app/deferred-hydration.tsx: below the fold, the home page's sections and the footer stay the
// prerendered HTML until they near the screen or are touched, and then hydrate in place.

declare global {
  interface Window {
    /** Set by a test after the page loaded: still there after a navigation inside the app. */
    __sameDocument?: boolean;
  }
  interface Element {
    /** Set by the init script on the elements of the prerendered HTML. */
    __fromHtml?: boolean;
  }
}

const CLOSING_HEADING = '#erleben-titel';
const FOOTER_LINK = 'footer a[href="/impressum"]';

/** Marks the elements the tests follow as they come in the HTML, before any script runs. */
async function markHtml(page: Page): Promise<void> {
  await page.addInitScript(
    ([heading, link]) =>
      document.addEventListener('DOMContentLoaded', () => {
        for (const element of document.querySelectorAll(`${heading}, ${link}`)) element.__fromHtml = true;
      }),
    [CLOSING_HEADING, FOOTER_LINK],
  );
}

/**
 * The element is still the one from the HTML, and whether React has taken it over: React keeps
 * its fiber on every node it has hydrated (a `__reactFiber$…` key).
 */
function stateOf(element: Locator): Promise<{ fromHtml: boolean; hydrated: boolean }> {
  return element.evaluate((node) => ({
    fromHtml: node.__fromHtml === true,
    hydrated: Object.keys(node).some((key) => key.startsWith('__reactFiber$')),
  }));
}

async function openHome(page: Page): Promise<void> {
  await page.setViewportSize({ width: 390, height: 800 });
  await markHtml(page);
  await gotoHydrated(page, '/');
  await page.waitForLoadState('networkidle');
}

test('sections below the fold stay HTML until they near the screen, then hydrate in place', async ({
  page,
}) => {
  await openHome(page);
  const heading = page.locator(CLOSING_HEADING);
  const footerLink = page.locator(FOOTER_LINK);
  // The page above them has hydrated (its hero button works), they have not.
  expect(await stateOf(page.locator('main h1'))).toMatchObject({ hydrated: true });
  expect(await stateOf(heading)).toEqual({ fromHtml: true, hydrated: false });
  expect(await stateOf(footerLink)).toEqual({ fromHtml: true, hydrated: false });

  await heading.scrollIntoViewIfNeeded();
  await expect.poll(() => stateOf(heading)).toEqual({ fromHtml: true, hydrated: true });
  expect(await stateOf(footerLink)).toEqual({ fromHtml: true, hydrated: false });

  await footerLink.scrollIntoViewIfNeeded();
  await expect.poll(() => stateOf(footerLink)).toEqual({ fromHtml: true, hydrated: true });
});

test('a focus inside a waiting part hydrates it at once: its link navigates inside the app', async ({
  page,
}) => {
  await openHome(page);
  await page.evaluate(() => (window.__sameDocument = true));
  const footerLink = page.locator(FOOTER_LINK);
  expect(await stateOf(footerLink)).toMatchObject({ hydrated: false });
  // As a keyboard reaches it, without scrolling it into view first.
  await footerLink.evaluate((link: HTMLElement) => link.focus({ preventScroll: true }));
  expect(await stateOf(footerLink)).toEqual({ fromHtml: true, hydrated: true });
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/impressum$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => window.__sameDocument)).toBe(true);
});

test('a navigation while parts wait goes through, and the footer hydrates in place', async ({ page }) => {
  await openHome(page);
  await page.evaluate(() => (window.__sameDocument = true));
  expect(await stateOf(page.locator(FOOTER_LINK))).toMatchObject({ hydrated: false });
  // The header's menu, at the top of the page: the footer is far below.
  await page.getByRole('button', { name: 'Menü öffnen' }).click();
  await page.getByRole('dialog').getByRole('link', { name: 'Events', exact: true }).click();
  await expect(page).toHaveURL(/\/events$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unsere Events');
  expect(await page.evaluate(() => window.__sameDocument)).toBe(true);
  // The navigation is an update of the footer too: it hydrated the footer's HTML first.
  expect(await stateOf(page.locator(FOOTER_LINK))).toEqual({ fromHtml: true, hydrated: true });
});

test("a tap on a waiting part is the part's own: /fonduehusli's gallery opens its picture", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await gotoHydrated(page, '/fonduehusli');
  await page.waitForLoadState('networkidle');
  const picture = page.getByRole('button', { name: /Bild vergrössern$/ }).first();
  expect(await stateOf(picture)).toMatchObject({ hydrated: false });
  // Scrolled to it and tapped at once: the tap, not the scroll, hydrates it.
  await picture.click();
  await expect(page.getByRole('dialog')).toBeVisible();
});

/// <reference lib="dom" />
import { expect, test, type Page } from '@playwright/test';
import { TestData } from '../support/e2e-data';
import { gotoHydrated } from '../support/e2e-env';

// Technical failures look calm (issue 17): while the database cannot be reached, the lists show
// sample events clearly marked as examples and without a date that looks real, and a single
// event's page names the problem. The built site with the real stack; only the browser's requests
// to the database API fail (page.route), as they would when the database is down.

/** A date as the site writes one: '5. März 2099', '05.03.2099', 'Mi, 5. März'. */
const DATE =
  /\b\d{1,2}\.\s?(Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember)\b|\b\d{1,2}\.\d{1,2}\.\d{2,4}\b/;

const data = new TestData();
let eventSlug = '';
test.beforeAll(async () => {
  // Created after the build: its page is not prerendered, so it can only come from the database.
  eventSlug = (await data.createEvent({ title: 'Waldküche am Abend' })).slug;
});
test.afterAll(() => data.removeAll());

/** Every request to the database API fails as if the server were down. */
async function databaseDown(page: Page) {
  await page.route('**/rest/v1/**', (route) => route.abort('connectionrefused'));
}

/**
 * Opens a page through the navigation, as a visitor moves through the site: a prerendered page
 * opened directly shows the events it was built with, so only pages reached inside the site
 * (their lists not prerendered into this document) ask the database and fall back to examples.
 */
async function navigateTo(page: Page, link: string | RegExp) {
  await gotoHydrated(page, '/impressum');
  await databaseDown(page);
  await page.getByRole('banner').getByRole('link', { name: link }).first().click();
}

/** The event cards the list shows once the queries have given up. */
/**
 * The cards once the examples are shown. Read them with textContent: sections below the first
 * screen are not rendered until scrolled to (content-visibility: auto), and innerText of an
 * unrendered card is empty.
 */
async function settledCards(page: Page) {
  const cards = page.locator('main [role="article"]');
  await expect(cards.filter({ hasText: 'Beispiel' }).first()).toBeVisible({ timeout: 30_000 });
  return cards;
}

test('/events with the database down: every card is marked as an example and carries no date', async ({
  page,
}) => {
  await navigateTo(page, 'Events');
  const cards = await settledCards(page);
  const texts = await cards.allTextContents();
  expect(texts.length).toBeGreaterThan(0);
  for (const text of texts) {
    expect(text).toContain('Beispiel');
    expect(text).toContain('Beispiel ohne Termin');
    expect(text).not.toMatch(DATE);
    expect(text).not.toMatch(/Plätze? frei/);
  }
  // The visitor is told why, once, in the page.
  await expect(page.locator('main').getByText(/Beispieldaten angezeigt/)).toBeVisible();
});

test('the home teaser with the database down shows examples without dates', async ({ page }) => {
  await navigateTo(page, /Sinneswerk/);
  const cards = await settledCards(page);
  for (const text of await cards.allTextContents()) {
    expect(text).toContain('Beispiel ohne Termin');
    expect(text).not.toMatch(DATE);
  }
});

test("an example's own page is marked as one and offers no booking", async ({ page }) => {
  await navigateTo(page, 'Events');
  const cards = await settledCards(page);
  await cards.first().getByRole('link', { name: 'Beispiel ansehen' }).click();
  const main = page.locator('main');
  await expect(main.getByText(/Beispiel-Event/).first()).toBeVisible();
  await expect(main.getByText('Beispiel ohne Termin').first()).toBeVisible();
  await expect(main).not.toContainText(DATE);
  await expect(main.getByRole('link', { name: /buchen|anmelden/i })).toHaveCount(0);
});

for (const failure of ['unreachable', 'answering with an error'] as const) {
  test(`a single event's page with the database ${failure} says 'Fehler beim Laden des Events'`, async ({
    page,
  }) => {
    if (failure === 'unreachable') await databaseDown(page);
    else
      await page.route('**/rest/v1/events*', (route) =>
        route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
      );
    await page.goto(`/events/${eventSlug}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Fehler beim Laden des Events' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(page.getByRole('link', { name: 'Alle Events ansehen' })).toBeVisible();
  });
}

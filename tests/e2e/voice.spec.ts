/// <reference lib="dom" />
import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../support/e2e-admin';
import { createPageSamples, type PageSamples } from '../support/e2e-catalog';
import { TestData } from '../support/e2e-data';
import { API, drawDeferredSections, SITE } from '../support/e2e-env';
import { parameterRoutes, PUBLIC_PAGES } from '../support/e2e-routes';

// One voice (issue 17): the public site says "du", the admin says "Sie", and no English reaches
// either. The rendered text of every page is read as a person sees or hears it (visible text,
// title, aria-label, placeholder, alt) and checked against word lists.

/** Formal address on a public page. "Sie" at a sentence start may be "she" (a founder's portrait), so
 * "Sie"/"Ihr…" count only inside a sentence; "Ihnen" is formal anywhere. */
const FORMAL_INSIDE_SENTENCE = /[^\s.!?:„"(]\s+(Sie|Ihre[mnrs]?|Ihr)\b/u;
const FORMAL_ANYWHERE = /\bIhnen\b/u;
/** Informal address in the admin. */
const INFORMAL = /\b(du|dich|dir|dein(e[mnrs]?)?)\b/iu;
const ENGLISH_UI_WORDS =
  /\b(Loading|Error|Submit|Cancel|Close|Next|Previous|Back|Read more|Learn more|Unknown|Invalid|Failed|Please|Sign in|Sign up|Log ?in|Log ?out|Sign out|Password|Email|Search|Success|not found|Click|Menu|Toggle|Skip to|Dark mode|Light mode|Sample|Example|Required|required|Save|Delete|Edit|Confirm|Retry|Try again|Something went wrong|Welcome|Settings|Name is|Upload|Download|Send|Show|Hide)\b/u;
/** 'Admin Login' is the spec's German heading (and 'Login erfolgreich' its toast). */
const ADMIN_LOGIN = /\b(Admin Login|Login erfolgreich)\b/gu;
/** One typographic style: '…' instead of '...', a dash instead of ' - ', time ranges as '09:00–11:30 Uhr'. */
const TYPOGRAPHY = /\.\.\.|\s-\s|\b\d{1,2}[:.]\d{2}\s*(?:-|bis|–\s)\s*\d{1,2}[:.]\d{2}\b/u;

/** Every line a person can see or hear on the page (title, text, labels, placeholders, alt texts). */
async function pageTexts(page: Page): Promise<string[]> {
  // innerText leaves out sections the browser has not drawn yet (below the first screen).
  const putBack = await drawDeferredSections(page);
  const texts = await page.evaluate(() => {
    const heard = [...document.querySelectorAll('[aria-label], [title], [placeholder], img[alt]')].flatMap(
      (element) =>
        ['aria-label', 'title', 'placeholder', 'alt'].map((name) => element.getAttribute(name) ?? ''),
    );
    return [document.title, ...document.body.innerText.split('\n'), ...heard];
  });
  await putBack();
  return texts.map((text) => text.trim()).filter(Boolean);
}

async function publicProblems(page: Page): Promise<string[]> {
  return (await pageTexts(page)).filter(
    (text) =>
      FORMAL_INSIDE_SENTENCE.test(text) ||
      FORMAL_ANYWHERE.test(text) ||
      ENGLISH_UI_WORDS.test(text) ||
      TYPOGRAPHY.test(text),
  );
}

/**
 * The admin's own texts. What it quotes of the visitors' side is theirs and may say "du": table
 * cells, and texts marked `data-visitor-text` (the subjects of the mails in the outbox).
 */
async function adminProblems(page: Page): Promise<string[]> {
  const cells = await page.evaluate(() =>
    [...document.querySelectorAll('td, [data-visitor-text]')].flatMap((cell) =>
      (cell as HTMLElement).innerText.split('\n'),
    ),
  );
  const visitorTexts = new Set(cells.map((text) => text.trim()));
  return (await pageTexts(page)).filter(
    (text) =>
      (INFORMAL.test(text) && !visitorTexts.has(text)) ||
      ENGLISH_UI_WORDS.test(text.replace(ADMIN_LOGIN, '')) ||
      TYPOGRAPHY.test(text),
  );
}

/** Waits until the page shows its finished content: heading, data loaded. */
async function settle(page: Page) {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
}

const data = new TestData();
let samples: PageSamples;
/** Every public page of the router, a full event's pages, and the states of a wrong link or address. */
let publicPaths: string[] = [];
test.beforeAll(async () => {
  samples = await createPageSamples(data);
  publicPaths = [
    ...Object.values(PUBLIC_PAGES).map((path) => path(samples)),
    `/events/${samples.waitlistEventSlug}`,
    `/events/${samples.waitlistEventSlug}/buchen`,
    `/buchung/${samples.booking.reference}#falsch`,
    '/warteliste/angebot#falsch',
    '/events/gibt-es-nicht',
    '/events/gibt-es-nicht/buchen',
    '/stories/gibt-es-nicht',
  ];
});
test.afterAll(() => data.removeAll());

test('every public page speaks German with "du"', async ({ page }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const problems: string[] = [];
  for (const path of publicPaths) {
    await page.goto(path);
    await settle(page);
    problems.push(...(await publicProblems(page)).map((text) => `${path}: ${text}`));
  }
  expect(problems).toEqual([]);
});

test('error and fallback states speak German with "du" too', async ({ page }) => {
  test.setTimeout(180_000);
  const [eventPath, , storyPath] = parameterRoutes({ slug: samples.eventSlug }, { slug: samples.storySlug });
  await page.setViewportSize({ width: 390, height: 844 });
  // The database is unreachable: lists fall back to examples, single pages show their errors.
  await page.route('**/rest/v1/**', (route) => route.abort('connectionrefused'));
  const problems: string[] = [];
  for (const path of ['/', '/events', '/atmen', '/stammtisch', '/kids', eventPath!, storyPath!]) {
    await page.goto(path);
    // Queries retry before they give up.
    await expect(page.locator('main').getByText(/geladen/)).toHaveCount(0, { timeout: 30_000 });
    await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
    problems.push(...(await publicProblems(page)).map((text) => `${path}: ${text}`));
  }
  expect(problems).toEqual([]);
});

test('every admin page speaks German with "Sie"', async ({ page }) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const problems: string[] = [];
  for (const path of ['/admin/login', '/admin/signup']) {
    await page.goto(path);
    await settle(page);
    problems.push(...(await adminProblems(page)).map((text) => `${path}: ${text}`));
  }
  await signIn(page);
  const pages = [
    '/admin/dashboard',
    '/admin/events',
    '/admin/events/new',
    `/admin/events/${samples.eventId}`,
    `/admin/events/${samples.eventId}/edit`,
    `/admin/events/${samples.eventId}/checkin`,
    `/admin/events/${samples.waitlistEventId}/warteliste`,
    '/admin/participants',
    `/admin/participants/${samples.participantId}`,
    '/admin/inbox',
    '/admin/inbox?ansicht=newsletter',
    '/admin/inbox?ansicht=postausgang',
    '/admin/zahlungen',
    '/admin/finanzen',
    '/admin/gutscheine',
    '/admin/datenschutz',
    '/admin/users',
    '/admin/settings',
  ];
  for (const path of pages) {
    await page.goto(path);
    await settle(page);
    problems.push(...(await adminProblems(page)).map((text) => `${path}: ${text}`));
  }
  expect(problems).toEqual([]);
});

test('a confirmation link that expired says so in German on the admin login', async ({ page }) => {
  // The stack's GoTrue answers an unknown token as GoTrue does: a redirect with
  // '#error=access_denied&error_code=otp_expired&error_description=Email link is invalid or has expired'.
  const redirect = encodeURIComponent(`${SITE}/admin/login`);
  await page.goto(`${API}/auth/v1/verify?token=abgelaufen&type=signup&redirect_to=${redirect}`);
  await expect(page).toHaveURL(`${SITE}/admin/login`);
  await expect(page.getByRole('alert')).toHaveText(/^Der Bestätigungslink ist abgelaufen/);
  expect(await adminProblems(page)).toEqual([]);
  await expect(page.locator('body')).not.toContainText(/Email link|expired/);
});

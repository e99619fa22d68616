/// <reference lib="dom" />
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { inDays, TestData } from '../support/e2e-data';
import { prerenderedEventPath, REPO_ROOT } from '../support/e2e-env';
import { expectContrastAsLoaded } from './axe';
import { PUBLIC_ROUTES } from '../support/e2e-routes';

// The prerendered build as the static host serves it (scripts/serve-dist.ts sends dist/_headers):
// pages carry their content and previews in the HTML, hydrate without a console message, and the
// Content-Security-Policy blocks nothing the site needs.

const DIST = join(REPO_ROOT, 'dist');

declare global {
  interface Window {
    /** Left by a test's init script: when the page's picture loaded and its scripts were asked for. */
    __starts?: { parsed: number; picture: number; scripts: number };
    /** Left by a test's init script: the forms the page removed. */
    __removedForms?: string[];
  }
}

function distHtml(file: string): string {
  return readFileSync(join(DIST, file), 'utf8');
}

function metaContent(html: string, attribute: 'name' | 'property', key: string): string | undefined {
  const tag = html.match(new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`));
  return tag?.[1];
}

test.describe('prerendered HTML in dist/', () => {
  for (const [label, path] of [
    ['home', '/'],
    ['an event', 'event'],
    ['fonduehusli', '/fonduehusli'],
  ] as const) {
    test(`${label} carries h1, title, description and og tags`, () => {
      const pagePath = path === 'event' ? prerenderedEventPath() : path;
      const html = distHtml(pagePath === '/' ? 'index.html' : `${pagePath.slice(1)}.html`);
      expect(html).toMatch(/<div id="root"><.*<h1[^>]*>[^<]+/s);
      expect(html.match(/<title>/g)).toHaveLength(1);
      expect(html).toMatch(/<title>Sinneswerk – [^<]+<\/title>/);
      expect(html.match(/<meta name="description"/g)).toHaveLength(1);
      expect(metaContent(html, 'name', 'description')).toBeTruthy();
      for (const og of ['og:title', 'og:description', 'og:image', 'og:url', 'og:type']) {
        expect(metaContent(html, 'property', og), og).toBeTruthy();
      }
      expect(html).toContain(`<link rel="canonical" href="https://www.sinneswerk.ch${pagePath}"/>`);
      if (path === 'event') expect(html).toContain('<script type="application/ld+json">');
    });
  }

  test('the home page paints from its HTML: hero first, scripts last, no font swap shift', () => {
    const html = distHtml('index.html');
    const head = html.slice(0, html.indexOf('</head>'));
    // No stylesheet to wait for: the page's critical CSS is inlined, the whole stylesheet is
    // linked for print (fetched without holding the first paint; the starter applies it), and
    // no lazy chunk asks for it again (each page's hydration test counts the requests).
    expect(head.replace(/<noscript>.*?<\/noscript>/gs, '')).not.toMatch(
      /<link rel="stylesheet"(?![^>]*media="print")[^>]*>/,
    );
    expect(head).toMatch(
      /<link rel="stylesheet" href="\/assets\/style-[\w-]+\.css" media="print" id="site-stylesheet">/,
    );
    const critical = /<style>([^<]*)<\/style>/.exec(head)?.[1] ?? '';
    const whole = readFileSync(join(DIST, /href="\/(assets\/style-[\w-]+\.css)"/.exec(head)![1]!), 'utf8');
    // What the page uses, what its scripts show at once and the elements' base rules: the
    // admin's table styles, for one, are not in it.
    expect(critical.length).toBeGreaterThan(5_000);
    expect(critical.length).toBeLessThan(whole.length * 0.6);
    expect(critical).not.toContain('.table-fixed{');
    expect(critical).toContain('.dark{');
    // The hero image is requested from <head> at high priority, in the sizes the page uses.
    expect(head).toMatch(
      /<link rel="preload" as="image" type="image\/avif" fetchPriority="high" imageSrcSet="[^"]*home-hero-480\.avif 480w/i,
    );
    // Scripts only hydrate what is already visible: none is requested from the HTML, so none
    // competes with it and the hero. The page lists them, entry first, for the starter that
    // requests them after the first frame.
    expect(html).not.toMatch(/<script type="module"|<link rel="modulepreload"/);
    const listed = /<script type="application\/json" id="page-modules">([^<]*)<\/script>/.exec(html);
    const modules = JSON.parse(listed?.[1] ?? '[]') as string[];
    expect(modules[0]).toMatch(/^\/assets\/index-[\w-]+\.js$/);
    expect(modules.length).toBeGreaterThan(5);
    expect(html.indexOf('id="page-modules"')).toBeLessThan(html.indexOf("getElementById('page-modules')"));
    // Until the web fonts arrive, text is set in the metric-matched local fallbacks.
    expect(head).toMatch(/@font-face\{font-family:Inter Fallback;[^}]*size-adjust/);
    expect(head).toMatch(/@font-face\{font-family:Fraunces Fallback;[^}]*size-adjust/);
  });

  // src/lib/lazy-part.tsx: a part in its own chunk that the page shows from its HTML has its code
  // listed after the page's own, so the starter fetches it at once, not when hydration reaches it.
  test("the lazy parts a page shows are listed for the starter after the page's own modules", () => {
    const listed = (file: string) =>
      JSON.parse(/id="page-modules">([^<]*)</.exec(distHtml(file))?.[1] ?? '[]') as string[];
    const position = (modules: string[], chunk: string) =>
      modules.findIndex((module) => new RegExp(`^/assets/${chunk}-[\\w-]+\\.js$`).test(module));
    const booking = listed(`${prerenderedEventPath().slice(1)}/buchen.html`);
    const home = listed('index.html');
    // The booking form and the footer's newsletter box; the home page's events teaser.
    for (const [modules, page, part] of [
      [booking, 'event-booking', 'booking-panel'],
      [booking, 'event-booking', 'newsletter-box'],
      [home, 'home', 'upcoming-events-teaser'],
      [home, 'home', 'newsletter-box'],
    ] as const) {
      expect(position(modules, page), page).toBeGreaterThan(0);
      expect(position(modules, part), part).toBeGreaterThan(position(modules, page));
    }
    // Only what the page shows: the mobile menu waits for its button.
    expect(position(home, 'mobile-menu')).toBe(-1);
    expect(new Set(home).size).toBe(home.length);
  });

  test('the privacy page carries the retention limits the database held at build time', () => {
    const html = distHtml('datenschutz.html');
    expect(html).toContain('Erledigte Anfragen anonymisieren wir 12 Monate nach der Erledigung.');
    expect(html).not.toContain('Die Fristen werden geladen');
  });

  test('sitemap lists pages and events; robots.txt keeps private paths out', () => {
    const sitemap = distHtml('sitemap.xml');
    expect(sitemap).toContain('<loc>https://www.sinneswerk.ch/fonduehusli</loc>');
    expect(sitemap).toContain(`<loc>https://www.sinneswerk.ch${prerenderedEventPath()}</loc>`);
    expect(sitemap).not.toContain('/admin');
    expect(sitemap).not.toContain('/buchen');
    const robots = distHtml('robots.txt');
    for (const path of ['/admin', '/events/*/buchen', '/fonduehusli/confirmation']) {
      expect(robots).toContain(`Disallow: ${path}`);
    }
  });
});

interface Problems {
  messages: string[];
  violations: string[];
}

/** Console errors and warnings (hydration mismatches included) and CSP violations. */
async function watch(page: Page): Promise<Problems> {
  const problems: Problems = { messages: [], violations: [] };
  // Third-party hosts cannot be reached from CI: answer them, so only the CSP can block them.
  await page.route(
    (url) => !['127.0.0.1', 'localhost'].includes(url.hostname) && url.protocol.startsWith('http'),
    (route) => route.fulfill({ status: 200, contentType: 'application/javascript', body: '' }),
  );
  // Chromium reports every blocked load or inline script as a console error naming the policy.
  // (A securitypolicyviolation listener cannot be used: Playwright's own injected helpers
  // trip the policy themselves.)
  page.on('console', (message) => {
    if (message.type() !== 'error' && message.type() !== 'warning') return;
    if (/Content Security Policy/i.test(message.text())) problems.violations.push(message.text());
    else problems.messages.push(message.text());
  });
  page.on('pageerror', (error) => problems.messages.push(`pageerror: ${error.message}`));
  return problems;
}

const routes = [...PUBLIC_ROUTES, '/admin/login'];

test.describe('served with the host headers', () => {
  for (const path of [...routes, 'event', 'event booking']) {
    test(`${path}: hydrates without console messages or CSP violations`, async ({ page }) => {
      const problems = await watch(page);
      // The critical CSS is inlined and the whole stylesheet fetched once, not blocking; a lazy
      // chunk fetching it again would restyle the whole page after hydration.
      const stylesheets: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'stylesheet') stylesheets.push(request.url());
      });
      const url =
        path === 'event'
          ? prerenderedEventPath()
          : path === 'event booking'
            ? `${prerenderedEventPath()}/buchen`
            : path;
      const response = await page.goto(url);
      expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
      await expect(page.locator('h1').first()).toBeVisible();
      // The page's starter (an inline script the policy allows by its hash) loaded the scripts.
      await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
      await page.waitForLoadState('networkidle');
      expect(problems.violations, `CSP violations on ${url}`).toEqual([]);
      expect(problems.messages, `console errors or warnings on ${url}`).toEqual([]);
      // Pages served from the client-rendered app shell link the stylesheet the usual way.
      const prerendered =
        path === 'event' ||
        path === 'event booking' ||
        existsSync(join(DIST, path === '/' ? 'index.html' : `${path}.html`));
      if (prerendered) {
        expect(stylesheets, `stylesheets fetched on ${url}`).toEqual([
          expect.stringMatching(/\/assets\/style-[\w-]+\.css$/),
        ]);
      }
      // Every page ends up in the web fonts.
      const loadedFonts = await page.evaluate(() =>
        [...document.fonts].filter((font) => font.status === 'loaded').map((font) => font.family),
      );
      expect(loadedFonts).toEqual(expect.arrayContaining(['Inter Variable', 'Fraunces Variable']));
    });
  }

  // index.html's starter: on a slow line the scripts would share it with the hero, the page's
  // largest element, so they are requested once the page has painted it. A page whose content is
  // a form does not wait for its pictures: text typed before it hydrates would be reset.
  for (const [label, path, picture, order] of [
    ['the home page: once the hero is in', '/', '**/images/home-hero-*', 'after'],
    ['a booking page: before its picture', 'event booking', '**/images/**', 'before'],
  ] as const) {
    test(`on a slow line the scripts are requested ${label}`, async ({ page }) => {
      await page.addInitScript(() => {
        const times = { parsed: Infinity, picture: Infinity, scripts: Infinity };
        window.__starts = times;
        document.addEventListener('DOMContentLoaded', () => (times.parsed = performance.now()));
        new MutationObserver(() => {
          if (document.head?.querySelector('link[rel="modulepreload"], script[type="module"]'))
            times.scripts = Math.min(times.scripts, performance.now());
        }).observe(document, { childList: true, subtree: true });
        document.addEventListener(
          'load',
          (event) => {
            if (event.target instanceof HTMLImageElement && event.target.loading === 'eager')
              times.picture = Math.min(times.picture, performance.now());
          },
          true,
        );
      });
      // The pictures are held, as on a phone's slow line, until the test lets them through.
      const held: Array<() => Promise<void>> = [];
      let released = false;
      await page.route(picture, (route) => (released ? route.continue() : held.push(() => route.continue())));
      const release = async () => {
        released = true;
        await Promise.all(held.map((go) => go()));
      };
      const starts = () => page.evaluate(() => window.__starts!);
      await page.goto(path === 'event booking' ? `${prerenderedEventPath()}/buchen` : path, {
        waitUntil: 'commit',
      });
      if (order === 'after') {
        // Painted, and two frames after that: the old starter had asked for the scripts by then.
        await expect
          .poll(() =>
            page.evaluate(
              () =>
                new Promise<boolean>((resolve) => {
                  if (performance.getEntriesByName('first-contentful-paint').length === 0) resolve(false);
                  else requestAnimationFrame(() => requestAnimationFrame(() => resolve(true)));
                }),
            ),
          )
          .toBe(true);
        expect((await starts()).scripts).toBe(Infinity);
      } else {
        // The form's scripts come while its picture is still held, after its first paint, well
        // before the starter's one-second fallback (a page waiting for the picture gets them
        // only from that fallback, a second after the HTML was read).
        await expect.poll(async () => (await starts()).scripts).toBeLessThan(Infinity);
        const { parsed, scripts } = await starts();
        expect(scripts - parsed).toBeLessThan(500);
      }
      await release();
      await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
      await expect.poll(async () => (await starts()).picture).toBeLessThan(Infinity);
      const { picture: pictureIn, scripts } = await starts();
      if (order === 'after') expect(scripts).toBeGreaterThan(pictureIn);
      else expect(scripts).toBeLessThan(pictureIn);
    });
  }

  // src/app/full-stylesheet.ts: switching the whole stylesheet on restyles the whole page, so it
  // waits until the page shows something its inline rules do not style.
  test('the whole stylesheet applies only once the page shows what its inline rules lack', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/events');
    await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
    await page.waitForLoadState('networkidle');
    const stylesheet = page.locator('#site-stylesheet');
    // What the scripts show by themselves is styled from the inline rules: the cookie notice
    // (rendered for the critical CSS at build time, src/app/load-time-states.tsx).
    const notice = page.getByRole('region', { name: 'Cookie-Hinweis' });
    await expect(notice).toBeVisible();
    expect(await notice.evaluate((element) => getComputedStyle(element).position)).toBe('fixed');
    await expect(stylesheet).toHaveAttribute('media', 'print');
    // The menu's sheet is not in the page: opening it switches the stylesheet on before it paints.
    await page.getByRole('button', { name: 'Menü öffnen' }).click();
    const menu = page.getByRole('dialog');
    await expect(menu).toBeVisible();
    await expect(stylesheet).toHaveAttribute('media', 'all');
    // `w-[86%]` is named by no element of /events, so only the whole stylesheet has it.
    const width = await menu.evaluate((element) => element.getBoundingClientRect().width);
    expect(width).toBeCloseTo(390 * 0.86, 0);
  });

  // React drops a part of the page that is still waiting for its code when an urgent update
  // reaches it, and renders it again from scratch (src/lib/auth/auth-context.tsx).
  test('the booking form and the newsletter box hydrate in place, their HTML never replaced', async ({
    page,
  }) => {
    await page.addInitScript(() => {
      const removed: string[] = [];
      window.__removedForms = removed;
      document.addEventListener('DOMContentLoaded', () =>
        new MutationObserver((mutations) => {
          for (const mutation of mutations)
            for (const node of mutation.removedNodes)
              if (node instanceof Element && (node.matches('form') || node.querySelector('form')))
                removed.push(node.outerHTML.slice(0, 80));
        }).observe(document.body, { childList: true, subtree: true }),
      );
    });
    await page.goto(`${prerenderedEventPath()}/buchen`);
    await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('button', { name: 'Verbindlich anmelden' })).toBeVisible();
    expect(await page.evaluate(() => window.__removedForms)).toEqual([]);
  });

  // Later sections are drawn as they near the screen (src/index.css). An audit that does not
  // scroll must still see each text on its real background: an undrawn last section's content
  // sat over the footer for it (the home page's third event card).
  test('contrast tools see the real colours on a page as loaded, before any scrolling', async ({ page }) => {
    // Three events of the coming days fill the home page's teaser (its last section) with three
    // cards: far more than the placeholder height of an undrawn section.
    const data = new TestData();
    try {
      for (const day of [1, 2, 3])
        await data.createEvent({
          start_date: inDays(day),
          description: 'Kochen, essen und reden. '.repeat(12),
        });
      await page.setViewportSize({ width: 412, height: 823 });
      for (const path of ['/', '/events', '/stammtisch', '/fonduehusli']) {
        await page.goto(path);
        await expect(page.locator('html[data-hydrated="true"]')).toHaveCount(1);
        await page.waitForLoadState('networkidle');
        await expectContrastAsLoaded(page);
      }
    } finally {
      await data.removeAll();
    }
  });

  test('the social feed script may load on /stories only', async ({ page }) => {
    const problems = await watch(page);
    await page.goto('/stories');
    await expect(page.locator('[data-testid="social-feed"] script')).toHaveCount(1);
    await page.waitForLoadState('networkidle');
    expect(problems.violations).toEqual([]);
    const otherPolicy = (await page.request.get('/')).headers()['content-security-policy'];
    expect(otherPolicy).not.toContain('lightwidget');
  });

  test("an event's booking page is prerendered with its form, marked noindex", async ({ page }) => {
    const response = await page.request.get(`${prerenderedEventPath()}/buchen`);
    expect(response.headers()['x-robots-tag']).toBe('noindex, nofollow');
    const html = await response.text();
    expect(html).toContain('<meta name="robots" content="noindex');
    expect(html).toMatch(/<h1[^>]*>Event-Buchung: Vorgerendertes Event<\/h1>/);
    // The form's fields are in the HTML: the visitor sees them before any script runs.
    expect(html).toMatch(/<form[^>]*>.*<input[^>]*name="name"/s);
    expect(html).toMatch(/<link rel="stylesheet" href="\/assets\/style-[\w-]+\.css" media="print"/);
    // Other private pages stay the client-rendered shell.
    const login = await page.request.get('/admin/login');
    expect(login.headers()['x-robots-tag']).toBe('noindex, nofollow');
    expect(await login.text()).toContain('<div id="root"></div>');
  });

  // One address for each entry of the private list (src/lib/indexing.ts): the host's header,
  // robots.txt and the sitemap as built into dist/, and the page's meta tag once it runs.
  test('every page that belongs to one visitor is kept out of search engines', async ({ page }) => {
    const privatePaths = [
      '/buchung',
      '/buchung/SW-TEST0001',
      '/buchung/SW-TEST0001/verwalten',
      '/zahlung/00000000-0000-4000-8000-000000000000',
      '/warteliste/angebot',
      '/warteliste/austragen',
      `${prerenderedEventPath()}/buchen`,
      '/fonduehusli/confirmation',
      '/fonduehusli/reservieren',
      '/admin',
      '/admin/login',
      '/admin/participants',
    ];
    const robots = distHtml('robots.txt');
    const disallowed = [...robots.matchAll(/^Disallow: (\S+)$/gm)].map((rule) => rule[1]!);
    // RFC 9309: a rule matches a path that starts with it, `*` standing for any characters.
    const blockedByRobots = (path: string) =>
      disallowed.some((rule) =>
        new RegExp(
          `^${rule
            .split('*')
            .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
            .join('.*')}`,
        ).test(path),
      );
    const sitemapPaths = [...distHtml('sitemap.xml').matchAll(/<loc>https?:\/\/[^/<]+([^<]*)<\/loc>/g)].map(
      (loc) => loc[1] || '/',
    );
    expect(sitemapPaths.length, 'the sitemap lists the public pages').toBeGreaterThan(5);
    for (const path of privatePaths) {
      expect((await page.request.get(path)).headers()['x-robots-tag'], `${path}: header`).toBe(
        'noindex, nofollow',
      );
      expect(blockedByRobots(path), `${path}: robots.txt`).toBe(true);
      expect(sitemapPaths, `${path}: sitemap`).not.toContain(path);
      await page.goto(path);
      await expect(page.locator('meta[name="robots"]'), `${path}: meta tag`).toHaveAttribute(
        'content',
        /noindex/,
      );
    }
    // The public pages stay open to search engines.
    for (const path of ['/', '/events', prerenderedEventPath(), '/fonduehusli']) {
      expect((await page.request.get(path)).headers()['x-robots-tag'], path).toBeUndefined();
      expect(blockedByRobots(path), path).toBe(false);
      expect(sitemapPaths, path).toContain(path);
    }
  });

  test('hashed assets are cached for good, pages are not', async ({ page }) => {
    const html = distHtml('index.html');
    const script = (JSON.parse(/id="page-modules">([^<]*)</.exec(html)?.[1] ?? '[]') as string[])[0];
    expect((await page.request.get(script!)).headers()['cache-control']).toContain('immutable');
    expect((await page.request.get('/')).headers()['cache-control'] ?? '').not.toContain('immutable');
  });
});

test('a prerendered page shows its content without JavaScript', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/fonduehusli');
  await expect(page.locator('main h1')).toBeVisible();
  // Season and prices come from public.settings, read at build time (the seed's values).
  await expect(page.getByRole('heading', { level: 2, name: 'Die Saison läuft' })).toBeVisible();
  await expect(page.getByText('CHF 80.00 pro Person')).toBeVisible();
  await page.goto(prerenderedEventPath());
  await expect(page.locator('main h1')).toBeVisible();
  await context.close();
});

test('the fondue FAQ keeps one answer open by the browser alone, from the keyboard', async ({ browser }) => {
  // No script: the prerendered <details name> group is all there is.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/fonduehusli');
  const open = page.locator('details[open] > summary');
  const season = page.locator('summary', { hasText: 'Wann beginnt die Fondue-Saison?' });
  const prices = page.locator('summary', { hasText: 'Was kostet ein Abend?' });
  await expect(open).toHaveCount(0);

  await season.focus();
  await page.keyboard.press('Enter');
  await expect(open).toHaveText(['Wann beginnt die Fondue-Saison?']);
  await prices.focus();
  await page.keyboard.press('Space');
  await expect(open).toHaveText(['Was kostet ein Abend?']);
  await expect(page.getByText(/^Pro Person CHF/)).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(open).toHaveCount(0);
  await context.close();
});

test('an event page shows the build-time data without asking the API first', async ({ page }) => {
  const problems = await watch(page);
  await page.route('**/rest/v1/**', (route) => route.abort());
  const path = prerenderedEventPath();
  await page.goto(path);
  const title = await page.locator('main h1').first().textContent();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main h1').first()).toHaveText(title!);
  await expect(page.getByText('Fehler beim Laden')).toHaveCount(0);
  expect(problems.violations).toEqual([]);
});

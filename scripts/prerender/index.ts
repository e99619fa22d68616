// `npm run build`, step 3: after the client build (dist/) and the server build of
// src/entry-server.tsx (.ssr/), render every public page to its own HTML file, then write the
// sitemap, robots.txt and the static host's configuration. Events come from the Supabase
// project the site is built for, read with the anon key like any visitor; when it cannot be
// reached the build still succeeds, with a warning, and leaves event pages to the browser.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  APP_SHELL_FILE,
  headersFile,
  redirectsFile,
  robotsTxt,
  sitemapXml,
  type HostConfigInput,
} from './host-config';
import {
  checkBudgets,
  INITIAL_JS_GOAL_KB,
  INITIAL_JS_LIMIT_KB,
  type ChunkModules,
  type PageBudgetInput,
} from './budgets';
import { entryKey, readManifest, staticClosure } from './manifest';
import { createCriticalCss, takeFontFaces } from './critical-css';
import { pageHtml, type ShellParts } from './page-html';

/** What src/entry-server.tsx exports (the server build is plain JS, so it is typed here). */
interface ServerEntry {
  render(
    url: string,
    options?: { withData?: boolean },
  ): Promise<{
    html: string;
    modules: string[];
    parts: string[];
    status: number;
    queryState: unknown;
    failures: unknown[];
  }>;
  staticPublicPaths(): string[];
  NEW_EVENT_PATHS: { event: string; booking: string };
  NEW_EVENT_SCRIPT: string;
  loadTimeMarkup(): string;
  loadPublishedEventPaths(): Promise<string[]>;
  site: { url: string; socialFeedWidgetUrl: string };
  supabaseUrl: string;
  redirects: Record<string, string>;
  PRIVATE_PATH_PATTERNS: string[];
}

const root = join(import.meta.dirname, '..', '..');
const dist = join(root, 'dist');

function htmlFileFor(path: string): string {
  return path === '/' ? 'index.html' : `${decodeURIComponent(path.slice(1))}.html`;
}

/** The booking page of an event page (the route `events/:slug/buchen`). */
function bookingPathOf(eventPath: string): string {
  return `${eventPath}/buchen`;
}

function writeDist(file: string, content: string): void {
  mkdirSync(dirname(join(dist, file)), { recursive: true });
  writeFileSync(join(dist, file), content);
}

function readShell(template: string, manifest: ReturnType<typeof readManifest>): ShellParts {
  // The site's one stylesheet (vite.config.ts: cssCodeSplit false, so no chunk names it).
  const cssFile = manifest['style.css']?.file;
  if (!cssFile) throw new Error('The build has no stylesheet (style.css in the manifest)');
  return { template, stylesheet: { href: `/${cssFile}` } };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function inlineScripts(template: string): string[] {
  return [...template.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '');
}

async function main(): Promise<void> {
  const server = (await import(pathToFileURL(join(root, '.ssr', 'entry-server.js')).href)) as ServerEntry;
  const manifest = readManifest(dist);
  const template = readFileSync(join(dist, 'index.html'), 'utf8');
  const shell = readShell(template, manifest);
  // The web fonts are declared inline in every page, once (takeFontFaces): the app shell too,
  // before its stylesheet.
  const fontFaces = takeFontFaces(join(dist, shell.stylesheet.href));
  writeDist(
    APP_SHELL_FILE,
    template.replace(/<link rel="stylesheet"/, () => `<style>${fontFaces}</style><link rel="stylesheet"`),
  );
  const entryFiles = new Set(staticClosure(manifest, [entryKey(manifest)]));
  const criticalCss = createCriticalCss(dist, fontFaces);

  const eventPaths = await server.loadPublishedEventPaths().catch((error: unknown) => {
    console.warn(
      `\n⚠ prerender: events could not be read from ${server.supabaseUrl} (${describe(error)}).\n` +
        '  Static pages are prerendered without event data; event pages are left to the browser.\n' +
        '  Rebuild once the backend answers.\n',
    );
    return [];
  });

  const paths = [...server.staticPublicPaths(), ...eventPaths];
  // Each event's booking page too: a visitor comes to it from "Jetzt buchen" or a shared link and
  // sees the form from the HTML. It stays out of the sitemap and keeps its noindex (meta tag,
  // the host's X-Robots-Tag and robots.txt: src/lib/indexing.ts).
  const bookingPaths = eventPaths.map(bookingPathOf);
  // The frames of an event and its booking page for events published after this build: the
  // host serves them for event paths without a file (host-config.ts), without their data.
  const newEventPaths = Object.values(server.NEW_EVENT_PATHS);
  // What a frame's scripts show without any visitor action is an event: the frames inline the
  // critical CSS of the first event's pages too (critical-css.ts, `loadTimeMarkup`).
  const layoutMarkup = server.loadTimeMarkup();
  const frameOfSample = new Map<string, string>();
  if (eventPaths[0] && bookingPaths[0]) {
    frameOfSample.set(eventPaths[0], server.NEW_EVENT_PATHS.event);
    frameOfSample.set(bookingPaths[0], server.NEW_EVENT_PATHS.booking);
  }
  const sampleMarkup = new Map<string, string>();
  const budgetInputs: PageBudgetInput[] = [];
  for (const path of [...paths, ...bookingPaths, ...newEventPaths]) {
    const withData = !newEventPaths.includes(path);
    const page = await server.render(`${server.site.url}${path}`, { withData });
    if (page.status !== 200) throw new Error(`${path} rendered with status ${page.status}`);
    if (page.failures.length > 0 && eventPaths.length > 0)
      console.warn(
        `⚠ prerender: ${path} rendered without some data (${page.failures.map(describe).join('; ')})`,
      );
    const frame = frameOfSample.get(path);
    if (frame) sampleMarkup.set(frame, page.html);
    const pageFiles = staticClosure(manifest, page.modules).filter((file) => !entryFiles.has(file));
    // The code of the lazy parts the page shows, after the page's own: fetched with it, not when
    // hydration reaches them (src/lib/lazy-part.tsx). Not part of the budget, which is what the
    // page needs before it hydrates.
    const unknownPart = page.parts.find((part) => !manifest[part]);
    if (unknownPart) throw new Error(`${path}: lazy part ${unknownPart} is not in the build manifest`);
    const partFiles = staticClosure(manifest, page.parts).filter(
      (file) => !entryFiles.has(file) && !pageFiles.includes(file),
    );
    const modulePreloads = [...pageFiles, ...partFiles].map((file) => `/${file}`);
    const html = await criticalCss(
      pageHtml(shell, {
        markup: page.html,
        modulePreloads,
        queryState: page.queryState,
        // A frame asks the API for its event while its HTML parses (no data in its HTML).
        earlyScript: withData ? undefined : server.NEW_EVENT_SCRIPT,
      }),
      shell.stylesheet.href,
      layoutMarkup + (sampleMarkup.get(path) ?? ''),
    );
    writeDist(htmlFileFor(path), html);
    budgetInputs.push({ path, modules: page.modules, html });
  }

  const host: HostConfigInput = {
    siteUrl: server.site.url,
    supabaseUrl: server.supabaseUrl,
    socialFeedScriptUrl: server.site.socialFeedWidgetUrl,
    inlineScripts: [...inlineScripts(template), server.NEW_EVENT_SCRIPT],
    redirects: server.redirects,
    privatePathPatterns: server.PRIVATE_PATH_PATTERNS,
    appShell: APP_SHELL_FILE,
    newEventPages: {
      event: htmlFileFor(server.NEW_EVENT_PATHS.event),
      booking: htmlFileFor(server.NEW_EVENT_PATHS.booking),
    },
  };
  writeDist('_headers', headersFile(host));
  writeDist('_redirects', redirectsFile(host));
  writeDist('robots.txt', robotsTxt(host));
  writeDist('sitemap.xml', sitemapXml(server.site.url, paths));
  console.log(
    `prerender: ${paths.length + bookingPaths.length} pages ` +
      `(${eventPaths.length} events and their booking pages) and the frames for new events written to dist/`,
  );

  const chunkModules = JSON.parse(
    readFileSync(join(dist, '.vite', 'chunk-modules.json'), 'utf8'),
  ) as ChunkModules;
  const budgets = checkBudgets(dist, manifest, chunkModules, budgetInputs);
  console.log(
    `Initial JavaScript per page (gzip KB; goal ${INITIAL_JS_GOAL_KB}, limit ${INITIAL_JS_LIMIT_KB}):`,
  );
  console.table(budgets.rows);
  if (budgets.failures.length > 0) {
    console.error(`\nBudgets exceeded:\n  ${budgets.failures.join('\n  ')}`);
    process.exitCode = 1;
  }
}

await main();

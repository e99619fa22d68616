// Puts one rendered page into the HTML Vite built (dist/index.html): React's markup goes into
// #root, the head tags React hoisted (title, description, canonical, og, preloads) into <head>,
// and as inert JSON the dehydrated query
// cache the client reads before hydrating and the page's scripts (entry first, then its chunks).
//
// The page's content is in the HTML, so its scripts only hydrate it: the template's inline starter
// (index.html) requests them once the page has painted, leaving the first round trips and the
// main thread to the HTML, the styles and the hero image. Requested from <head>, even at low priority,
// they were part of what Lighthouse's slow-4G simulation waited for before the first paint and
// the hero (docs/deployment.md, "Speed").

import { QUERY_STATE_ID } from '../../src/app/hydration';

export interface ShellParts {
  template: string;
  /** The built stylesheet's URL; its critical part is inlined by critical-css.ts. */
  stylesheet: { href: string };
}

export interface PageParts {
  markup: string;
  modulePreloads: string[];
  queryState: unknown;
  /**
   * An inline script to run first thing in <head> (a frame without data asks the API for its
   * event while the HTML parses: early-event-script.ts). The CSP allows it by its hash.
   */
  earlyScript?: string;
}

// React 19 emits hoistable elements (title, meta, link) of a partial render before the markup.
const HOISTED_HEAD = /^(?:<title>[^<]*<\/title>|<(?:meta|link)\b[^>]*\/?>)*/;

/** JSON inside a script element: "<" escaped so the text can never close the element. */
function inertJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

function replaceOnce(html: string, search: string | RegExp, replacement: string): string {
  const next = html.replace(search, () => replacement);
  if (next === html) throw new Error(`index.html: ${String(search)} not found`);
  return next;
}

/** The first element of index.html's <head>. */
const CHARSET = '<meta charset="UTF-8" />';

/** The list the starter in index.html reads (same id there). */
const PAGE_MODULES_ID = 'page-modules';

/**
 * Takes Vite's entry script and its modulepreloads out of the template's <head>: the page lists
 * them in #page-modules instead, and the template's inline starter loads them once the page has
 * painted (index.html). Returns the template without them and their URLs, entry first.
 */
function takeScripts(html: string): { html: string; modules: string[] } {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>\s*/.exec(html);
  if (!entry) throw new Error('index.html: no module script found');
  const preloads = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">\s*/g)];
  let rest = html.replace(entry[0], '');
  for (const preload of preloads) rest = rest.replace(preload[0], '');
  return { html: rest, modules: [entry[1]!, ...preloads.map((preload) => preload[1]!)] };
}

export function pageHtml(shell: ShellParts, page: PageParts): string {
  const head = HOISTED_HEAD.exec(page.markup)?.[0] ?? '';
  const body = page.markup.slice(head.length);
  let html = shell.template;
  // The page brings its own title and description; the shell's defaults would be duplicates.
  if (head.includes('<title>')) html = replaceOnce(html, /<title>[^<]*<\/title>\s*/, '');
  if (head.includes('name="description"'))
    html = replaceOnce(html, /<meta\s+name="description"[^>]*>\s*/, '');
  // The stylesheet link stays: the critical-CSS step (critical-css.ts) inlines what the page uses
  // and makes the link non-blocking. No lazy chunk loads it again (vite.config.ts).
  if (!html.includes(`href="${shell.stylesheet.href}"`))
    throw new Error(`index.html: no link to ${shell.stylesheet.href}`);
  // No font preloads: Chromium holds the first paint while a preloaded font is pending (in
  // Lighthouse's trace: first paint at 1.2-2.3 s in every run with them, 0.2-0.4 s in most runs
  // without). The fonts start with the inline stylesheet anyway, and their metric-matched
  // fallbacks keep the swap from shifting.
  const scripts = takeScripts(html);
  // A page still loading its data (the frame of a new event) has no head tags of its own yet:
  // it keeps the shell's title until the browser fills it in.
  html = head ? replaceOnce(scripts.html, '</head>', `${head}</head>`) : scripts.html;
  // Before the stylesheet and the theme script: an inline script after a pending stylesheet
  // waits for it.
  if (page.earlyScript) html = replaceOnce(html, CHARSET, `${CHARSET}<script>${page.earlyScript}</script>`);
  const modules = [...scripts.modules, ...page.modulePreloads];
  return replaceOnce(
    html,
    '<div id="root"></div>',
    `<div id="root">${body}</div>` +
      `<script type="application/json" id="${QUERY_STATE_ID}">${inertJson(page.queryState)}</script>` +
      `<script type="application/json" id="${PAGE_MODULES_ID}">${inertJson(modules)}</script>`,
  );
}

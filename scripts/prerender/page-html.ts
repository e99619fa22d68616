// Puts one rendered page into the HTML Vite built (dist/index.html): React's markup goes into
// #root, the head tags React hoisted (title, description, canonical, og, preloads) into <head>,
// plus preloads for the page's own chunks, the stylesheet inline (no render-blocking
// request) and the dehydrated query cache as inert JSON the client reads before hydrating.
//
// The page's content is in the HTML, so its scripts only hydrate it: they are fetched with
// fetchpriority="low" and leave the bandwidth of the first round trips to the hero image and the
// fonts. At high priority (the default for module scripts) they counted as render-blocking in
// Lighthouse's simulation and held first paint at ~3 s on slow 4G (docs/deployment.md, "Speed").

import { QUERY_STATE_ID } from '../../src/app/hydration';

export interface ShellParts {
  template: string;
  /** The built stylesheet's URL and content; inlined into every prerendered page. */
  stylesheet: { href: string; css: string };
}

export interface PageParts {
  markup: string;
  modulePreloads: string[];
  queryState: unknown;
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

/** Vite's entry script and its modulepreloads in the template, fetched at low priority. */
function lowPriorityScripts(html: string): string {
  const next = html.replace(
    /<(script type="module"|link rel="modulepreload")\s/g,
    '<$1 fetchpriority="low" ',
  );
  if (!next.includes('<script type="module" fetchpriority="low"'))
    throw new Error('index.html: no module script found');
  return next;
}

export function pageHtml(shell: ShellParts, page: PageParts): string {
  const head = HOISTED_HEAD.exec(page.markup)?.[0] ?? '';
  const body = page.markup.slice(head.length);
  let html = shell.template;
  // The page brings its own title and description; the shell's defaults would be duplicates.
  if (head.includes('<title>')) html = replaceOnce(html, /<title>[^<]*<\/title>\s*/, '');
  if (head.includes('name="description"'))
    html = replaceOnce(html, /<meta\s+name="description"[^>]*>\s*/, '');
  html = replaceOnce(
    html,
    new RegExp(`<link rel="stylesheet"[^>]*href="${shell.stylesheet.href}"[^>]*>`),
    `<style>${shell.stylesheet.css}</style>`,
  );
  // No font preloads: Chromium holds the first paint while a preloaded font is pending (measured
  // with Lighthouse: first paint at 1.2-2.3 s with them, 0.2-0.3 s without). The fonts start with
  // the inline stylesheet anyway, and their metric-matched fallbacks keep the swap from shifting.
  const preloads = page.modulePreloads.map(
    (href) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="${href}">`,
  );
  html = lowPriorityScripts(html);
  html = replaceOnce(html, '</head>', `${head}${preloads.join('')}</head>`);
  return replaceOnce(
    html,
    '<div id="root"></div>',
    `<div id="root">${body}</div><script type="application/json" id="${QUERY_STATE_ID}">${inertJson(page.queryState)}</script>`,
  );
}

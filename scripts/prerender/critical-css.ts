// Critical CSS for a prerendered page (beasties, the maintained successor of Critters): the page
// inlines only the rules its own HTML uses (about a fifth of the site's stylesheet), and links the
// whole stylesheet without blocking the first paint, for what the scripts show later (dialogs,
// menus, other pages after a client-side navigation).
//
// Not blocking: the link starts as `media="print"`, which the browser fetches at low priority
// without holding the first paint; the app switches it to all media the moment it shows something
// the inline rules do not style (src/app/full-stylesheet.ts). Beasties' own switch is an `onload`
// attribute, which the Content-Security-Policy blocks (no inline event handlers), so the link is
// written here. Without JavaScript a <noscript> link applies the whole stylesheet.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Beasties from 'beasties';
import postcss from 'postcss';
import { DEFERRED_STYLESHEET_ID } from '../../src/app/deferred-stylesheet';

/**
 * Always inlined: the dark theme's colours (`.dark` is set on <html> by the theme script before
 * the first paint, so no element of the static HTML matches them), and Tailwind's arbitrary
 * variants on children (`[&_svg]:size-4`, `[&>circle]:fill-…`: beasties cannot match a selector
 * with an escaped `&`, so the header's icons painted at 24 px and shrank when the stylesheet
 * arrived; under a kilobyte in all).
 */
const ALWAYS_CRITICAL = [/^\.dark\b/, /\\&/];

const FONT_FACE = /@font-face\{[^}]*\}/g;

/**
 * Takes the @font-face rules out of the built stylesheet and returns them: each page declares
 * them once, in its inline <style> (createCriticalCss, and the app shell). Declared again by the
 * deferred stylesheet, they were new font faces to the browser: a web font that missed the first
 * paint (`font-display: optional` keeps the fallback) was by then in the cache, the new face took
 * it at once and the text reflowed (a phone's booking form moved 40 px when the sheet applied).
 */
export function takeFontFaces(stylesheetFile: string): string {
  const css = readFileSync(stylesheetFile, 'utf8');
  const faces = css.match(FONT_FACE) ?? [];
  writeFileSync(stylesheetFile, css.replace(FONT_FACE, ''));
  return faces.join('');
}

/**
 * The selectors of the stylesheet that name no class: the elements' base styles (Tailwind's
 * preflight, `body`, `h1`, `::selection`). Every page inlines all of them, used or not: the app
 * switches the whole stylesheet on when it shows a class the inline rules do not name
 * (src/app/full-stylesheet.ts), so an element it adds must find its base rules inline.
 */
export function classlessSelectors(css: string): string[] {
  const selectors = new Set<string>();
  postcss.parse(css).walkRules((rule) => {
    if (rule.parent?.type === 'atrule' && /keyframes$/.test((rule.parent as postcss.AtRule).name)) return;
    for (const selector of rule.selectors) if (!selector.includes('.')) selectors.add(selector);
  });
  return [...selectors];
}

function createBeasties(dist: string, baseSelectors: string[]): Beasties {
  return new Beasties({
    path: dist,
    publicPath: '/',
    // Beasties marks the link `media="print"` with an onload switch; the link is then rewritten
    // below without the handler (see the header).
    preload: 'media',
    noscriptFallback: false,
    // The @font-face rules come inline from takeFontFaces (all of them, once); any left in the
    // stylesheet stay inline too. No font preloads (they hold Chromium's first paint:
    // docs/deployment.md, "Speed").
    inlineFonts: true,
    preloadFonts: false,
    // Keep every rule that only the stylesheet file had once: the full file loads anyway.
    pruneSource: false,
    mergeStylesheets: true,
    allowRules: [...ALWAYS_CRITICAL, ...baseSelectors],
    logLevel: 'warn',
  });
}

/**
 * Returns the page rewriter. `loadTimeMarkup` is markup the page's scripts show as soon as they
 * run without any visitor action (the cookie notice; an event in a frame for new events): its
 * rules are inlined too, so showing it does not switch on the whole stylesheet. It is only shown
 * to beasties, not added to the page.
 */
export function createCriticalCss(
  dist: string,
  fontFaces = '',
): (html: string, stylesheetHref: string, loadTimeMarkup?: string) => Promise<string> {
  // One beasties per stylesheet (the site has one): its base selectors are read once.
  const instances = new Map<string, Beasties>();
  const beastiesFor = (stylesheetHref: string): Beasties => {
    let instance = instances.get(stylesheetHref);
    if (!instance) {
      const base = classlessSelectors(readFileSync(join(dist, stylesheetHref), 'utf8'));
      instance = createBeasties(dist, base);
      instances.set(stylesheetHref, instance);
    }
    return instance;
  };
  return async (html, stylesheetHref, loadTimeMarkup = '') => {
    const escaped = stylesheetHref.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const link = new RegExp(`<link rel="stylesheet"[^>]*href="${escaped}"[^>]*>`);
    if (!link.test(html)) throw new Error(`critical CSS: no <link> to ${stylesheetHref} in the page`);
    // Only the critical rules are taken from beasties' answer, which is the page parsed and
    // serialised again; the page keeps the bytes React rendered, so hydration sees exactly them.
    const processed = await beastiesFor(stylesheetHref).process(
      html.replace('</body>', () => `${loadTimeMarkup}</body>`),
    );
    const critical = new RegExp(`<style>([^<]*)</style>\\s*<link[^>]*href="${escaped}"`).exec(processed)?.[1];
    if (!critical) throw new Error(`critical CSS: beasties inlined nothing for ${stylesheetHref}`);
    return html.replace(
      link,
      () =>
        `<style>${fontFaces}${critical}</style>` +
        `<link rel="stylesheet" href="${stylesheetHref}" media="print" id="${DEFERRED_STYLESHEET_ID}">` +
        `<noscript><link rel="stylesheet" href="${stylesheetHref}"></noscript>`,
    );
  };
}

/**
 * What a prerendered page must hold (checked on every page at the end of the build, budgets.ts):
 * its critical CSS inline in <head>, and no stylesheet that blocks the first paint.
 */
export function renderBlockingProblems(html: string): string[] {
  const head = html.slice(0, html.indexOf('</head>'));
  const problems: string[] = [];
  const inline = /<style>([^<]+)<\/style>/.exec(head)?.[1] ?? '';
  if (inline.length < 1000) problems.push('no critical CSS inlined in <head>');
  for (const link of head.replace(/<noscript>[\s\S]*?<\/noscript>/g, '').match(/<link\b[^>]*>/g) ?? []) {
    if (/\brel="stylesheet"/.test(link) && !/\bmedia="print"/.test(link))
      problems.push(`render-blocking stylesheet: ${link}`);
  }
  return problems;
}

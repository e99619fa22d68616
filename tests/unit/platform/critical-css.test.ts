import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import {
  classlessSelectors,
  createCriticalCss,
  renderBlockingProblems,
  takeFontFaces,
} from '../../../scripts/prerender/critical-css';

// The prerender step's critical CSS (scripts/prerender/critical-css.ts) on a small built site.
const dist = mkdtempSync(join(tmpdir(), 'critical-css-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));
mkdirSync(join(dist, 'assets'));
const HREF = '/assets/style-test.css';
writeFileSync(
  join(dist, 'assets', 'style-test.css'),
  [
    ':root{--background:40 33% 97%}',
    'table{border-collapse:collapse}',
    'dialog{padding:0}',
    '.dark{--background:150 20% 9%}',
    '@font-face{font-family:Inter Fallback;src:local("Arial");size-adjust:107%}',
    'body{font-family:Inter Fallback,sans-serif}',
    '.hero{min-height:60vh}',
    '.admin-table{border-collapse:collapse}',
    '.dialog[data-state=open]{opacity:1}',
    '.notice{position:fixed}',
    // Padding to make the stylesheet worth splitting (a page's inlined part is over 1000 chars).
    ...Array.from({ length: 80 }, (_, i) => `.used-${i}{margin:${i}px}`),
  ].join(''),
);

const body =
  '<div id="root"><main class="hero">' +
  Array.from({ length: 80 }, (_, i) => `<p class="used-${i}">Grüezi &amp; willkommen</p>`).join('') +
  '</main></div>';
const page =
  '<!doctype html><html lang="de-CH"><head><title>T</title>' +
  `<link rel="stylesheet" crossorigin href="${HREF}"></head><body>${body}</body></html>`;

describe('critical CSS at prerender', () => {
  it('inlines the rules the page uses, the dark theme and the font fallbacks, not the rest', async () => {
    const html = await createCriticalCss(dist)(page, HREF);
    const inline = /<style>([^<]*)<\/style>/.exec(html)?.[1] ?? '';
    expect(inline).toContain('.hero{min-height:60vh}');
    expect(inline).toContain('.used-79{');
    expect(inline).toContain('.dark{--background');
    expect(inline).toMatch(/@font-face\{font-family:Inter Fallback;[^}]*size-adjust/);
    expect(inline).not.toContain('.admin-table');
    expect(inline).not.toContain('data-state');
  });

  it('links the whole stylesheet without blocking the first paint, and no inline handler', async () => {
    const html = await createCriticalCss(dist)(page, HREF);
    expect(html).toContain(`<link rel="stylesheet" href="${HREF}" media="print" id="site-stylesheet">`);
    expect(html).toContain(`<noscript><link rel="stylesheet" href="${HREF}"></noscript>`);
    // The Content-Security-Policy allows no inline event handlers.
    expect(html).not.toMatch(/\sonload=/);
    expect(renderBlockingProblems(html)).toEqual([]);
  });

  it('keeps the bytes React rendered (hydration compares them)', async () => {
    const html = await createCriticalCss(dist)(page, HREF);
    expect(html).toContain(`<body>${body}</body>`);
  });

  it('the build check finds a blocking stylesheet and a page without critical CSS', () => {
    expect(renderBlockingProblems(page)).toEqual([
      'no critical CSS inlined in <head>',
      `render-blocking stylesheet: <link rel="stylesheet" crossorigin href="${HREF}">`,
    ]);
  });

  it('declares the web fonts once: taken out of the stylesheet, inline in the page', async () => {
    // A second declaration in the deferred stylesheet is a new font face to the browser, which
    // takes the cached font at once and reflows text drawn in the fallback (layout-shift.spec).
    const file = join(dist, 'assets', 'fonts-test.css');
    const face = '@font-face{font-family:Inter Variable;font-display:optional;src:url(/assets/inter.woff2)}';
    writeFileSync(file, `${face}.a{color:red}${face.replace('Inter', 'Fraunces')}`);
    const faces = takeFontFaces(file);
    expect(faces).toBe(`${face}${face.replace('Inter', 'Fraunces')}`);
    expect(readFileSync(file, 'utf8')).toBe('.a{color:red}');
    const html = await createCriticalCss(dist, faces)(page, HREF);
    const inline = /<style>([^<]*)<\/style>/.exec(html)?.[1] ?? '';
    expect(inline.startsWith(faces)).toBe(true);
    expect(inline).toContain('.hero{min-height:60vh}');
  });

  it('inlines every rule without a class, used or not: an element the scripts add finds its base', async () => {
    const html = await createCriticalCss(dist)(page, HREF);
    const inline = /<style>([^<]*)<\/style>/.exec(html)?.[1] ?? '';
    expect(inline).toContain('table{border-collapse:collapse}');
    expect(inline).toContain('dialog{padding:0}');
    expect(inline).not.toContain('.admin-table');
  });

  it('inlines the rules of what the scripts show at once, without adding it to the page', async () => {
    const notice = '<section class="notice">Cookie-Hinweis</section>';
    const html = await createCriticalCss(dist)(page, HREF, notice);
    const inline = /<style>([^<]*)<\/style>/.exec(html)?.[1] ?? '';
    expect(inline).toContain('.notice{position:fixed}');
    expect(html).not.toContain(notice);
    const without = await createCriticalCss(dist)(page, HREF);
    expect(without).not.toContain('.notice{');
  });

  it('names the selectors without a class', () => {
    expect(
      classlessSelectors('*,:before{x:1}h1,.a h2{x:1}[hidden]{x:1}.b{x:1}@media print{body{x:1}}'),
    ).toEqual(['*', ':before', 'h1', '[hidden]', 'body']);
  });
});

/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import type * as Axe from 'axe-core';

// axe-core's WCAG 2.1 A/AA rules on the page as it is now, for the browser specs.

declare global {
  interface Window {
    axe: typeof Axe;
  }
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

function describeViolations(violations: Axe.Result[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .map((node) => {
          const summary = (node.failureSummary ?? '').replace(/\s*\n\s*/g, ' ');
          return `    - ${node.target.join(' ')}\n      ${node.html}\n      ${summary}`;
        })
        .join('\n');
      return `  [${violation.impact ?? 'n/a'}] ${violation.id}: ${violation.help}\n    ${violation.helpUrl}\n${nodes}`;
    })
    .join('\n');
}

export async function expectNoViolations(page: Page) {
  // Evaluated through the DevTools protocol, not as a <script> tag: the page's
  // Content-Security-Policy stays in force for everything the site itself runs.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (tags) => {
    // axe finds the background behind a text by what the browser painted there. The later
    // sections and the footer are drawn only as they near the screen (content-visibility: auto,
    // src/index.css), so off screen axe saw the footer's light text on the page's light
    // background. Drawn for the check: their colours are those a visitor sees on scrolling there.
    const deferred = [...document.querySelectorAll<HTMLElement>('*')].filter(
      (element) => getComputedStyle(element).contentVisibility === 'auto',
    );
    for (const element of deferred) element.style.contentVisibility = 'visible';
    try {
      const results = await window.axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      });
      return results.violations;
    } finally {
      for (const element of deferred) element.style.contentVisibility = '';
    }
  }, WCAG_21_AA);
  const theme = await page.evaluate(() =>
    document.documentElement.classList.contains('dark') ? 'dark' : 'light',
  );
  const viewport = page.viewportSize();
  expect(
    describeViolations(violations),
    `axe violations on ${new URL(page.url()).pathname} (${theme}, ${viewport?.width}x${viewport?.height})`,
  ).toBe('');
}

/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import type * as Axe from 'axe-core';
import { drawDeferredSections } from '../support/e2e-env';

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

/** axe's results on the page as it is now (injected through the DevTools protocol, see below). */
async function axeViolations(page: Page, runOnly: Axe.RunOptions['runOnly']): Promise<Axe.Result[]> {
  // Evaluated through the DevTools protocol, not as a <script> tag: the page's
  // Content-Security-Policy stays in force for everything the site itself runs.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async (only) =>
      (await window.axe.run(document, { runOnly: only, resultTypes: ['violations'] })).violations,
    runOnly,
  );
}

export async function expectNoViolations(page: Page) {
  // axe finds the background behind a text by what the browser painted there; off screen it saw
  // the footer's light text on the page's light background while the footer was not drawn.
  const putBack = await drawDeferredSections(page);
  const violations = await axeViolations(page, { type: 'tag', values: WCAG_21_AA }).finally(putBack);
  const theme = await page.evaluate(() =>
    document.documentElement.classList.contains('dark') ? 'dark' : 'light',
  );
  const viewport = page.viewportSize();
  expect(
    describeViolations(violations),
    `axe violations on ${new URL(page.url()).pathname} (${theme}, ${viewport?.width}x${viewport?.height})`,
  ).toBe('');
}

/**
 * axe's contrast rule on the page as loaded, without drawing the deferred sections first: how
 * Lighthouse's accessibility audit sees it (it neither scrolls nor draws them).
 */
export async function expectContrastAsLoaded(page: Page) {
  const violations = await axeViolations(page, { type: 'rule', values: ['color-contrast'] });
  expect(describeViolations(violations), `contrast on ${new URL(page.url()).pathname} as loaded`).toBe('');
}

// Budgets, checked at the end of every build (npm run build fails when one is exceeded):
// - initial JavaScript per prerendered public page (entry chunk, the page's chunks and their
//   static imports, gzip): the goal is INITIAL_JS_GOAL_KB (issue 12); the build fails above
//   INITIAL_JS_LIMIT_KB, today's heaviest page plus a little, so nothing grows unnoticed while
//   the pages are brought down to the goal (docs/deployment.md, "Budgets");
// - not one byte of admin code on a public page;
// - every <img> in the prerendered HTML has width and height (no layout shift);
// - every prerendered page inlines its critical CSS and has no render-blocking stylesheet.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { renderBlockingProblems } from './critical-css';
import { entryKey, staticClosure, type Manifest } from './manifest';

export const INITIAL_JS_GOAL_KB = 90;
export const INITIAL_JS_LIMIT_KB = 166;
/** Sources that only the admin may load. */
export const ADMIN_SOURCE = /\/src\/(app\/routes\/admin\/|features\/admin-)/;

export interface PageBudgetInput {
  path: string;
  /** Route modules of the page (build-manifest keys). */
  modules: string[];
  html: string;
}

export interface BudgetReport {
  rows: Array<{ path: string; initialJsKb: number; overGoal: boolean }>;
  failures: string[];
}

/** Source modules in each chunk, written by the `chunk-modules` plugin in vite.config.ts. */
export type ChunkModules = Record<string, string[]>;

export function checkBudgets(
  dist: string,
  manifest: Manifest,
  chunkModules: ChunkModules,
  pages: PageBudgetInput[],
): BudgetReport {
  const gzipKb = new Map<string, number>();
  const sizeOf = (file: string) => {
    if (!gzipKb.has(file)) gzipKb.set(file, gzipSync(readFileSync(join(dist, file))).length / 1024);
    return gzipKb.get(file)!;
  };
  const failures: string[] = [];
  const rows = pages.map(({ path, modules, html }) => {
    const files = staticClosure(manifest, [entryKey(manifest), ...modules]);
    const initialJsKb = Math.round(files.reduce((sum, file) => sum + sizeOf(file), 0) * 10) / 10;
    if (initialJsKb > INITIAL_JS_LIMIT_KB)
      failures.push(`${path}: ${initialJsKb} KB initial JavaScript (gzip), limit ${INITIAL_JS_LIMIT_KB} KB`);
    const admin = files.flatMap((file) => (chunkModules[file] ?? []).filter((id) => ADMIN_SOURCE.test(id)));
    if (admin.length > 0) failures.push(`${path}: admin code in its initial chunks: ${admin.join(', ')}`);
    for (const img of html.match(/<img\b[^>]*>/g) ?? []) {
      if (!/\swidth="\d+"/.test(img) || !/\sheight="\d+"/.test(img))
        failures.push(`${path}: image without width and height: ${img}`);
    }
    for (const problem of renderBlockingProblems(html)) failures.push(`${path}: ${problem}`);
    return { path, initialJsKb, overGoal: initialJsKb > INITIAL_JS_GOAL_KB };
  });
  return { rows, failures };
}

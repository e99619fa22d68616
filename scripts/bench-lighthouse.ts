// `npm run bench:lighthouse`: builds, serves dist/ like the static host (gzip, headers), runs
// Lighthouse (mobile preset: simulated slow 4G, 4x CPU) with the system Chromium over the public
// pages of issue 12 and a static page with the same hero, and prints the table. A benchmark,
// not a test: numbers depend on the machine. Start the local stack first so event pages exist.
// Each page runs `--runs` times (default 3) and the table shows the medians. `--new-event <slug>`
// adds an event published after the build (the host serves the event page's frame, which the
// browser fills in) and its booking page; `--only-new-event` runs just those two and the static page
// (the yardstick), for comparing a change to the frames before and after.
//   npm run bench:lighthouse [-- --no-build] [--port 4173] [--runs 3] [--new-event <slug>] [--only-new-event]
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { serveDist } from './serve-dist';

const root = join(import.meta.dirname, '..');
const dist = join(root, 'dist');
const STATIC_PAGE = 'bench-static-hero.html';

const { values } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    // The preview's port: an origin the local stack's functions answer (LOCAL_SITE_ORIGINS), as
    // the host's own does in production; on another port the booking page's payment-options
    // request fails CORS and the page measured is not the one visitors get.
    port: { type: 'string', default: '4173' },
    runs: { type: 'string', default: '3' },
    'new-event': { type: 'string' },
    'only-new-event': { type: 'boolean', default: false },
  },
});

function run(command: string, args: string[]): string {
  const result = spawnSync(command, args, { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${result.stderr}`);
  return result.stdout;
}

/** The home page's hero as a plain HTML page: the best this hero can do (the yardstick). */
function writeStaticHeroPage(): void {
  const home = readFileSync(join(dist, 'index.html'), 'utf8');
  const picture = home.match(/<picture[\s\S]*?<\/picture>/)?.[0];
  if (!picture) throw new Error('No hero picture in dist/index.html');
  writeFileSync(
    join(dist, STATIC_PAGE),
    `<!doctype html><html lang="de-CH"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Statische Seite mit Hero</title><meta name="description" content="Vergleichsseite für den Lighthouse-Benchmark.">
<style>body{margin:0;font-family:system-ui,sans-serif}section{position:relative;min-height:26rem;display:flex;align-items:flex-end;overflow:hidden;background:#234}
picture,img{position:absolute;inset:0;width:100%;height:100%;object-fit:cover}div{position:relative;padding:7rem 1rem 3rem;color:#fff;background:linear-gradient(to top,rgba(0,0,0,.8),rgba(0,0,0,.4))}h1{font-size:2.25rem;margin:0}</style>
</head><body><main><section>${picture}<div><h1>Sinneswerk</h1><p>Kulinarische Erlebnisse, Breathwork und Workshops in Suhr und Hirschthal.</p></div></section></main></body></html>`,
  );
}

interface Row {
  page: string;
  performance: number;
  /** Seconds. */
  fcp: number;
  lcp: number;
  cls: number;
  /** Milliseconds. */
  tbt: number;
  /** Milliseconds: the longest main-thread task Lighthouse lists (its 'long-tasks' audit, at 4x CPU). */
  longestTask: number;
  accessibility: number;
  seo: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Each metric's median over the runs (so one row need not be any single run). */
function medianRow(page: string, runs: Row[]): Row {
  const of = (key: Exclude<keyof Row, 'page'>) => median(runs.map((run) => run[key]));
  return {
    page,
    performance: of('performance'),
    fcp: of('fcp'),
    lcp: of('lcp'),
    cls: of('cls'),
    tbt: of('tbt'),
    longestTask: of('longestTask'),
    accessibility: of('accessibility'),
    seo: of('seo'),
  };
}

/** Not spawnSync: the server answering Lighthouse runs in this process. */
function runAsync(command: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('exit', (status) =>
      status === 0 ? resolve(stdout) : reject(new Error(`${command} ${args.join(' ')} failed:\n${stderr}`)),
    );
  });
}

async function lighthouse(url: string, page: string): Promise<Row> {
  const output = await runAsync('npx', [
    'lighthouse',
    url,
    '--output=json',
    '--output-path=stdout',
    '--only-categories=performance,accessibility,seo',
    '--chrome-path=/usr/bin/chromium',
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
    '--quiet',
  ]);
  const report = JSON.parse(output) as {
    categories: Record<string, { score: number }>;
    audits: Record<string, { numericValue: number; details?: { items?: Array<{ duration?: number }> } }>;
  };
  const tasks = report.audits['long-tasks']?.details?.items ?? [];
  const seconds = (id: string) => report.audits[id]!.numericValue / 1000;
  return {
    page,
    performance: Math.round(report.categories.performance!.score * 100),
    fcp: seconds('first-contentful-paint'),
    lcp: seconds('largest-contentful-paint'),
    cls: report.audits['cumulative-layout-shift']!.numericValue,
    tbt: Math.round(report.audits['total-blocking-time']!.numericValue),
    longestTask: Math.round(Math.max(0, ...tasks.map((task) => task.duration ?? 0))),
    accessibility: Math.round(report.categories.accessibility!.score * 100),
    seo: Math.round(report.categories.seo!.score * 100),
  };
}

/**
 * The API the build's pages talk to (the host's connect-src in dist/_headers) must answer: with
 * `--no-build` the dist/ of an e2e run, built against its own stack that is gone by now, measured
 * pages whose every request failed (a new event at LCP 3.9 s and CLS 0.38).
 */
async function assertBuiltApiAnswers(): Promise<void> {
  const headers = readFileSync(join(dist, '_headers'), 'utf8');
  const api = /connect-src 'self' (https?:\/\/\S+)/.exec(headers)?.[1];
  if (!api) throw new Error('dist/_headers names no API in its connect-src');
  const answered = await fetch(`${api}/rest/v1/`, { signal: AbortSignal.timeout(5_000) }).then(
    (response) => response.status < 500,
    () => false,
  );
  if (!answered)
    throw new Error(
      `dist/ was built against ${api}, which does not answer. Start the local stack and build ` +
        '(drop --no-build), so the pages are measured with their data.',
    );
}

if (!values['no-build']) run('npm', ['run', 'build']);
await assertBuiltApiAnswers();
writeStaticHeroPage();
const eventsDir = join(dist, 'events');
const event = existsSync(eventsDir)
  ? // Not the frame for events published after the build ('-neu.html'): no slug starts with '-'.
    readdirSync(eventsDir).find((file) => file.endsWith('.html') && !file.startsWith('-'))
  : undefined;
if (!event)
  console.warn('No prerendered event page (backend down at build time?): the event row is skipped.');
const staticPage: [string, string] = ['static page, same hero', `/${STATIC_PAGE.replace(/\.html$/, '')}`];
const newEventPages: Array<[string, string]> = values['new-event']
  ? [
      ['an event created after the build', `/events/${values['new-event']}`],
      ['its booking page', `/events/${values['new-event']}/buchen`],
    ]
  : [];
if (values['only-new-event'] && newEventPages.length === 0)
  throw new Error('--only-new-event needs --new-event <slug>');
const pages: Array<[string, string]> = values['only-new-event']
  ? [staticPage, ...newEventPages]
  : [
      staticPage,
      ['/', '/'],
      ['/events', '/events'],
      ...(event
        ? ([
            ['an event', `/events/${event.replace(/\.html$/, '')}`],
            ["the event's booking page", `/events/${event.replace(/\.html$/, '')}/buchen`],
          ] as Array<[string, string]>)
        : []),
      ['/fonduehusli', '/fonduehusli'],
      ['/stammtisch', '/stammtisch'],
      ['/stories', '/stories'],
      ...newEventPages,
    ];
const runs = Math.max(1, Number(values.runs));

const port = Number(values.port);
const server = await serveDist(dist, port);
const rows: Row[] = [];
try {
  for (const [label, path] of pages) {
    const results: Row[] = [];
    for (let run = 0; run < runs; run += 1)
      results.push(await lighthouse(`http://127.0.0.1:${port}${path}`, label));
    rows.push(medianRow(label, results));
  }
} finally {
  server.close();
  rmSync(join(dist, STATIC_PAGE), { force: true });
}
console.log(
  `\nMedians of ${runs} run(s)\n| page | performance | FCP | LCP | CLS | TBT | longest task | accessibility | SEO |\n` +
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
);
for (const row of rows)
  console.log(
    `| ${row.page} | ${row.performance} | ${row.fcp.toFixed(2)} s | ${row.lcp.toFixed(2)} s | ` +
      `${row.cls.toFixed(3)} | ${Math.round(row.tbt)} ms | ${Math.round(row.longestTask)} ms | ${row.accessibility} | ${row.seo} |`,
  );

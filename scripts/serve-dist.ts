// Serves dist/ the way the static host (Netlify) does, for `npm run preview`, the browser tests
// and the Lighthouse benchmark (`vite preview` gave the home page's HTML to every path without a
// file, and React could not hydrate the 404 page or the admin on it): the `_headers` rules (every matching rule applies, a later one wins
// for the same header), the `_redirects` rules (301s; files shadow the 200 fallback), pretty
// URLs (/events -> events.html) and gzip for text responses.
//   npm run preview [-- --port 4173 --dir dist]
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { parseArgs } from 'node:util';
import { createGzip } from 'node:zlib';

interface Rule {
  matcher: RegExp;
  values: Record<string, string>;
}

interface Redirect {
  matcher: RegExp;
  to: string;
  status: number;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.woff2': 'font/woff2',
  '.avif': 'image/avif',
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg', '.txt', '.xml']);

/** Netlify path patterns: `*` matches the rest, `:name` one segment. */
function pathPattern(pattern: string): RegExp {
  const body = pattern
    .split('/')
    .map((part) =>
      part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return new RegExp(`^${body}$`);
}

function readLines(file: string): string[] {
  return existsSync(file) ? readFileSync(file, 'utf8').split('\n') : [];
}

function parseHeaders(file: string): Rule[] {
  const rules: Rule[] = [];
  for (const line of readLines(file)) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    if (!/^\s/.test(line)) {
      rules.push({ matcher: pathPattern(line.trim()), values: {} });
      continue;
    }
    const separator = line.indexOf(':');
    const rule = rules.at(-1);
    if (rule && separator > 0)
      rule.values[line.slice(0, separator).trim()] = line.slice(separator + 1).trim();
  }
  return rules;
}

function parseRedirects(file: string): Redirect[] {
  return readLines(file)
    .map((line) => line.trim().split(/\s+/))
    .filter((parts) => parts.length >= 2 && parts[0]?.startsWith('/'))
    .map(([from = '', to = '', status]) => ({
      matcher: pathPattern(from),
      to,
      status: Number(status ?? 301),
    }));
}

function resolveFile(dir: string, pathname: string): string | undefined {
  const relative = normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, '');
  const candidates = [relative, `${relative}.html`, join(relative, 'index.html')];
  return candidates
    .map((candidate) => join(dir, candidate))
    .find((file) => file.startsWith(dir) && existsSync(file) && statSync(file).isFile());
}

function send(response: ServerResponse, file: string, status: number, acceptsGzip: boolean): void {
  const extension = extname(file);
  response.setHeader('Content-Type', TYPES[extension] ?? 'application/octet-stream');
  if (acceptsGzip && COMPRESSIBLE.has(extension)) {
    response.writeHead(status, { 'Content-Encoding': 'gzip', Vary: 'Accept-Encoding' });
    createReadStream(file).pipe(createGzip()).pipe(response);
    return;
  }
  response.writeHead(status, { 'Content-Length': statSync(file).size });
  createReadStream(file).pipe(response);
}

export function serveDist(dir: string, port: number, host = '127.0.0.1') {
  const headerRules = parseHeaders(join(dir, '_headers'));
  const redirects = parseRedirects(join(dir, '_redirects'));
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', `http://${host}`);
    const pathname = url.pathname.length > 1 ? url.pathname.replace(/\/$/, '') : url.pathname;
    for (const rule of headerRules) {
      if (!rule.matcher.test(pathname)) continue;
      for (const [name, value] of Object.entries(rule.values)) response.setHeader(name, value);
    }
    const acceptsGzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
    const file = pathname.endsWith('.html') ? undefined : resolveFile(dir, pathname);
    if (file) return send(response, file, 200, acceptsGzip);
    const redirect = redirects.find((rule) => rule.matcher.test(pathname));
    if (redirect && redirect.status >= 300 && redirect.status < 400) {
      response.writeHead(redirect.status, { Location: `${redirect.to}${url.search}` });
      return response.end();
    }
    const fallback = redirect ? resolveFile(dir, redirect.to) : undefined;
    if (fallback) return send(response, fallback, redirect?.status ?? 200, acceptsGzip);
    response.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
  });
  return new Promise<typeof server>((resolve) => server.listen(port, host, () => resolve(server)));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: { port: { type: 'string', default: '4173' }, dir: { type: 'string', default: 'dist' } },
  });
  const dir = join(process.cwd(), values.dir ?? 'dist');
  await serveDist(dir, Number(values.port));
  console.log(`dist/ served like the static host at http://127.0.0.1:${values.port}`);
}

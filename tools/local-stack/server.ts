import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { refuseForeignReader } from './dev-access';
import { sendJson } from './http';
import type { Handler, StackContext } from './types';

/** The gateway's routes by path prefix, like Kong's services for `supabase start`. */
export interface GatewayRoutes {
  rest: Handler;
  auth: Handler;
  storage: Handler;
  functions: Handler;
  mail: Handler;
  mailchimp: Handler;
  /** Stripe's REST API (`/v1`, reached by the `stripe` client through its host/port settings). */
  stripeApi: Handler;
  /** What Stripe hosts: checkout page, sent events, controls (`/__stripe`). */
  stripe: Handler;
  /** Stack controls for tests (`/__stack/reset`, `/__stack/cron/run`). */
  control: Handler;
}

const PREFIXES: [prefix: string, route: keyof GatewayRoutes][] = [
  ['/rest/v1', 'rest'],
  ['/auth/v1', 'auth'],
  ['/storage/v1', 'storage'],
  ['/functions/v1', 'functions'],
  ['/__mail', 'mail'],
  ['/__mailchimp', 'mailchimp'],
  ['/__stripe', 'stripe'],
  ['/v1', 'stripeApi'],
  ['/__stack', 'control'],
];

/** The stack's own surfaces for developers and tests (see dev-access.ts). */
const DEV_SURFACES = new Set<keyof GatewayRoutes>(['mail', 'mailchimp', 'stripe', 'stripeApi', 'control']);

const ALLOWED_HEADERS =
  'apikey, authorization, x-client-info, content-type, prefer, accept-profile, content-profile, range, range-unit, x-upsert, cache-control, x-supabase-api-version, x-metadata';
const EXPOSED_HEADERS =
  'Content-Range, Content-Location, Preference-Applied, X-Total-Count, Link, X-Supabase-Api-Version, X-Sb-Error-Code';
const METHODS = 'GET, HEAD, PUT, PATCH, POST, DELETE, OPTIONS';

export interface Gateway {
  server: Server;
  port: number;
  close(): Promise<void>;
}

function route(pathname: string): { name: keyof GatewayRoutes; subpath: string } | null {
  for (const [prefix, name] of PREFIXES) {
    if (pathname === prefix || pathname.startsWith(`${prefix}/`)) {
      return { name, subpath: pathname.slice(prefix.length) || '/' };
    }
  }
  return null;
}

/**
 * CORS as the CLI's Kong answers it: any origin, the headers supabase-js sends. Edge functions
 * answer CORS themselves on Supabase (their own OPTIONS handler), so they are left alone.
 */
function applyCors(req: IncomingMessage, res: ServerResponse): void {
  res.setHeader('Access-Control-Allow-Origin', '*');
  res.setHeader('Access-Control-Expose-Headers', EXPOSED_HEADERS);
  if (req.method === 'OPTIONS') {
    res.setHeader('Access-Control-Allow-Methods', METHODS);
    res.setHeader(
      'Access-Control-Allow-Headers',
      req.headers['access-control-request-headers'] ?? ALLOWED_HEADERS,
    );
    res.setHeader('Access-Control-Max-Age', '3600');
  }
}

/**
 * One HTTP server for every API of the stack. It never dies of a request: whatever a handler
 * throws becomes a 500 JSON answer.
 */
export function startGateway(ctx: StackContext, routes: GatewayRoutes, port: number): Promise<Gateway> {
  const server = createServer((req, res) => {
    void dispatch(req, res).catch((error: unknown) => failRequest(res, error));
  });

  async function dispatch(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const target = route(url.pathname);
    const forwardPreflight = target?.name === 'functions';
    const devSurface = target !== null && DEV_SURFACES.has(target.name);
    // Dev surfaces give other websites no CORS allowance; their preflights fail in the browser.
    if (!forwardPreflight && !devSurface) applyCors(req, res);
    if (req.method === 'OPTIONS' && !forwardPreflight) {
      res.writeHead(204).end();
      return;
    }
    if (!target) {
      sendJson(res, 404, { message: 'no Route matched with those values' });
      return;
    }
    if (devSurface && refuseForeignReader(req, res)) return;
    setForwardingHeaders(req);
    await routes[target.name](req, res, target.subpath, url, ctx);
  }

  // Malformed HTTP never reaches a handler; answer it instead of dropping the socket silently.
  server.on('clientError', (_error, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve({
        server,
        port: (server.address() as AddressInfo).port,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            // Requests held open on purpose (provider timeouts) must not block the shutdown.
            server.closeAllConnections();
          }),
      });
    });
  });
}

/**
 * The client address as the hosted platform's edge reports it: Cloudflare overwrites
 * `cf-connecting-ip` with the address of the socket it accepted, Supabase's gateway sets
 * `x-real-ip` to it, and each proxy appends it to `x-forwarded-for`. Whatever a client sent in
 * the first two is discarded, so code keyed on them (rate limits) sees an address the client
 * cannot choose; `x-forwarded-for` keeps the client's entries in front, as there.
 */
export function setForwardingHeaders(req: IncomingMessage): void {
  const client = socketAddress(req);
  req.headers['cf-connecting-ip'] = client;
  req.headers['x-real-ip'] = client;
  const existing = req.headers['x-forwarded-for'];
  req.headers['x-forwarded-for'] = existing ? `${existing}, ${client}` : client;
}

/** The peer of the TCP connection, IPv4-mapped IPv6 written as plain IPv4. */
function socketAddress(req: IncomingMessage): string {
  return (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
}

function failRequest(res: ServerResponse, error: unknown): void {
  console.error('[local-stack] request failed:', error);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  sendJson(res, 500, { code: '500', message: 'Internal server error', details: null, hint: null });
}

/** A route this gateway does not serve (gateways in tests mount only the routes they need). */
export function unavailable(name: string, reason: string): Handler {
  return async (_req, res) => {
    sendJson(res, 503, { message: `${name} is not available in the local stack: ${reason}` });
  };
}

import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { bearerToken, sendJson } from './http';
import type { StackConfig } from './types';

// The stack's own surfaces (`/__mail`, `/__mailchimp`, `/__stack`) are for the developer and the
// tests on this machine, never for other websites the developer's browser visits. They answer
// without CORS allowances, only under a loopback host name (a DNS-rebinding page arrives with its
// own name), and what changes the stack's state only for a same-origin request or one carrying
// the local token: the stack's service-role key as `Authorization: Bearer`, which a foreign page
// can only send after a CORS preflight that these routes never allow.

const LOCAL_HOSTNAMES = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Requests from this machine (the whole 127/8 block is loopback, e.g. tests playing visitors). */
export function isLoopback(req: IncomingMessage): boolean {
  const address = (req.socket.remoteAddress ?? '').replace(/^::ffff:/, '');
  return address === '::1' || address.startsWith('127.');
}

/** The Host the request was addressed to names this machine, not a rebound foreign domain. */
export function hasLocalHost(req: IncomingMessage): boolean {
  const host = req.headers.host ?? '';
  const hostname = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.split(':')[0];
  return LOCAL_HOSTNAMES.has(hostname ?? '');
}

/** Sent by a page the gateway served itself (e.g. the mailbox page). */
function isSameOrigin(req: IncomingMessage): boolean {
  const origin = req.headers.origin;
  return origin !== undefined && origin === `http://${req.headers.host ?? ''}`;
}

function hasLocalToken(req: IncomingMessage, config: StackConfig): boolean {
  const token = Buffer.from(bearerToken(req) ?? '');
  const expected = Buffer.from(config.serviceRoleKey);
  return token.length === expected.length && timingSafeEqual(token, expected);
}

/** Who may read a dev surface at all: this machine, addressed by a local name. */
export function refuseForeignReader(req: IncomingMessage, res: ServerResponse): boolean {
  if (isLoopback(req) && hasLocalHost(req)) return false;
  req.resume();
  sendJson(res, 403, { message: 'local development surfaces answer only local requests' });
  return true;
}

/**
 * Who may change the stack (reset, faults, cron runs, clearing the mailbox): additionally a
 * same-origin request or the local token. Answers 403 and returns true when refused.
 */
export function refuseUntrustedControl(
  req: IncomingMessage,
  res: ServerResponse,
  config: StackConfig,
): boolean {
  if (refuseForeignReader(req, res)) return true;
  if (isSameOrigin(req) || hasLocalToken(req, config)) return false;
  req.resume();
  sendJson(res, 403, {
    message:
      'stack controls need a same-origin request or the local token (Authorization: Bearer <service-role key>)',
  });
  return true;
}

import type { ServerResponse } from 'node:http';
import { refuseUntrustedControl } from '../dev-access';
import { isPlainObject, readBody, readJson, send, sendJson } from '../http';
import type { Handler } from '../types';
import {
  type CheckoutSession,
  LOCAL_STRIPE_SECRET_KEY,
  type PaymentMethodType,
  type StripeAccount,
} from './account';
import { handleStripeApi } from './api';
import { renderCheckoutPage, renderMissingSessionPage } from './checkout-page';

// `/v1` is Stripe's REST API (api.ts); `/__stripe` is what Stripe hosts for the visitor and the
// developer: the checkout page with its outcomes, the sent events with their deliveries, the
// resend button of the dashboard, the refunds made, the payment methods activated (TWINT can be
// switched off) and the fault control for tests.

export const STRIPE_PAGES_PREFIX = '/__stripe';

export function createStripeApiHandler(account: StripeAccount): Handler {
  return (req, res, subpath, url, ctx) =>
    handleStripeApi(req, res, subpath, url, {
      account,
      secretKey: LOCAL_STRIPE_SECRET_KEY,
      checkoutUrl: (id) => `${ctx.config.apiUrl}${STRIPE_PAGES_PREFIX}/checkout/${encodeURIComponent(id)}`,
    });
}

const ACTIONS = new Set(['pay-twint', 'pay-card', 'cancel', 'expire']);

function html(res: ServerResponse, status: number, body: string): void {
  send(res, status, body, { 'Content-Type': 'text/html; charset=utf-8' });
}

function redirect(res: ServerResponse, location: string): void {
  res.writeHead(303, { Location: location, 'Content-Length': '0' }).end();
}

function returnUrl(session: CheckoutSession, url: string): string {
  return url.replaceAll('{CHECKOUT_SESSION_ID}', session.id);
}

export function createStripePagesHandler(account: StripeAccount): Handler {
  return async (req, res, subpath, _url, ctx) => {
    const method = req.method ?? 'GET';
    const [, first = '', id = '', action, extra] = subpath.split('/');
    if (first === 'control' && !id) {
      if (refuseUntrustedControl(req, res, ctx.config)) return;
      return account.faults.handleControl(req, res);
    }
    if (first === 'webhook-endpoint' && !id && method === 'POST') {
      if (refuseUntrustedControl(req, res, ctx.config)) return;
      const body = await readJson(req, 10_000).catch(() => undefined);
      const url = isPlainObject(body) ? body.url : undefined;
      if (url !== null && (typeof url !== 'string' || !/^https?:\/\//.test(url))) {
        return sendJson(res, 400, { message: 'body must be {"url": "http(s)://…" | null}' });
      }
      account.forwardTo(url);
      return sendJson(res, 200, { url: account.webhook.url });
    }
    // The dashboard's payment method settings: which types the account has activated.
    if (first === 'payment-methods' && !id && method === 'POST') {
      if (refuseUntrustedControl(req, res, ctx.config)) return;
      const body = await readJson(req, 10_000).catch(() => undefined);
      const enabled = isPlainObject(body) ? body.enabled : undefined;
      if (
        !Array.isArray(enabled) ||
        enabled.length === 0 ||
        !enabled.every((type) => type === 'card' || type === 'twint')
      ) {
        return sendJson(res, 400, { message: 'body must be {"enabled": ["card" | "twint", …]}' });
      }
      account.enableMethods(enabled as PaymentMethodType[]);
      return sendJson(res, 200, { enabled: [...account.enabledMethods] });
    }
    await account.expireDue();
    if (first === 'events' && !id && method === 'GET') return sendJson(res, 200, account.events);
    // The dashboard's refund list: what the account refunded, for tests that count refunds.
    if (first === 'refunds' && !id && method === 'GET')
      return sendJson(res, 200, [...account.refunds.values()]);
    if (first === 'events' && id && action === 'resend' && !extra && method === 'POST') {
      if (refuseUntrustedControl(req, res, ctx.config)) return;
      const event = account.events.find((candidate) => candidate.id === decodeURIComponent(id));
      if (!event) return sendJson(res, 404, { message: 'no such event' });
      return sendJson(res, 200, await account.deliver(event));
    }
    if (first === 'checkout' && id && !extra) {
      const session = account.sessions.get(decodeURIComponent(id));
      if (!session) return html(res, 404, renderMissingSessionPage());
      const pages = `${STRIPE_PAGES_PREFIX}/checkout`;
      if (action === undefined && method === 'GET') return html(res, 200, renderCheckoutPage(session, pages));
      if (action && ACTIONS.has(action) && method === 'POST') {
        // The page's own forms (same origin) or a test with the local token; nobody else.
        if (refuseUntrustedControl(req, res, ctx.config)) return;
        await readBody(req, 10_000);
        if (session.status !== 'open') {
          return html(res, 409, renderCheckoutPage(session, pages, 'Diese Zahlung ist nicht mehr offen.'));
        }
        if (action === 'pay-twint' || action === 'pay-card') {
          const method = action === 'pay-twint' ? 'twint' : 'card';
          if (!session.payment_method_types.includes(method)) {
            return html(
              res,
              400,
              renderCheckoutPage(session, pages, 'Diese Zahlungsart ist hier nicht möglich.'),
            );
          }
          // Stripe sends the event and redirects at about the same time; the stand-in waits for
          // the delivery first, so a test sees the result on the page it lands on.
          await account.complete(session, method);
          return redirect(res, returnUrl(session, session.success_url));
        }
        if (action === 'expire') await account.expire(session);
        // Cancel leaves the session open (the visitor can come back until it expires).
        const back = session.cancel_url ?? `${pages}/${encodeURIComponent(session.id)}`;
        return redirect(res, returnUrl(session, back));
      }
    }
    sendJson(res, 404, { message: 'Not found' });
  };
}

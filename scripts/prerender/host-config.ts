// The static host's configuration, written into dist/ by the prerender step: Netlify reads
// `_headers` and `_redirects` from the publish directory (see docs/deployment.md for why
// Netlify). It is generated because the Content-Security-Policy names the Supabase project of
// this build, and the redirects and private paths come from the app's own tables.
import { createHash } from 'node:crypto';

export interface HostConfigInput {
  siteUrl: string;
  supabaseUrl: string;
  /** The social-feed widget script: allowed on /stories only. */
  socialFeedScriptUrl: string;
  /** Inline scripts of the HTML shell (the theme script): allowed by their hash. */
  inlineScripts: string[];
  redirects: Record<string, string>;
  privatePathPatterns: string[];
  /** The file served for every path without its own HTML file. */
  appShell: string;
  /** Files for the events published after the build: their page and booking page, without data. */
  newEventPages: { event: string; booking: string };
}

/** The SPA page for paths the build did not prerender (unknown events, booking, admin). */
export const APP_SHELL_FILE = 'app-shell.html';
export const STORIES_PATH = '/stories';
export const STRIPE_CHECKOUT_ORIGIN = 'https://checkout.stripe.com';

function hash(script: string): string {
  return `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
}

function websocketOrigin(origin: string): string {
  return origin.replace(/^http/, 'ws');
}

export function contentSecurityPolicy(input: HostConfigInput, withSocialFeed: boolean): string {
  const supabase = new URL(input.supabaseUrl).origin;
  const feed = new URL(input.socialFeedScriptUrl).origin;
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", ...input.inlineScripts.map(hash), ...(withSocialFeed ? [feed] : [])]],
    // The forms' proof-of-work widget (altcha) hashes in a Web Worker it starts from a blob: URL.
    ['worker-src', ["'self'", 'blob:']],
    // React style props and the inlined stylesheet are inline styles; no script runs from them.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:', supabase]],
    ['font-src', ["'self'"]],
    // supabase-js: REST, Auth, Storage, Functions and the Realtime socket.
    ['connect-src', ["'self'", supabase, websocketOrigin(supabase)]],
    ['frame-src', withSocialFeed ? [feed] : ["'none'"]],
    // Checkout is a redirect to Stripe's hosted page (navigation, not a fetch); a form post
    // to it is the only cross-origin submission the site makes.
    ['form-action', ["'self'", STRIPE_CHECKOUT_ORIGIN]],
    ['base-uri', ["'self'"]],
    ['object-src', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
  ];
  return directives.map(([name, values]) => `${name} ${values.join(' ')}`).join('; ');
}

/** Features no page of the site uses; the admin area's door scanner is the one use of the camera. */
const DENIED_FEATURES = 'microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()';

const SECURITY_HEADERS: Record<string, string> = {
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': `camera=(), ${DENIED_FEATURES}`,
  'X-Frame-Options': 'DENY',
};

/**
 * The check-in page reads tickets with the phone's camera (issue 28). A document keeps the policy
 * it was loaded with, so the whole admin area (one app under /admin) allows it for itself.
 */
const ADMIN_PERMISSIONS = `camera=(self), ${DENIED_FEATURES}`;

function block(path: string, headers: Record<string, string>): string {
  return [path, ...Object.entries(headers).map(([name, value]) => `  ${name}: ${value}`)].join('\n');
}

/**
 * Netlify applies every matching rule; for a header set by several, the later rule wins
 * (so /stories, listed after /*, gets its own policy).
 */
export function headersFile(input: HostConfigInput): string {
  const blocks = [
    block('/*', { ...SECURITY_HEADERS, 'Content-Security-Policy': contentSecurityPolicy(input, false) }),
    block(STORIES_PATH, { 'Content-Security-Policy': contentSecurityPolicy(input, true) }),
    block('/admin/*', { 'Permissions-Policy': ADMIN_PERMISSIONS }),
    // Hashed file names: a new build gets new names, so the old ones never change.
    block('/assets/*', { 'Cache-Control': 'public, max-age=31536000, immutable' }),
    ...input.privatePathPatterns.map((pattern) => block(pattern, { 'X-Robots-Tag': 'noindex, nofollow' })),
  ];
  return `${blocks.join('\n\n')}\n`;
}

/**
 * Old addresses move permanently; an event without its own file (published after the build) gets
 * the event page's frame to fill in; everything else without a file gets the client-rendered app.
 * The host serves a path's own file before any 200 rule (Netlify's shadowing), so prerendered
 * events keep theirs.
 */
export function redirectsFile(input: HostConfigInput): string {
  const moved = Object.entries(input.redirects).map(([from, to]) => `${from} ${to} 301`);
  const newEvents = [
    `/events/*/buchen /${input.newEventPages.booking} 200`,
    `/events/* /${input.newEventPages.event} 200`,
  ];
  return `${[...moved, ...newEvents, `/* /${input.appShell} 200`].join('\n')}\n`;
}

/**
 * Every private path disallowed. robots.txt rules match by prefix and know `*` (RFC 9309), so
 * `/zahlung/*` becomes `/zahlung/`, and the booking pages keep their inner `*`.
 */
export function robotsTxt(input: HostConfigInput): string {
  const disallowed = [...new Set(input.privatePathPatterns.map((pattern) => pattern.replace(/\*$/, '')))];
  return [
    'User-agent: *',
    ...disallowed.map((pattern) => `Disallow: ${pattern}`),
    '',
    `Sitemap: ${input.siteUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function sitemapXml(siteUrl: string, paths: string[]): string {
  const urls = paths.map((path) => `  <url><loc>${escapeXml(`${siteUrl}${path}`)}</loc></url>`);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

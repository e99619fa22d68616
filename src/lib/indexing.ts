// Which addresses belong to one visitor (booking, its confirmation and manage pages, payment,
// waiting-list offers, admin): the one list every keep-out-of-search-engines measure reads.
// These paths are never in the sitemap and only the event booking pages are prerendered (with the
// event's public data only: scripts/prerender/index.ts); the
// host sends `X-Robots-Tag: noindex, nofollow` for them (_headers) and robots.txt disallows them
// (scripts/prerender/host-config.ts); their page's meta tag says noindex (Seo). Patterns use the
// static host's syntax (`*` = any characters). tests/e2e/prerender.spec.ts checks the built
// dist/ for each.
export const PRIVATE_PATH_PATTERNS = [
  '/admin',
  '/admin/*',
  '/buchung',
  '/buchung/*',
  '/events/*/buchen',
  '/fonduehusli/reservieren',
  '/fonduehusli/confirmation',
  '/zahlung',
  '/zahlung/*',
  '/warteliste',
  '/warteliste/*',
];

function patternToRegExp(pattern: string): RegExp {
  const body = pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${body.join('[^?#]*')}$`);
}

const privateMatchers = PRIVATE_PATH_PATTERNS.map(patternToRegExp);

/** True for a path that belongs to one visitor (query and fragment are ignored). */
export function isPrivatePath(path: string): boolean {
  const bare = path.replace(/[?#].*$/, '').replace(/(.)\/+$/, '$1');
  return privateMatchers.some((matcher) => matcher.test(bare));
}

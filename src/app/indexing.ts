// Which addresses belong to one visitor (booking, confirmation, admin): they are never
// prerendered with data, never in the sitemap, and robots.txt plus an X-Robots-Tag header keep
// them out of search engines. Patterns use the static host's syntax (`*` = any rest of the path).
export const PRIVATE_PATH_PATTERNS = [
  '/admin',
  '/admin/*',
  '/events/*/buchen',
  '/fonduehusli/confirmation',
  '/zahlung/*',
  '/warteliste/*',
];

function patternToRegExp(pattern: string): RegExp {
  const body = pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`^${body.join('[^?#]*')}$`);
}

const privateMatchers = PRIVATE_PATH_PATTERNS.map(patternToRegExp);

export function isPrivatePath(path: string): boolean {
  return privateMatchers.some((matcher) => matcher.test(path));
}

export type NavVariant = 'transparent' | 'opaque' | 'solid';

/** Spec §2: the contact, admin and events paths use a different, always solid bar. */
export function isSolidNavPath(pathname: string): boolean {
  return pathname.startsWith('/admin') || /^\/(contact|events)(\/|$)/.test(pathname);
}

export function navVariant(pathname: string, scrolled: boolean): NavVariant {
  if (isSolidNavPath(pathname)) return 'solid';
  return scrolled ? 'opaque' : 'transparent';
}

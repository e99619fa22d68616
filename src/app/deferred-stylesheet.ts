/**
 * The id of the site stylesheet's <link> on a prerendered page: written `media="print"` by the
 * prerender (scripts/prerender/critical-css.ts), awaited by the starter in index.html (same name
 * there) and switched on by the app when needed (full-stylesheet.ts).
 */
export const DEFERRED_STYLESHEET_ID = 'site-stylesheet';

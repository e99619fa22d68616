import { EARLY_EVENT_GLOBAL, EARLY_IMAGE_ATTRIBUTE } from '../api/early-event';
import { ABSOLUTE_URL, EVENT_COLUMNS, PLACEHOLDER_DOMAIN } from './event-row';

// The inline script of the new-event frames (events/-neu.html, events/-neu/buchen.html; see
// src/entry-server.tsx and scripts/prerender). It runs while the HTML is parsing, first in <head>:
// it asks PostgREST for the event of the address with the same query the app makes
// (getPublishedEvent in ../api/get-event.ts, by slug), leaves the answer for the app
// (../api/early-event.ts) and starts the event's image, the page's largest element, as soon as
// the row is there. Without it the request waited for every script, hydration and supabase-js.
// Plain fetch, no module, nothing else: it must be small, and the Content-Security-Policy allows
// it by its hash (scripts/prerender/host-config.ts), so its text is fixed at build time.

export interface EarlyEventScriptConfig {
  /** The Supabase project's URL and its anon (publishable) key, as the app uses them. */
  supabaseUrl: string;
  anonKey: string;
  /** The image the app shows for an event without one (PLACEHOLDER_IMAGE). */
  placeholderImage: string;
}

/** The event routes: `/events/{slug}` and `/events/{slug}/buchen` (src/app/router.tsx). */
const EVENT_PATH = /^\/events\/([^/]+)(?:\/buchen)?\/?$/;

export function earlyEventScript(config: EarlyEventScriptConfig): string {
  const rest = `${config.supabaseUrl.replace(/\/+$/, '')}/rest/v1/events`;
  // supabase-js sends the select list without whitespace.
  const select = encodeURIComponent(EVENT_COLUMNS.replace(/\s+/g, ''));
  const json = JSON.stringify;
  // The image rules of normalizeImageUrl (event-row.ts), so the preload asks for the very URL the
  // <img> will show (a unit test compares the two).
  return `(function () {
  var match = ${EVENT_PATH.toString()}.exec(location.pathname);
  if (!match || !window.fetch) return;
  var slug;
  try { slug = decodeURIComponent(match[1]); } catch (e) { return; }
  var key = ${json(config.anonKey)};
  var rows = fetch(${json(`${rest}?select=${select}&status=eq.published&slug=eq.`)} + encodeURIComponent(slug), {
    headers: { apikey: key, Authorization: 'Bearer ' + key, Accept: 'application/json' }
  }).then(function (response) {
    if (!response.ok) throw new Error('HTTP ' + response.status);
    return response.json();
  });
  // Settles once the event's image is in (or there is none to wait for): the inline starter in
  // index.html holds the app's scripts until then, so they do not share the line with it. Also
  // on the booking page: its frame has no form a visitor could type into before the scripts
  // come, and started before the image, its scripts made the form's first render a long task
  // (Lighthouse TBT 250 ms against 100 ms).
  var settled = function () {};
  var ready = rows.then(function (list) {
    var row = list && list[0];
    if (!row) return;
    var url = (row.image_url || '').trim();
    if (url === '' || ${PLACEHOLDER_DOMAIN.toString()}.test(url)) url = ${json(config.placeholderImage)};
    else if (!${ABSOLUTE_URL.toString()}.test(url)) url = ('/' + url).replace(/\\/{2,}/g, '/');
    // An inlined image (the placeholder) needs no download.
    if (/^data:/i.test(url)) return;
    var link = document.createElement('link');
    link.rel = 'preload';
    link.setAttribute('as', 'image');
    link.href = url;
    link.setAttribute('fetchpriority', 'high');
    document.head.appendChild(link);
    // The skeleton's image box shows the image until the app renders the event in its place
    // (same size, same URL from the cache): the largest element paints without the app.
    function paint() {
      var box = document.querySelector(${json(`[${EARLY_IMAGE_ATTRIBUTE}]`)});
      if (!box) return;
      box.style.backgroundImage = 'url(' + JSON.stringify(url) + ')';
      box.style.backgroundSize = 'cover';
      box.style.backgroundPosition = 'center';
    }
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', paint);
    else paint();
    return new Promise(function (resolve) {
      var picture = new Image();
      picture.onload = picture.onerror = function () { resolve(); };
      picture.src = url;
    });
  }).then(settled, settled);
  window[${json(EARLY_EVENT_GLOBAL)}] = { slug: slug, rows: rows, ready: ready };
})();`;
}

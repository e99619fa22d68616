// A third-party script (the stories feed widget) runs with the full rights of our origin: it
// could read the admin's Supabase session from localStorage. Removing its <script> tag does not
// stop code that already ran, so once a page has loaded one, the admin area is only entered
// through a full page load, in a fresh document that never ran the script.

let loaded = false;

/** Called right before a third-party script is added to the page. */
export function markThirdPartyScriptLoaded(): void {
  loaded = true;
}

export function thirdPartyScriptLoaded(): boolean {
  return loaded;
}

/**
 * Route loader of /admin: in a document that ran a third-party script, reloads the target URL
 * instead of rendering the admin (and never settles, so nothing renders meanwhile).
 */
export function adminInCleanDocument({ request }: { request: Request }): Promise<null> | null {
  if (!loaded) return null;
  window.location.assign(request.url);
  return new Promise<null>(() => undefined);
}

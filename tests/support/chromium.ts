import { existsSync } from 'node:fs';

// Playwright drives the system Chromium (Debian's `chromium`); its own browser download is
// not available here. CHROMIUM_PATH overrides the location.
export function chromiumPath(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  const found = candidates.find((p): p is string => !!p && existsSync(p));
  if (!found) throw new Error('No Chromium found: install Debian\'s "chromium" or set CHROMIUM_PATH.');
  return found;
}

/** The flags every browser of the e2e run starts with (quiet, no network of its own). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

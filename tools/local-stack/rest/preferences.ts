import type { IncomingHttpHeaders } from 'node:http';
import { PgrstError } from './errors';
import { EXPOSED_SCHEMA } from './schema-cache';

export interface Preferences {
  return: 'minimal' | 'representation' | 'headers-only' | null;
  count: 'exact' | 'planned' | 'estimated' | null;
  resolution: 'merge-duplicates' | 'ignore-duplicates' | null;
  missingDefault: boolean;
  /** Echoed in Preference-Applied, as PostgREST does for the ones it honours. */
  applied: string[];
}

function headerValue(headers: IncomingHttpHeaders, name: string): string {
  const value = headers[name];
  return Array.isArray(value) ? value.join(',') : (value ?? '');
}

export function parsePreferences(headers: IncomingHttpHeaders): Preferences {
  const prefs: Preferences = {
    return: null,
    count: null,
    resolution: null,
    missingDefault: false,
    applied: [],
  };
  for (const raw of headerValue(headers, 'prefer').split(',')) {
    const pref = raw.trim();
    const [name, value] = pref.split('=').map((part) => part.trim());
    if (
      name === 'return' &&
      (value === 'minimal' || value === 'representation' || value === 'headers-only')
    ) {
      prefs.return = value;
    } else if (name === 'count' && (value === 'exact' || value === 'planned' || value === 'estimated')) {
      // planned/estimated would read the planner's guess; the exact count is a faithful stand-in.
      prefs.count = value;
    } else if (name === 'resolution' && (value === 'merge-duplicates' || value === 'ignore-duplicates')) {
      prefs.resolution = value;
    } else if (name === 'missing' && value === 'default') {
      prefs.missingDefault = true;
    } else {
      continue;
    }
    prefs.applied.push(pref);
  }
  return prefs;
}

/** `Accept: application/vnd.pgrst.object+json` asks for one bare object instead of an array. */
export function wantsSingleObject(headers: IncomingHttpHeaders): boolean {
  return headerValue(headers, 'accept')
    .split(',')
    .some((type) => type.trim().toLowerCase().startsWith('application/vnd.pgrst.object'));
}

const ACCEPTED = ['*/*', 'application/json', 'application/*', 'application/vnd.pgrst.object', 'text/csv'];

/** `.csv()` of postgrest-js asks for `text/csv`. */
export function wantsCsv(headers: IncomingHttpHeaders): boolean {
  return headerValue(headers, 'accept').trim().toLowerCase().startsWith('text/csv');
}

/** We answer JSON and CSV; anything else (geojson, xml) gets PostgREST's 406. */
export function checkAccept(headers: IncomingHttpHeaders): void {
  const accept = headerValue(headers, 'accept').trim();
  if (accept === '') return;
  const ok = accept
    .split(',')
    .some((type) => ACCEPTED.some((known) => type.trim().toLowerCase().startsWith(known)));
  if (!ok) throw new PgrstError(406, 'PGRST107', `None of these media types are available: ${accept}`);
}

/** postgrest-js names the schema in Accept-Profile (reads) or Content-Profile (writes). */
export function checkProfile(headers: IncomingHttpHeaders): void {
  for (const name of ['accept-profile', 'content-profile']) {
    const schema = headerValue(headers, name).trim();
    if (schema !== '' && schema !== EXPOSED_SCHEMA) {
      throw new PgrstError(406, 'PGRST106', `The schema must be one of the following: ${EXPOSED_SCHEMA}`);
    }
  }
}

/** `Range: 0-9` as PostgREST reads it: offset and limit, open-ended ranges allowed. */
export function parseRange(headers: IncomingHttpHeaders): { offset: number; limit: number | null } | null {
  const match = /^\s*(?:items=)?(\d+)-(\d*)\s*$/.exec(headerValue(headers, 'range'));
  if (!match) return null;
  const from = Number(match[1]);
  const to = match[2] ? Number(match[2]) : null;
  if (to !== null && to < from) return null;
  return { offset: from, limit: to === null ? null : to - from + 1 };
}

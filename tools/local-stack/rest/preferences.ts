import type { IncomingHttpHeaders } from 'node:http';
import { PgrstError } from './errors';
import { EXPOSED_SCHEMA } from './schema-cache';

export interface Preferences {
  return: 'minimal' | 'representation' | 'headers-only' | null;
  count: 'exact' | 'planned' | 'estimated' | null;
  resolution: 'merge-duplicates' | 'ignore-duplicates' | null;
  missingDefault: boolean;
  /** `handling=strict`: unknown preferences fail (PGRST122) and max-affected is enforced. */
  strict: boolean;
  /** `max-affected=n`, enforced only under handling=strict (PostgREST 12.2). */
  maxAffected: number | null;
  /** Echoed in Preference-Applied, as PostgREST does for the ones it honours. */
  applied: string[];
}

/** Preferences PostgREST 12 knows but the local stack leaves at their defaults. */
const KNOWN_UNAPPLIED = /^(tx=(commit|rollback)|timezone=.+|params=single-object)$/;

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
    strict: false,
    maxAffected: null,
    applied: [],
  };
  const invalid: string[] = [];
  let maxAffected: string | null = null;
  for (const raw of headerValue(headers, 'prefer').split(',')) {
    const pref = raw.trim();
    if (pref === '') continue;
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
    } else if (name === 'handling' && (value === 'strict' || value === 'lenient')) {
      prefs.strict = value === 'strict';
    } else if (name === 'max-affected' && value !== undefined && /^\d+$/.test(value)) {
      maxAffected = pref;
      prefs.maxAffected = Number(value);
      continue;
    } else {
      if (!KNOWN_UNAPPLIED.test(pref)) invalid.push(pref);
      continue;
    }
    prefs.applied.push(pref);
  }
  if (prefs.strict && invalid.length > 0) {
    throw new PgrstError(
      400,
      'PGRST122',
      'Invalid preferences given with handling=strict',
      `Invalid preferences: ${invalid.join(', ')}`,
    );
  }
  // Without handling=strict PostgREST ignores max-affected (and does not echo it).
  if (!prefs.strict) prefs.maxAffected = null;
  else if (maxAffected) prefs.applied.push(maxAffected);
  return prefs;
}

/** PostgREST 12.2's PGRST124: more rows matched than `max-affected` allows; the caller rolls back. */
export function checkMaxAffected(prefs: Preferences, affected: number): void {
  if (prefs.maxAffected !== null && affected > prefs.maxAffected) {
    throw new PgrstError(
      400,
      'PGRST124',
      'Query result exceeds max-affected preference constraint',
      `The query affects ${affected} rows`,
    );
  }
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

import { loadSupabase } from '@/lib/load-supabase';

// Whether the signed-in user is an admin. This only decides what the UI shows; row-level
// security decides what data anyone can reach, so a stale answer can never leak data.

/** Spec §9: the admin status is cached per user for 30 minutes. */
export const ADMIN_STATUS_TTL_MS = 30 * 60 * 1000;
/** Spec §3: the browser keeps a flag 'true' / 'false' used optimistically while checking. */
export const ADMIN_FLAG_KEY = 'isAdmin';
const CACHE_PREFIX = 'admin-status:';

interface CachedStatus {
  isAdmin: boolean;
  checkedAt: number;
}

function readCache(userId: string, now: number): boolean | null {
  try {
    const raw = window.sessionStorage.getItem(CACHE_PREFIX + userId);
    if (!raw) return null;
    const cached = JSON.parse(raw) as Partial<CachedStatus>;
    if (typeof cached.isAdmin !== 'boolean' || typeof cached.checkedAt !== 'number') return null;
    return now - cached.checkedAt < ADMIN_STATUS_TTL_MS ? cached.isAdmin : null;
  } catch {
    return null;
  }
}

function writeCache(userId: string, isAdmin: boolean, now: number): void {
  try {
    window.sessionStorage.setItem(CACHE_PREFIX + userId, JSON.stringify({ isAdmin, checkedAt: now }));
  } catch {
    // Storage can be unavailable (private mode, quota); the check simply runs again next time.
  }
}

export function readAdminFlag(): boolean {
  try {
    return window.localStorage.getItem(ADMIN_FLAG_KEY) === 'true';
  } catch {
    return false;
  }
}

function writeAdminFlag(isAdmin: boolean): void {
  try {
    window.localStorage.setItem(ADMIN_FLAG_KEY, String(isAdmin));
  } catch {
    // See writeCache.
  }
}

/** Forgets every cached status and the optimistic flag (sign-in attempt, sign-out). */
export function clearAdminStatus(): void {
  try {
    window.localStorage.removeItem(ADMIN_FLAG_KEY);
    const keys = Object.keys(window.sessionStorage).filter((key) => key.startsWith(CACHE_PREFIX));
    keys.forEach((key) => window.sessionStorage.removeItem(key));
  } catch {
    // See writeCache.
  }
}

/** Reads the user's own profile. `null` when the check failed (which callers treat as "not admin"). */
async function readProfileIsAdmin(userId: string): Promise<boolean | null> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.from('profiles').select('is_admin').eq('id', userId).maybeSingle();
  if (error) return null;
  return data?.is_admin === true;
}

const inFlight = new Map<string, Promise<boolean>>();

/**
 * The admin status of `userId`: from the 30-minute cache unless `force`, else from `profiles`.
 * Concurrent callers share one request. A failed check answers false and is not cached, so
 * the next check tries again.
 */
export function checkAdminStatus(
  userId: string,
  { force = false }: { force?: boolean } = {},
): Promise<boolean> {
  if (!force) {
    const cached = readCache(userId, Date.now());
    if (cached !== null) return Promise.resolve(cached);
  }
  const pending = inFlight.get(userId);
  if (pending) return pending;

  const request = readProfileIsAdmin(userId)
    .then((isAdmin) => {
      if (isAdmin === null) return false;
      writeCache(userId, isAdmin, Date.now());
      writeAdminFlag(isAdmin);
      return isAdmin;
    })
    .catch(() => false)
    .finally(() => inFlight.delete(userId));
  inFlight.set(userId, request);
  return request;
}

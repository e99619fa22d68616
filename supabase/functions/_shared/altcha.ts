import { createChallenge, verifySolution } from 'npm:altcha-lib@1';
import type { Challenge } from 'npm:altcha-lib@1/types';
import { optionalEnv, requireEnv } from './env.ts';
import { HttpError } from './http.ts';
import type { ServiceClient } from './supabase-clients.ts';

// Self-hosted proof of work (ALTCHA, protocol v1): the altcha-challenge function hands out
// challenges signed with ALTCHA_HMAC_KEY; the booking, contact and newsletter functions accept
// a form only with a solved, unexpired challenge, and each challenge only once (table
// altcha_used_challenges). Solving costs a browser a fraction of a second, a bot sending
// thousands of forms as many CPU-seconds.

/** A challenge is valid for ten minutes; the widget fetches a new one when it expires. */
export const CHALLENGE_TTL_SECONDS = 10 * 60;
/** Upper bound of the secret number: on average half of it SHA-256 rounds to solve. */
export const DEFAULT_MAX_NUMBER = 100_000;

export const CHALLENGE_INVALID =
  'Die Sicherheitsprüfung ist fehlgeschlagen oder abgelaufen. Bitte sende das Formular noch einmal.';
export const CHALLENGE_USED =
  'Diese Sicherheitsprüfung wurde schon verwendet. Bitte sende das Formular noch einmal.';

function hmacKey(): string {
  return requireEnv('ALTCHA_HMAC_KEY');
}

/** ALTCHA_MAX_NUMBER (difficulty), e.g. lower on the local stack so tests solve quickly. */
export function maxNumber(): number {
  const value = Number(optionalEnv('ALTCHA_MAX_NUMBER', String(DEFAULT_MAX_NUMBER)));
  return Number.isInteger(value) && value >= 1000 ? value : DEFAULT_MAX_NUMBER;
}

export function newChallenge(now = Date.now()): Promise<Challenge> {
  return createChallenge({
    hmacKey: hmacKey(),
    maxnumber: maxNumber(),
    expires: new Date(now + CHALLENGE_TTL_SECONDS * 1000),
  });
}

interface DecodedPayload {
  challenge: string;
  salt: string;
}

function decode(payload: string): DecodedPayload | null {
  try {
    const value: unknown = JSON.parse(atob(payload));
    if (!value || typeof value !== 'object' || !('challenge' in value) || !('salt' in value)) return null;
    const { challenge, salt } = value;
    return typeof challenge === 'string' && typeof salt === 'string' ? { challenge, salt } : null;
  } catch {
    return null;
  }
}

/**
 * Accepts the widget's payload (base64 JSON) once: the signature must be ours, the number must
 * solve the challenge, the challenge must carry an expiry that has not passed, and it must not
 * have been used before. Throws a 400 with a German message otherwise.
 */
export async function requireSolvedChallenge(service: ServiceClient, payload: unknown): Promise<void> {
  if (typeof payload !== 'string' || payload.length > 2000) throw new HttpError(400, CHALLENGE_INVALID);
  const decoded = decode(payload);
  // createChallenge writes the expiry into the signed salt ('<random>?expires=<unix seconds>').
  const expires = Number(new URLSearchParams(decoded?.salt.split('?')[1] ?? '').get('expires') ?? NaN);
  if (!decoded || !Number.isFinite(expires)) throw new HttpError(400, CHALLENGE_INVALID);
  if (!(await verifySolution(payload, hmacKey(), true))) throw new HttpError(400, CHALLENGE_INVALID);

  const { data, error } = await service.rpc('use_altcha_challenge', {
    p_challenge: decoded.challenge,
    p_expires_at: new Date(expires * 1000).toISOString(),
  });
  if (error) throw new Error(`Recording the used challenge failed: ${error.message}`);
  if (data !== true) throw new HttpError(400, CHALLENGE_USED);
}

import { SignJWT, jwtVerify, type JWTPayload } from 'jose';

/** The secret `supabase start` uses; the demo keys below are signed with it. */
export const DEFAULT_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
export const DEMO_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
export const DEMO_SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';
const DEMO_KEY_EXPIRY = 1983812996;

/**
 * The new, non-JWT API keys `supabase start` prints for every local project. The gateway
 * accepts them next to the JWT keys, as a hosted project does while both kinds are active.
 */
export const LOCAL_PUBLISHABLE_KEY = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH';
export const LOCAL_SECRET_KEY = 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz';

/** `sb_publishable_…` and `sb_secret_…` are opaque strings, never JWTs. */
export function isOpaqueApiKey(token: string): boolean {
  return /^sb_(publishable|secret)_/.test(token);
}

/**
 * The database role an opaque key stands for, as the hosted gateway swaps it for a short-lived
 * JWT of that role before PostgREST, storage or auth see the request; null for an unknown key.
 */
export function opaqueKeyRole(token: string): 'anon' | 'service_role' | null {
  if (token === LOCAL_PUBLISHABLE_KEY) return 'anon';
  if (token === LOCAL_SECRET_KEY) return 'service_role';
  return null;
}

/** Clock skew PostgREST and GoTrue tolerate on exp/iat/nbf. */
const CLOCK_TOLERANCE_SECONDS = 30;

function key(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

export function signJwt(claims: JWTPayload, secret: string): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key(secret));
}

/** Verifies an HS256 token; throws (jose's errors) when it is forged, malformed or expired. */
export async function verifyJwt(token: string, secret: string): Promise<JWTPayload> {
  const { payload } = await jwtVerify(token, key(secret), {
    algorithms: ['HS256'],
    clockTolerance: CLOCK_TOLERANCE_SECONDS,
  });
  return payload;
}

/** The anon and service-role keys for a secret: the published demo keys for the default one. */
export async function apiKeys(secret: string): Promise<{ anonKey: string; serviceRoleKey: string }> {
  if (secret === DEFAULT_JWT_SECRET) return { anonKey: DEMO_ANON_KEY, serviceRoleKey: DEMO_SERVICE_ROLE_KEY };
  const sign = (role: string) => signJwt({ iss: 'supabase-demo', role, exp: DEMO_KEY_EXPIRY }, secret);
  return { anonKey: await sign('anon'), serviceRoleKey: await sign('service_role') };
}

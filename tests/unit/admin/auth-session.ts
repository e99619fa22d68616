import { json, type FakeBackend } from '../../support/fake-backend';

// What GoTrue answers for a password sign-in, enough for supabase-js to hold a session.

function base64Url(value: object): string {
  return btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

export function sessionFor(id: string, email: string) {
  const exp = Math.floor(Date.now() / 1000) + 3600;
  const claims = { sub: id, email, role: 'authenticated', aud: 'authenticated', exp };
  return {
    access_token: `${base64Url({ alg: 'HS256', typ: 'JWT' })}.${base64Url(claims)}.c2lnbmF0dXJl`,
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: exp,
    refresh_token: `refresh-${id}`,
    user: {
      id,
      aud: 'authenticated',
      role: 'authenticated',
      email,
      app_metadata: {},
      user_metadata: {},
      created_at: '2026-01-01T00:00:00Z',
    },
  };
}

/** Scripts sign-in for one account whose profile says `isAdmin`. */
export function fakeAccount(
  api: FakeBackend,
  { id, email, isAdmin }: { id: string; email: string; isAdmin: boolean },
) {
  api.on('POST /auth/v1/token', () => json(sessionFor(id, email)));
  api.on('POST /auth/v1/logout', () => new Response(null, { status: 204 }));
  api.on('GET /rest/v1/profiles', () => json([{ is_admin: isAdmin }]));
}

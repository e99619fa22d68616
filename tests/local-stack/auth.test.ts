import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { decodeJwt, SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  anonClient,
  createUser,
  mailbox,
  resetDatabase,
  signedInClient,
  sql,
  stackEnv,
} from '../support/stack';

const SITE = 'http://127.0.0.1:5173';

/** Storage shared by clients, like a browser's localStorage shared by two tabs. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

function persistentClient(storage: ReturnType<typeof memoryStorage>): SupabaseClient {
  return createClient(stackEnv().apiUrl, stackEnv().anonKey, {
    auth: { storage, persistSession: true, autoRefreshToken: false, detectSessionInUrl: false },
  });
}

function confirmationLink(html: string | null): string {
  const href = /href="([^"]+\/auth\/v1\/verify[^"]+)"/.exec(html ?? '')?.[1];
  if (!href) throw new Error('no confirmation link in the mail');
  return href.replace(/&amp;/g, '&');
}

async function authFetch(path: string, init: RequestInit & { versioned?: boolean } = {}) {
  const headers = new Headers(init.headers);
  headers.set('apikey', stackEnv().anonKey);
  if (!headers.has('Authorization')) headers.set('Authorization', `Bearer ${stackEnv().anonKey}`);
  if (init.versioned !== false) headers.set('X-Supabase-Api-Version', '2024-01-01');
  if (init.body) headers.set('Content-Type', 'application/json');
  return fetch(`${stackEnv().apiUrl}/auth/v1${path}`, { ...init, headers });
}

describe('auth: the sign-up journey with supabase-js', () => {
  beforeAll(() => resetDatabase());

  it('signs up without a session, confirms by mail link, signs in, refreshes, reads the user and signs out', async () => {
    const email = 'Neu.Person@Example.ch';
    const client = anonClient();

    const signUp = await client.auth.signUp({
      email,
      password: 'geheim-123',
      options: { emailRedirectTo: `${SITE}/admin/login`, data: { name: 'Neu' } },
    });
    expect(signUp.error).toBeNull();
    expect(signUp.data.session).toBeNull();
    expect(signUp.data.user?.email).toBe('neu.person@example.ch');
    expect(signUp.data.user?.email_confirmed_at).toBeUndefined();
    expect(signUp.data.user?.user_metadata).toMatchObject({ name: 'Neu', email_verified: false });

    const early = await client.auth.signInWithPassword({ email, password: 'geheim-123' });
    expect(early.error).toMatchObject({
      status: 400,
      code: 'email_not_confirmed',
      message: 'Email not confirmed',
    });

    const mail = await mailbox().waitFor((m) => m.to.includes('neu.person@example.ch'));
    expect(mail.subject).toBe('Bestätigen Sie Ihre Registrierung');
    const link = confirmationLink(mail.html);
    expect(link.startsWith(`${stackEnv().apiUrl}/auth/v1/verify?`)).toBe(true);

    const verified = await fetch(link, { redirect: 'manual' });
    expect(verified.status).toBe(303);
    const location = new URL(verified.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe(`${SITE}/admin/login`);
    const fragment = new URLSearchParams(location.hash.slice(1));
    expect(fragment.get('type')).toBe('signup');
    expect(fragment.get('token_type')).toBe('bearer');

    // The link works once: the app's session comes from the fragment.
    const fromLink = await client.auth.setSession({
      access_token: fragment.get('access_token')!,
      refresh_token: fragment.get('refresh_token')!,
    });
    expect(fromLink.error).toBeNull();
    expect(fromLink.data.user?.email_confirmed_at).toBeTruthy();
    const again = await fetch(link, { redirect: 'manual' });
    expect(new URLSearchParams(new URL(again.headers.get('location')!).hash.slice(1)).get('error_code')).toBe(
      'otp_expired',
    );
    await client.auth.signOut();

    const signIn = await client.auth.signInWithPassword({ email, password: 'geheim-123' });
    expect(signIn.error).toBeNull();
    const session = signIn.data.session!;
    const claims = decodeJwt(session.access_token);
    expect(claims).toMatchObject({
      sub: signIn.data.user!.id,
      role: 'authenticated',
      aud: 'authenticated',
      email: 'neu.person@example.ch',
      aal: 'aal1',
      is_anonymous: false,
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { name: 'Neu', email_verified: true },
    });
    expect(claims.exp! - claims.iat!).toBe(3600);
    expect(session.expires_in).toBe(3600);
    expect(typeof claims.session_id).toBe('string');

    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(refreshed.data.session!.refresh_token).not.toBe(session.refresh_token);
    expect(decodeJwt(refreshed.data.session!.access_token).session_id).toBe(claims.session_id);

    const current = await client.auth.getUser();
    expect(current.data.user?.id).toBe(signIn.data.user!.id);
    expect(current.data.user?.last_sign_in_at).toBeTruthy();

    expect((await client.auth.signOut()).error).toBeNull();
    const afterSignOut = await authFetch('/user', {
      headers: { Authorization: `Bearer ${refreshed.data.session!.access_token}` },
    });
    expect(afterSignOut.status).toBe(403);
    expect(await afterSignOut.json()).toMatchObject({ code: 'session_not_found' });
    const staleRefresh = await anonClient().auth.refreshSession({
      refresh_token: refreshed.data.session!.refresh_token,
    });
    expect(staleRefresh.error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
  });

  it('confirms with the six-digit code from the mail (verifyOtp)', async () => {
    const email = 'code@example.ch';
    await anonClient().auth.signUp({ email, password: 'geheim-123' });
    const mail = await mailbox().waitFor((m) => m.to.includes(email));
    // A standalone six-digit number: the link's token hash may contain digit runs too.
    const code = /\b(\d{6})\b/.exec(mail.text ?? '')?.[1];
    expect(code).toBeDefined();

    const wrong = await anonClient().auth.verifyOtp({
      email,
      token: code === '000000' ? '000001' : '000000',
      type: 'signup',
    });
    expect(wrong.error).toMatchObject({ status: 403, code: 'otp_expired' });
    const right = await anonClient().auth.verifyOtp({ email, token: code!, type: 'signup' });
    expect(right.error).toBeNull();
    expect(right.data.session?.user.email_confirmed_at).toBeTruthy();
  });
});

describe('auth: failures', () => {
  beforeAll(async () => {
    await resetDatabase();
    await createUser({ email: 'known@example.ch', password: 'richtig-123' });
  });

  it('rejects a wrong password and an unknown address alike', async () => {
    for (const attempt of [
      { email: 'known@example.ch', password: 'falsch-123' },
      { email: 'nobody@example.ch', password: 'richtig-123' },
    ]) {
      const { data, error } = await anonClient().auth.signInWithPassword(attempt);
      expect(data.session).toBeNull();
      expect(error).toMatchObject({
        name: 'AuthApiError',
        status: 400,
        code: 'invalid_credentials',
        message: 'Invalid login credentials',
      });
    }
  });

  it('answers in the versioned error shape and echoes the version, or in the legacy shape without it', async () => {
    const body = JSON.stringify({ email: 'known@example.ch', password: 'falsch-123' });
    const versioned = await authFetch('/token?grant_type=password', { method: 'POST', body });
    expect(versioned.status).toBe(400);
    expect(versioned.headers.get('x-supabase-api-version')).toBe('2024-01-01');
    expect(await versioned.json()).toEqual({
      code: 'invalid_credentials',
      message: 'Invalid login credentials',
    });

    const legacy = await authFetch('/token?grant_type=password', { method: 'POST', body, versioned: false });
    expect(legacy.headers.get('x-supabase-api-version')).toBeNull();
    expect(await legacy.json()).toEqual({
      code: 400,
      error_code: 'invalid_credentials',
      msg: 'Invalid login credentials',
    });
  });

  it('rejects malformed JSON, unknown grant types, weak passwords and bad e-mail addresses', async () => {
    const malformed = await authFetch('/signup', { method: 'POST', body: '{"email": ' });
    expect(malformed.status).toBe(400);
    expect(await malformed.json()).toMatchObject({ code: 'bad_json' });

    const grant = await authFetch('/token?grant_type=magic', { method: 'POST', body: '{}' });
    expect(grant.status).toBe(400);
    expect(await grant.json()).toMatchObject({ error: 'unsupported_grant_type' });

    const weak = await anonClient().auth.signUp({ email: 'weak@example.ch', password: '123' });
    expect(weak.error).toMatchObject({
      name: 'AuthWeakPasswordError',
      status: 422,
      code: 'weak_password',
      reasons: ['length'],
    });

    const invalid = await anonClient().auth.signUp({ email: 'not-an-address', password: 'geheim-123' });
    expect(invalid.error).toMatchObject({ status: 400, code: 'validation_failed' });

    const oversized = await authFetch('/signup', {
      method: 'POST',
      body: JSON.stringify({
        email: 'big@example.ch',
        password: 'geheim-123',
        data: { blob: 'x'.repeat(2_000_000) },
      }),
    });
    expect(oversized.status).toBe(413);
    expect(await sql('select 1 from auth.users where email = $1', ['big@example.ch'])).toEqual([]);
  });

  it('does not reveal a confirmed account on repeated sign-up and sends no mail', async () => {
    await mailbox().clear();
    const { data, error } = await anonClient().auth.signUp({
      email: 'known@example.ch',
      password: 'anders-123',
    });
    expect(error).toBeNull();
    expect(data.session).toBeNull();
    expect(data.user?.identities).toEqual([]);
    const [real] = await sql<{ id: string }>('select id from auth.users where email = $1', [
      'known@example.ch',
    ]);
    expect(data.user?.id).not.toBe(real!.id);
    expect(await mailbox().messages()).toEqual([]);
  });

  it('rejects forged and expired tokens on /user', async () => {
    const [user] = await sql<{ id: string }>('select id from auth.users where email = $1', [
      'known@example.ch',
    ]);
    const forged = await new SignJWT({ sub: user!.id, role: 'authenticated' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('another-secret-that-is-at-least-32-chars'));
    const expired = await new SignJWT({ sub: user!.id, role: 'authenticated' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(new TextEncoder().encode(stackEnv().jwtSecret));
    for (const token of [forged, expired, 'not.a.jwt']) {
      const response = await authFetch('/user', { headers: { Authorization: `Bearer ${token}` } });
      expect(response.status).toBe(403);
      expect(await response.json()).toMatchObject({ code: 'bad_jwt' });
    }
    const missing = await fetch(`${stackEnv().apiUrl}/auth/v1/user`, {
      headers: { 'X-Supabase-Api-Version': '2024-01-01' },
    });
    expect(missing.status).toBe(401);
    expect(await missing.json()).toMatchObject({ code: 'no_authorization' });
  });

  it('hands a reused refresh token the same successor within the reuse window, and revokes the session after it', async () => {
    const { data } = await anonClient().auth.signInWithPassword({
      email: 'known@example.ch',
      password: 'richtig-123',
    });
    const original = data.session!.refresh_token;
    const first = await anonClient().auth.refreshSession({ refresh_token: original });
    const second = await anonClient().auth.refreshSession({ refresh_token: original });
    expect(first.error).toBeNull();
    expect(second.data.session?.refresh_token).toBe(first.data.session?.refresh_token);

    // Pretend the reuse happens after the window: that is token theft.
    await sql(`update auth.refresh_tokens set updated_at = now() - interval '1 minute' where token = $1`, [
      original,
    ]);
    const late = await anonClient().auth.refreshSession({ refresh_token: original });
    expect(late.error).toMatchObject({ status: 400, code: 'refresh_token_already_used' });
    const successor = await anonClient().auth.refreshSession({
      refresh_token: first.data.session!.refresh_token,
    });
    expect(successor.error).toMatchObject({ status: 400 });
  });

  it('ends only the other sessions with scope "others", and rejects an unknown scope', async () => {
    const here = anonClient();
    const there = anonClient();
    await here.auth.signInWithPassword({ email: 'known@example.ch', password: 'richtig-123' });
    const { data } = await there.auth.signInWithPassword({
      email: 'known@example.ch',
      password: 'richtig-123',
    });

    expect((await here.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect((await here.auth.refreshSession()).error).toBeNull();
    const gone = await anonClient().auth.refreshSession({ refresh_token: data.session!.refresh_token });
    expect(gone.error).toMatchObject({ code: 'refresh_token_not_found' });

    const token = (await here.auth.getSession()).data.session!.access_token;
    const badScope = await authFetch('/logout?scope=everything', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(badScope.status).toBe(400);
    expect(await badScope.json()).toMatchObject({ code: 'validation_failed' });
  });

  it('keeps the session in storage and refreshes an expired one on load, as in the browser', async () => {
    const storage = memoryStorage();
    const tab = persistentClient(storage);
    await tab.auth.signInWithPassword({ email: 'known@example.ch', password: 'richtig-123' });
    const [key] = [...storage.items.keys()].filter((k) => k.endsWith('-auth-token'));
    expect(key).toBeDefined();

    const stored = JSON.parse(storage.items.get(key!)!) as { expires_at: number; refresh_token: string };
    storage.items.set(key!, JSON.stringify({ ...stored, expires_at: Math.floor(Date.now() / 1000) - 10 }));

    const otherTab = persistentClient(storage);
    const { data, error } = await otherTab.auth.getSession();
    expect(error).toBeNull();
    expect(data.session?.refresh_token).not.toBe(stored.refresh_token);
    expect(data.session!.expires_at!).toBeGreaterThan(Date.now() / 1000);
    expect((await otherTab.auth.getUser()).data.user?.email).toBe('known@example.ch');
  });

  it('updates metadata and password through PUT /user and publishes its settings', async () => {
    const client = anonClient();
    await client.auth.signInWithPassword({ email: 'known@example.ch', password: 'richtig-123' });
    const updated = await client.auth.updateUser({ password: 'neues-passwort-1', data: { theme: 'dunkel' } });
    expect(updated.error).toBeNull();
    expect(updated.data.user?.user_metadata).toMatchObject({ theme: 'dunkel' });
    const same = await client.auth.updateUser({ password: 'neues-passwort-1' });
    expect(same.error).toMatchObject({ status: 422, code: 'same_password' });
    expect(
      (
        await anonClient().auth.signInWithPassword({
          email: 'known@example.ch',
          password: 'neues-passwort-1',
        })
      ).error,
    ).toBeNull();

    const settings = await authFetch('/settings');
    expect(await settings.json()).toMatchObject({
      external: { email: true },
      disable_signup: false,
      mailer_autoconfirm: false,
    });
  });

  it('issues tokens that PostgREST and the auth.*() helpers read as Supabase does', async () => {
    await sql(`create function public.test_whoami() returns json language sql stable
               as $$ select json_build_object('uid', auth.uid(), 'role', auth.role(), 'email', auth.email(),
                                              'aud', auth.jwt() ->> 'aud') $$`);
    const user = await createUser({ email: 'whoami@example.ch', password: 'wer-bin-ich-1' });
    const client = await signedInClient(user.email, user.password);
    expect((await client.rpc('test_whoami')).data).toEqual({
      uid: user.id,
      role: 'authenticated',
      email: 'whoami@example.ch',
      aud: 'authenticated',
    });
    expect((await anonClient().rpc('test_whoami')).data).toEqual({
      uid: null,
      role: 'anon',
      email: null,
      aud: null,
    });
  });

  it('lets the local admin sign in with the default password', async () => {
    const { error, data } = await anonClient().auth.signInWithPassword({
      email: 'admin@example.ch',
      password: 'admin-local-123',
    });
    expect(error).toBeNull();
    expect(data.user?.email_confirmed_at).toBeTruthy();
  });
});

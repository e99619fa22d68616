import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@supabase/supabase-js';
import {
  ADMIN_FLAG_KEY,
  ADMIN_STATUS_TTL_MS,
  checkAdminStatus,
  clearAdminStatus,
} from '@/lib/auth/admin-status';
import { supabase } from '@/lib/supabase';
import { renderRoute, signedOut } from '../../support/render';
import { fakeAccount } from './auth-session';
import { findToast } from './find-toast';
import { installFakeBackend, json, postgrestError, type FakeBackend } from '../../support/fake-backend';
import { adminAuth } from './fixtures';

// First render of a lazy admin route compiles its chunk; the CPU is shared.
const LAZY = { timeout: 15_000 };
vi.setConfig({ testTimeout: 30_000 });

let api: FakeBackend;

beforeEach(() => {
  api = installFakeBackend();
  clearAdminStatus();
  window.sessionStorage.clear();
});

afterEach(async () => {
  api.on('POST /auth/v1/logout', () => new Response(null, { status: 204 }));
  await supabase.auth.signOut();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function fakeDashboard() {
  api.on('POST /rest/v1/rpc/admin_dashboard_stats', () =>
    json({
      total_events: 4,
      upcoming_events: 2,
      unique_participants: 7,
      revenue: 1250.5,
      occupancy_percent: 41.6,
    }),
  );
  api.on('GET /rest/v1/events', () => json([]));
  api.on('GET /rest/v1/participants', () => json([]));
}

describe('admin guard', () => {
  it('shows the loading notice while the auth state is checked', async () => {
    renderRoute('/admin/dashboard', { auth: { isLoading: true } });
    expect(await screen.findByText('Dashboard wird geladen…', {}, LAZY)).toBeInTheDocument();
  });

  it('sends a visitor once to /admin/login, carrying the requested page', async () => {
    const { router } = renderRoute('/admin/events?status=draft', { auth: signedOut });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'), LAZY);
    expect(router.state.location.state).toEqual({ from: '/admin/events?status=draft' });
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeInTheDocument();
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('refuses a signed-in non-admin with the access-denied notice', async () => {
    const member = { user: { id: 'u1', email: 'member@example.ch' } as User, isAdmin: false };
    const { router } = renderRoute('/admin/participants', { auth: member });
    const notice = await findToast('Zugriff verweigert');
    expect(within(notice).getByText('Sie haben keine Admin-Berechtigungen')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
  });

  it('shows an admin the shell: version, e-mail, navigation and sign-out', async () => {
    fakeDashboard();
    renderRoute('/admin/dashboard', { auth: adminAuth });
    expect(await screen.findByRole('heading', { name: 'Dashboard' }, LAZY)).toBeInTheDocument();
    expect(screen.getByText('v1.0.0')).toBeInTheDocument();
    expect(screen.getByText('admin@example.ch')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Dashboard',
      'Events',
      'Teilnehmer',
      'Fonduehüsli',
      'Zahlungen',
      'Finanzen',
      'Rabattcodes',
      'Gutscheine',
      'Posteingang',
      'Benutzer',
      'Datenschutz',
      'Einstellungen',
    ]);
    expect(screen.getByRole('button', { name: 'Abmelden' })).toBeInTheDocument();
  });
});

describe('login', () => {
  async function submit(email: string, password: string) {
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('E-Mail', {}, LAZY), email);
    await user.type(screen.getByLabelText('Passwort'), password);
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
  }

  it('signs an admin in and returns to the page asked for', async () => {
    fakeAccount(api, { id: 'a1', email: 'admin@example.ch', isAdmin: true });
    fakeDashboard();
    const { router } = renderRoute('/admin/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'), LAZY);
    await submit('admin@example.ch', 'admin-local-123');
    expect(await screen.findByText('Willkommen im Admin-Dashboard')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'), LAZY);
    expect(await screen.findByRole('heading', { name: 'Dashboard' }, LAZY)).toBeInTheDocument();
    expect(window.localStorage.getItem(ADMIN_FLAG_KEY)).toBe('true');
  });

  it('refuses a non-admin account and signs it out again', async () => {
    fakeAccount(api, { id: 'm1', email: 'member@example.ch', isAdmin: false });
    const { router } = renderRoute('/admin/login');
    await submit('member@example.ch', 'member-123');
    const toast = await findToast('Zugriff verweigert');
    expect(within(toast).getByText('Ihr Konto hat keine Admin-Berechtigungen')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Sie haben keine Admin-Berechtigungen');
    await waitFor(async () => expect((await supabase.auth.getSession()).data.session).toBeNull());
    expect(router.state.location.pathname).toBe('/admin/login');
  });

  it('shows the auth error for wrong credentials in German', async () => {
    api.on('POST /auth/v1/token', () =>
      json({ code: 'invalid_credentials', message: 'Invalid login credentials' }, 400),
    );
    renderRoute('/admin/login');
    await submit('admin@example.ch', 'falsch');
    const toast = await findToast('Authentifizierungsfehler');
    expect(within(toast).getByText('E-Mail oder Passwort ist falsch.')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('E-Mail oder Passwort ist falsch.');
    expect(document.body).not.toHaveTextContent('Invalid login credentials');
  });

  it('explains an expired confirmation link in German and drops the English fragment', async () => {
    const { router } = renderRoute(
      '/admin/login#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
    );
    expect(await screen.findByRole('alert', {}, LAZY)).toHaveTextContent(
      'Der Bestätigungslink ist abgelaufen oder wurde bereits verwendet.',
    );
    expect(document.body).not.toHaveTextContent(/Email link|invalid|expired/);
    await waitFor(() => expect(router.state.location.hash).toBe(''));
    expect(router.state.location.pathname).toBe('/admin/login');
  });

  it('requires e-mail and password before calling the server', async () => {
    renderRoute('/admin/login');
    await userEvent.click(await screen.findByRole('button', { name: 'Anmelden' }, LAZY));
    expect(await screen.findByText('E-Mail ist erforderlich')).toBeInTheDocument();
    expect(screen.getByText('Passwort ist erforderlich')).toBeInTheDocument();
    expect(api.calls('POST /auth/v1/token')).toHaveLength(0);
  });
});

describe('sign-up', () => {
  async function fill(password: string, confirm: string) {
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('E-Mail', {}, LAZY), 'neu@example.ch');
    await user.type(screen.getByLabelText('Passwort'), password);
    await user.type(screen.getByLabelText('Passwort bestätigen'), confirm);
    await user.click(screen.getByRole('button', { name: 'Konto erstellen' }));
  }

  it('rejects passwords that do not match', async () => {
    renderRoute('/admin/signup');
    await fill('geheim-123', 'geheim-124');
    const toast = await findToast('Die Passwörter stimmen nicht überein');
    expect(within(toast).getByText('Bitte geben Sie zweimal dasselbe Passwort ein.')).toBeInTheDocument();
    expect(api.calls('POST /auth/v1/signup')).toHaveLength(0);
  });

  it('needs at least 6 characters', async () => {
    renderRoute('/admin/signup');
    await fill('kurz', 'kurz');
    expect(await screen.findByText('Das Passwort muss mindestens 6 Zeichen lang sein')).toBeInTheDocument();
    expect(api.calls('POST /auth/v1/signup')).toHaveLength(0);
  });

  it('shows the auth error in German when the server refuses the sign-up', async () => {
    api.on('POST /auth/v1/signup', () =>
      json({ code: 'weak_password', message: 'Password should be at least 6 characters.' }, 422),
    );
    renderRoute('/admin/signup');
    await fill('geheim-123', 'geheim-123');
    expect(await findToast('Authentifizierungsfehler')).toHaveTextContent(
      'Das Passwort ist zu kurz. Bitte wählen Sie mindestens 6 Zeichen.',
    );
  });

  it('creates the account without signing in and asks to confirm the e-mail', async () => {
    api.on('POST /auth/v1/signup', () =>
      json({
        id: 'n1',
        aud: 'authenticated',
        role: 'authenticated',
        email: 'neu@example.ch',
        confirmation_sent_at: '2026-11-22T10:00:00Z',
        app_metadata: {},
        user_metadata: {},
        identities: [],
        created_at: '2026-11-22T10:00:00Z',
      }),
    );
    const { router } = renderRoute('/admin/signup');
    await fill('geheim-123', 'geheim-123');
    const toast = await findToast('Konto erstellt');
    expect(
      within(toast).getByText('Bitte überprüfen Sie Ihre E-Mail, um Ihr Konto zu bestätigen'),
    ).toBeInTheDocument();
    expect(api.calls('POST /auth/v1/signup')[0]?.body).toMatchObject({
      email: 'neu@example.ch',
      password: 'geheim-123',
    });
    expect((await supabase.auth.getSession()).data.session).toBeNull();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/login'));
  });
});

describe('admin status cache', () => {
  it('asks the database once per user within 30 minutes', async () => {
    api.on('GET /rest/v1/profiles', () => json([{ is_admin: true }]));
    const now = vi.spyOn(Date, 'now').mockReturnValue(1_000_000);
    expect(await checkAdminStatus('u1')).toBe(true);
    expect(await checkAdminStatus('u1')).toBe(true);
    expect(api.calls('GET /rest/v1/profiles')).toHaveLength(1);

    now.mockReturnValue(1_000_000 + ADMIN_STATUS_TTL_MS);
    expect(await checkAdminStatus('u1')).toBe(true);
    expect(api.calls('GET /rest/v1/profiles')).toHaveLength(2);
  });

  it('treats a failed check as not admin and does not remember it', async () => {
    api.on('GET /rest/v1/profiles', () => postgrestError('permission denied', 403, '42501'));
    expect(await checkAdminStatus('u2')).toBe(false);
    api.on('GET /rest/v1/profiles', () => json([{ is_admin: true }]));
    expect(await checkAdminStatus('u2')).toBe(true);
  });
});

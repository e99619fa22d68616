import { screen, waitFor, within } from '@testing-library/react';
import type { User } from '@supabase/supabase-js';
import { site } from '@/lib/site';
import { renderRoute } from '../support/render';

// Every route of spec §2 answers at its path. Assertions stay generic (a level-1 heading, the
// title prefix, the canonical URL) so filling in the pages does not break them.

// The first render of a lazy route compiles its chunk; two shared CPU cores make that slow.
const LAZY_PAGE_TIMEOUT = { timeout: 15_000 };
vi.setConfig({ testTimeout: 30_000 });

const staticPublicRoutes = [
  '/',
  '/events',
  '/stories',
  '/ueber-uns',
  '/workshops',
  '/stammtisch',
  '/essen',
  '/atmen',
  '/transformation',
  '/kids',
  '/experience',
  '/fonduehusli',
  '/fonduehusli/confirmation',
  '/gutscheine',
  '/contact',
  '/datenschutz',
  '/impressum',
];

const dynamicPublicRoutes = ['/events/breathwork-brunch-15-03-2027', '/stories/ein-abend-am-feuer'];

const redirects: Array<[string, string]> = [
  ['/blog', '/stories'],
  ['/about-us', '/ueber-uns'],
  ['/kitchen', '/essen'],
  ['/sense-of-breath', '/atmen'],
  ['/spielen', '/kids'],
  ['/kontakt', '/contact'],
  ['/erleben', '/experience'],
];

const visitor = {};
const admin = {
  user: { id: '00000000-0000-4000-8000-000000000001', email: 'admin@example.ch' } as User,
  isAdmin: true,
};

// A title left over from the previous test must not count.
beforeEach(() => {
  document.title = '';
});

async function expectTitlePrefix() {
  await waitFor(() => expect(document.title.startsWith(`${site.name} – `)).toBe(true), LAZY_PAGE_TIMEOUT);
  expect(document.title.length).toBeGreaterThan(`${site.name} – `.length);
}

function canonicalHref(): string | null {
  return document.head.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null;
}

describe('public routes', () => {
  it.each(staticPublicRoutes)('%s renders its heading, prefixed title and canonical URL', async (path) => {
    renderRoute(path, { auth: visitor });
    expect(await screen.findByRole('heading', { level: 1 }, LAZY_PAGE_TIMEOUT)).toBeInTheDocument();
    await expectTitlePrefix();
    await waitFor(() => expect(canonicalHref()).toBe(`${site.url}${path}`));
    expect(document.head.querySelector('meta[property="og:locale"]')).toHaveAttribute('content', 'de_CH');
  });

  // Their content (and title) depends on the backend, which unit tests do not start.
  it.each(dynamicPublicRoutes)('%s renders a heading', async (path) => {
    renderRoute(path, { auth: visitor });
    expect(await screen.findByRole('heading', { level: 1 }, LAZY_PAGE_TIMEOUT)).toBeInTheDocument();
  });

  it('public pages sit inside the shared layout', async () => {
    renderRoute('/essen', { auth: visitor });
    await screen.findByRole('heading', { level: 1 }, LAZY_PAGE_TIMEOUT);
    expect(screen.getByRole('navigation', { name: 'Hauptnavigation' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /^Kontakt aufnehmen/ })).toBeInTheDocument();
  });
});

describe('redirects', () => {
  it.each(redirects)('%s lands on %s', async (from, to) => {
    const { router } = renderRoute(from, { auth: visitor });
    await waitFor(() => expect(router.state.location.pathname).toBe(to), LAZY_PAGE_TIMEOUT);
    expect(await screen.findByRole('heading', { level: 1 }, LAZY_PAGE_TIMEOUT)).toBeInTheDocument();
  });

  it('/admin lands on /admin/dashboard', async () => {
    const { router } = renderRoute('/admin', { auth: admin });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/dashboard'), LAZY_PAGE_TIMEOUT);
  });
});

describe('not found', () => {
  it.each(['/gibt-es-nicht', '/events-alt/x/y'])(
    '%s shows the not-found page with links home and to /experience',
    async (path) => {
      const { router } = renderRoute(path, { auth: visitor });
      const main = await waitFor(() => {
        const element = screen.getByRole('main');
        expect(within(element).getByRole('heading', { level: 1 })).toBeInTheDocument();
        return element;
      }, LAZY_PAGE_TIMEOUT);
      const hrefs = within(main)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href'));
      expect(hrefs).toContain('/');
      expect(hrefs).toContain('/experience');
      expect(router.state.location.pathname).toBe(path);
      await expectTitlePrefix();
      expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute(
        'content',
        expect.stringContaining('noindex'),
      );
    },
  );
});

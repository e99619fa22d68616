import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router-dom';
import { routes } from '@/app/router';
import { Toaster } from '@/components/ui/toaster';
import { resetToasts } from '@/components/ui/use-toast';
import { AuthContext, AuthProvider, type AuthState } from '@/lib/auth/auth-context';

// Test harness shared by every engineer: the app's providers around a component or a real route.

/**
 * jsdom lacks a few browser APIs that pages use (carousels, lazy images, media queries).
 * Inert stand-ins let whole routes render; a test that needs behaviour installs its own mock.
 */
function installMissingBrowserApis() {
  if (typeof window.matchMedia !== 'function') {
    window.matchMedia = ((query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    })) as typeof window.matchMedia;
  }
  class InertResizeObserver implements ResizeObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  class InertIntersectionObserver implements IntersectionObserver {
    readonly root = null;
    readonly rootMargin = '0px';
    readonly thresholds = [0];
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords(): IntersectionObserverEntry[] {
      return [];
    }
  }
  window.ResizeObserver ??= InertResizeObserver;
  window.IntersectionObserver ??= InertIntersectionObserver;
  window.scrollTo = (() => {}) as typeof window.scrollTo;
  Element.prototype.scrollIntoView ??= () => {};
}

installMissingBrowserApis();

export interface ProviderOptions {
  /** A fixed auth state (e.g. `{ isAdmin: true }`); without it the app's real AuthProvider runs. */
  auth?: Partial<AuthState>;
  queryClient?: QueryClient;
}

export const signedOut: AuthState = { user: null, session: null, isAdmin: false, isLoading: false };

/** Queries never retry in tests, so an error state shows at once. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, gcTime: Infinity, staleTime: Infinity },
      mutations: { retry: false },
    },
  });
}

function TestProviders({
  children,
  auth,
  queryClient,
}: ProviderOptions & { children: ReactNode; queryClient: QueryClient }) {
  const authTree = auth ? (
    <AuthContext.Provider value={{ ...signedOut, ...auth }}>{children}</AuthContext.Provider>
  ) : (
    <AuthProvider>{children}</AuthProvider>
  );
  return (
    <QueryClientProvider client={queryClient}>
      {authTree}
      <Toaster />
    </QueryClientProvider>
  );
}

export interface RenderWithProvidersOptions
  extends ProviderOptions, Omit<RenderOptions, 'wrapper' | 'queries'> {
  /** Initial URL of the MemoryRouter around `ui`. */
  route?: string;
}

/** Renders `ui` inside the app providers and a MemoryRouter (for components using links/hooks). */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', auth, queryClient = createTestQueryClient(), ...options }: RenderWithProvidersOptions = {},
): RenderResult & { queryClient: QueryClient } {
  // The toast store is module state; start every render without a leftover toast.
  resetToasts();
  const result = render(
    <TestProviders auth={auth} queryClient={queryClient}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </TestProviders>,
    options,
  );
  return { ...result, queryClient };
}

/** Renders the real route table at `path`; `router.state.location` tells where redirects landed. */
export function renderRoute(
  path: string,
  { auth, queryClient = createTestQueryClient() }: ProviderOptions = {},
) {
  resetToasts();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <TestProviders auth={auth} queryClient={queryClient}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { ...result, router, queryClient };
}

/**
 * `ui` as the build-time prerender writes it (hooks see the server snapshot, e.g. useHydrated()
 * is false): put it into a container and pass `{ container, hydrate: true }` to
 * renderWithProviders with the same query client to hydrate it as the browser does.
 */
export function prerenderedHtml(
  ui: ReactElement,
  { route = '/', auth, queryClient }: ProviderOptions & { route?: string; queryClient: QueryClient },
): string {
  return renderToString(
    <TestProviders auth={auth} queryClient={queryClient}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
    </TestProviders>,
  );
}

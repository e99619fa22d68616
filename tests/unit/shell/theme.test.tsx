import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ThemeToggle } from '@/components/layout/theme-toggle';
import { resetThemeStore, resolveTheme, THEME_STORAGE_KEY } from '@/lib/theme';
import { renderWithProviders } from '../../support/render';

type Listener = (event: { matches: boolean }) => void;

/** A controllable `prefers-color-scheme: dark` media query (jsdom has no matchMedia). */
function mockSystemTheme(initiallyDark: boolean) {
  let dark = initiallyDark;
  const listeners = new Set<Listener>();
  window.matchMedia = ((query: string) => ({
    get matches() {
      return query.includes('dark') ? dark : !dark;
    },
    media: query,
    addEventListener: (_type: string, listener: Listener) => listeners.add(listener),
    removeEventListener: (_type: string, listener: Listener) => listeners.delete(listener),
  })) as unknown as typeof window.matchMedia;
  return {
    set(nextDark: boolean) {
      dark = nextDark;
      listeners.forEach((listener) => listener({ matches: nextDark }));
    },
  };
}

const isDarkClass = () => document.documentElement.classList.contains('dark');

beforeEach(() => {
  resetThemeStore();
  document.documentElement.classList.remove('dark');
});

describe('theme', () => {
  it('follows the system setting when nothing is stored', () => {
    mockSystemTheme(true);
    renderWithProviders(<ThemeToggle />);
    expect(isDarkClass()).toBe(true);
    expect(screen.getByRole('button', { name: 'Helles Farbschema verwenden' })).toBeInTheDocument();
  });

  it('prefers the stored choice over the system setting', () => {
    mockSystemTheme(true);
    window.localStorage.setItem(THEME_STORAGE_KEY, 'light');
    renderWithProviders(<ThemeToggle />);
    expect(isDarkClass()).toBe(false);
  });

  it("stores the user's toggle under 'theme' and applies it", async () => {
    mockSystemTheme(false);
    renderWithProviders(<ThemeToggle />);
    await userEvent.click(screen.getByRole('button', { name: 'Dunkles Farbschema verwenden' }));
    expect(window.localStorage.getItem('theme')).toBe('dark');
    expect(isDarkClass()).toBe(true);
    await userEvent.click(screen.getByRole('button', { name: 'Helles Farbschema verwenden' }));
    expect(window.localStorage.getItem('theme')).toBe('light');
    expect(isDarkClass()).toBe(false);
  });

  it('tracks system changes until the user chooses', async () => {
    const system = mockSystemTheme(false);
    renderWithProviders(<ThemeToggle />);
    act(() => system.set(true));
    expect(isDarkClass()).toBe(true);

    await userEvent.click(screen.getByRole('button', { name: 'Helles Farbschema verwenden' }));
    act(() => system.set(false));
    act(() => system.set(true));
    expect(isDarkClass()).toBe(false);
  });
});

describe('no-flash script in index.html', () => {
  const html = readFileSync(resolve(process.cwd(), 'index.html'), 'utf8');
  const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';

  it.each([
    ['dark', false],
    ['light', true],
    [null, true],
    [null, false],
  ] as const)('agrees with resolveTheme() for stored=%s, system dark=%s', (stored, systemDark) => {
    mockSystemTheme(systemDark);
    if (stored) window.localStorage.setItem(THEME_STORAGE_KEY, stored);
    expect(script).toContain("localStorage.getItem('theme')");
    new Function(script)();
    expect(isDarkClass()).toBe(resolveTheme() === 'dark');
    expect(document.documentElement.style.colorScheme).toBe(resolveTheme());
  });
});

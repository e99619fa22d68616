import { useCallback, useSyncExternalStore } from 'react';

// Light/dark theme. The inline script in index.html applies the same rule before first paint
// (no flash of the wrong theme); keep both in step: stored choice wins, else the system setting.
export type Theme = 'light' | 'dark';

export const THEME_STORAGE_KEY = 'theme';
const DARK_QUERY = '(prefers-color-scheme: dark)';

export function getStoredTheme(): Theme | null {
  try {
    const value = window.localStorage.getItem(THEME_STORAGE_KEY);
    return value === 'light' || value === 'dark' ? value : null;
  } catch {
    // Storage can be blocked (privacy mode); the system setting still applies.
    return null;
  }
}

export function getSystemTheme(): Theme {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light';
}

export function resolveTheme(): Theme {
  return getStoredTheme() ?? getSystemTheme();
}

export function applyTheme(theme: Theme): void {
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
}

const listeners = new Set<() => void>();
let current: Theme | null = null;

function publish(theme: Theme) {
  current = theme;
  applyTheme(theme);
  listeners.forEach((listener) => listener());
}

/** Stores the user's choice under localStorage `theme` and applies it. */
export function setTheme(theme: Theme): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Not persisted, but still applied for this visit.
  }
  publish(theme);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Subscriptions start in effects, so reading the DOM here never happens during render.
  if (current === null) publish(resolveTheme());
  const media = typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null;
  const followSystem = () => {
    if (getStoredTheme() === null) publish(getSystemTheme());
  };
  media?.addEventListener('change', followSystem);
  return () => {
    listeners.delete(listener);
    media?.removeEventListener('change', followSystem);
  };
}

/** Test hook: forget the resolved theme so the next subscriber reads storage and system again. */
export function resetThemeStore(): void {
  current = null;
}

/**
 * The current theme, or null before the first effect ran (render is kept free of window/document
 * so pages can be prerendered).
 */
export function useTheme() {
  const theme = useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
  const toggleTheme = useCallback(
    () => setTheme((current ?? resolveTheme()) === 'dark' ? 'light' : 'dark'),
    [],
  );
  return { theme, setTheme, toggleTheme };
}

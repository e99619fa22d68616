import { vi } from 'vitest';

/**
 * jsdom has no matchMedia, ResizeObserver or IntersectionObserver. This answers media queries
 * like a browser `width` pixels wide (min-width queries) with no motion preference, so the
 * carousel shows that layout; the observers are inert because jsdom does no layout anyway.
 */
export function stubDesktopBrowser(width = 1280) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const minWidth = /min-width:\s*(\d+)px/.exec(query);
    return {
      matches: minWidth ? width >= Number(minWidth[1]) : false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    };
  });
  class InertObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('ResizeObserver', InertObserver);
  vi.stubGlobal('IntersectionObserver', InertObserver);
}

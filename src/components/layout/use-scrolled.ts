import { useEffect, useState } from 'react';

/** Spec §9: the navigation bar turns opaque once the page is scrolled more than 20 px. */
export const NAV_SCROLL_THRESHOLD_PX = 20;

export function useScrolled(threshold = NAV_SCROLL_THRESHOLD_PX): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return scrolled;
}

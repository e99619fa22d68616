import { useEffect, type RefObject } from 'react';
import { intersects } from './floating-clearance';

/** Space left between the element in use and the overlay after scrolling it clear. */
const GAP_PX = 16;

/**
 * Scrolls the page so the element in use (the focused one) is not hidden behind `overlay`, a
 * fixed box at the bottom of the window (cookie notice, toasts): when the overlay appears or
 * changes (`deps`) and whenever focus moves.
 */
export function useKeepFocusClear(overlay: RefObject<HTMLElement | null>, deps: readonly unknown[] = []) {
  useEffect(() => {
    let frame = 0;
    const clear = () => {
      frame = 0;
      const box = overlay.current;
      const active = document.activeElement;
      if (!box || !(active instanceof HTMLElement) || active === document.body || box.contains(active))
        return;
      const covering = box.getBoundingClientRect();
      const used = active.getBoundingClientRect();
      if (covering.height === 0 || !intersects(covering, used)) return;
      window.scrollBy({ top: used.bottom - covering.top + GAP_PX, behavior: 'instant' });
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(clear);
    };
    schedule();
    document.addEventListener('focusin', schedule);
    // Toasts slide in: measure again once they have arrived.
    const box = overlay.current;
    box?.addEventListener('animationend', schedule);
    return () => {
      cancelAnimationFrame(frame);
      document.removeEventListener('focusin', schedule);
      box?.removeEventListener('animationend', schedule);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- deps say when the overlay changed
  }, deps);
}

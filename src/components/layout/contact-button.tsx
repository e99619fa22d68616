import { MessageCircle } from 'lucide-react';
import { useLayoutEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { messagingChatUrl } from '@/lib/site';
import { cn } from '@/lib/utils';
import { chooseFloatingMode, obstacleBoxesNear, type FloatingMode } from './floating-clearance';

/** The contact page has its own form and addresses; a second way to get in touch only distracts. */
const HIDDEN_ON = ['/contact'];

/**
 * Watches scrolling, resizing and page changes and picks the button's form so it never covers a
 * control and never hides under the cookie notice or a toast: the pill, a round icon when the pill
 * would overlap one, or nothing when even the icon would.
 */
function useFloatingMode() {
  const ref = useRef<HTMLAnchorElement>(null);
  const fullWidth = useRef(0);
  const [mode, setMode] = useState<FloatingMode>('full');

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      const anchor = element.getBoundingClientRect();
      if (element.dataset.mode === 'full') fullWidth.current = anchor.width;
      const width = Math.max(fullWidth.current, anchor.width);
      // Only controls and overlays at the button's height matter; margin for the focus ring.
      const around = {
        left: anchor.right - width - 8,
        right: anchor.right + 8,
        top: anchor.top - 8,
        bottom: anchor.bottom + 8,
      };
      setMode(chooseFloatingMode(around, width + 16, obstacleBoxesNear(around, element)));
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(update);
    };
    // The first measurement waits for the next frame: measuring inside the layout effect forced a
    // layout during hydration and its update re-rendered the page in one blocking task.
    schedule();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    // Toasts slide in: measure again where they come to rest.
    document.addEventListener('animationend', schedule);
    // A later section is laid out only as it nears the screen (content-visibility: auto); until
    // then its controls are not measured, so measure again when one starts to be drawn.
    document.addEventListener('contentvisibilityautostatechange', schedule, true);
    const mutations = new MutationObserver(schedule);
    mutations.observe(document.body, { childList: true, subtree: true });
    // Images and late content change the layout without a mutation.
    const sizes = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(schedule);
    sizes?.observe(document.body);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      document.removeEventListener('animationend', schedule);
      document.removeEventListener('contentvisibilityautostatechange', schedule, true);
      mutations.disconnect();
      sizes?.disconnect();
    };
  }, []);

  return { ref, mode };
}

/** Floating chat button: opens the messaging app with the provider's number in a new tab. */
export function ContactButton() {
  const { pathname } = useLocation();
  if (HIDDEN_ON.includes(pathname)) return null;
  return <FloatingContactButton />;
}

function FloatingContactButton() {
  const { ref, mode } = useFloatingMode();
  return <ContactButtonLink ref={ref} mode={mode} />;
}

/** The button in one of its forms; also rendered at build time for its critical CSS (load-time-states). */
export function ContactButtonLink({ ref, mode }: { ref?: React.Ref<HTMLAnchorElement>; mode: FloatingMode }) {
  return (
    <a
      ref={ref}
      href={messagingChatUrl()}
      target="_blank"
      rel="noopener noreferrer"
      aria-label="Kontakt aufnehmen: öffnet einen WhatsApp-Chat in einem neuen Tab"
      data-mode={mode}
      className={cn(
        'fixed bottom-4 right-4 z-40 inline-flex h-12 items-center justify-center gap-2 rounded-full bg-accent text-sm font-semibold text-accent-foreground shadow-lg shadow-black/20 transition-transform hover:-translate-y-0.5 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background sm:bottom-6 sm:right-6',
        mode === 'full' ? 'px-4' : 'w-12',
        mode === 'hidden' && 'invisible',
      )}
    >
      <MessageCircle className="h-5 w-5 shrink-0" aria-hidden="true" />
      <span className={mode === 'full' ? undefined : 'sr-only'}>Kontakt aufnehmen</span>
    </a>
  );
}

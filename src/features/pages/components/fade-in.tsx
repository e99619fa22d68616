import { useEffect, useRef, useState, type ReactNode } from 'react';
import { usePrefersReducedMotion } from '@/components/media/use-media-query';
import { cn } from '@/lib/utils';

/**
 * Fades its content in once it scrolls into view. Without IntersectionObserver, or when the
 * visitor prefers reduced motion, the content is simply shown.
 */
export function FadeIn({
  children,
  className,
  delayMs = 0,
}: {
  children: ReactNode;
  className?: string;
  delayMs?: number;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const reducedMotion = usePrefersReducedMotion();
  const [seen, setSeen] = useState(false);
  const animate = !reducedMotion && typeof IntersectionObserver !== 'undefined';

  useEffect(() => {
    const node = ref.current;
    if (!animate || !node) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setSeen(true);
          observer.disconnect();
        }
      },
      { threshold: 0.15 },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [animate]);

  const visible = !animate || seen;
  return (
    <div
      ref={ref}
      data-visible={visible}
      style={animate ? { transitionDelay: `${delayMs}ms` } : undefined}
      className={cn(
        animate && 'transition-all duration-700 ease-out',
        visible ? 'translate-y-0 opacity-100' : 'translate-y-6 opacity-0',
        className,
      )}
    >
      {children}
    </div>
  );
}

import { ArrowDown } from 'lucide-react';
import type { MouseEvent } from 'react';
import { buttonVariants } from '@/components/ui/button';
import { usePrefersReducedMotion } from '@/components/media/use-media-query';
import { cn } from '@/lib/utils';

/** Scrolls smoothly to the element with `targetId`; does nothing when it is not on the page. */
export function ScrollToAnchorButton({
  targetId,
  label,
  className,
}: {
  targetId: string;
  label: string;
  className?: string;
}) {
  const reducedMotion = usePrefersReducedMotion();
  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    const target = document.getElementById(targetId);
    target?.scrollIntoView({ behavior: reducedMotion ? 'auto' : 'smooth', block: 'start' });
  }
  return (
    <a href={`#${targetId}`} onClick={onClick} className={cn(buttonVariants({ size: 'lg' }), className)}>
      {label}
      <ArrowDown aria-hidden="true" />
    </a>
  );
}

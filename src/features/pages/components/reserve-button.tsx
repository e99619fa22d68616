import { ExternalLink } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button';
import { site } from '@/lib/site';
import { cn } from '@/lib/utils';

/** Opens the external scheduling page for the Fonduehüsli in a new tab. */
export function ReserveButton({ label, className }: { label: string; className?: string }) {
  return (
    <a
      href={site.fondueSchedulingUrl}
      target="_blank"
      rel="noopener noreferrer"
      className={cn(buttonVariants({ size: 'lg' }), className)}
    >
      {label}
      <ExternalLink aria-hidden="true" />
      <span className="sr-only">(öffnet in einem neuen Tab)</span>
    </a>
  );
}

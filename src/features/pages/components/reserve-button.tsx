import { ExternalLink } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonVariants } from '@/components/ui/button';
import { HUT_RESERVATION_PATH } from '@/lib/fondue-settings';
import { cn } from '@/lib/utils';

/**
 * 'Jetzt reservieren': the hut's own calendar (issue 27), or - when the provider switched back to
 * an external scheduling service in 'Einstellungen' (fondue_hut.external_url) - that page in a
 * new tab.
 */
export function ReserveButton({
  label,
  className,
  externalUrl = null,
}: {
  label: string;
  className?: string;
  externalUrl?: string | null;
}) {
  const classes = cn(buttonVariants({ size: 'lg' }), className);
  if (!externalUrl) {
    return (
      <Link to={HUT_RESERVATION_PATH} className={classes}>
        {label}
      </Link>
    );
  }
  return (
    <a href={externalUrl} target="_blank" rel="noopener noreferrer" className={classes}>
      {label}
      <ExternalLink aria-hidden="true" />
      <span className="sr-only">(öffnet in einem neuen Tab)</span>
    </a>
  );
}

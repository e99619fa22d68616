import type { VariantProps } from 'class-variance-authority';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buttonVariants } from '@/components/ui/button';
import type { LinkAction } from '@/content/types';
import { cn } from '@/lib/utils';

interface LinkActionButtonProps extends VariantProps<typeof buttonVariants> {
  action: LinkAction;
  className?: string;
  children?: ReactNode;
}

/** A link styled as a button: router links for app paths, plain anchors for mailto:, tel: and #. */
export function LinkActionButton({
  action,
  variant,
  size = 'lg',
  className,
  children,
}: LinkActionButtonProps) {
  const classes = cn(buttonVariants({ variant, size }), className);
  const content = children ?? action.label;
  if (action.href.startsWith('/')) {
    return (
      <Link to={action.href} className={classes}>
        {content}
      </Link>
    );
  }
  return (
    <a href={action.href} className={classes}>
      {content}
    </a>
  );
}

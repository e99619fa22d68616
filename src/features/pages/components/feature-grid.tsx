import type { Feature } from '@/content/types';
import { cn } from '@/lib/utils';

export function FeatureGrid({ items, className }: { items: readonly Feature[]; className?: string }) {
  return (
    <ul className={cn('grid gap-6 sm:grid-cols-2 lg:grid-cols-4', className)}>
      {items.map(({ icon: Icon, title, text }) => (
        <li key={title} className="rounded-lg border bg-card p-6 shadow-sm">
          <span className="inline-flex h-11 w-11 items-center justify-center rounded-full bg-primary/10 text-primary">
            <Icon className="h-5 w-5" aria-hidden="true" />
          </span>
          <h3 className="mt-4 text-xl font-semibold">{title}</h3>
          <p className="mt-2 text-muted-foreground">{text}</p>
        </li>
      ))}
    </ul>
  );
}

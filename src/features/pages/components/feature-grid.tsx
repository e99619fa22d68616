import type { Feature } from '@/content/types';
import { cn } from '@/lib/utils';

export function FeatureGrid({ items, className }: { items: readonly Feature[]; className?: string }) {
  return (
    <ul className={cn('grid gap-6 sm:grid-cols-2 lg:grid-cols-4', className)}>
      {items.map(({ icon: Icon, title, text }) => (
        <li key={title} className="flex gap-4 rounded-lg border bg-card p-5 shadow-sm sm:block sm:p-6">
          <span className="inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
            <Icon className="h-5 w-5" aria-hidden="true" />
          </span>
          <div>
            <h3 className="text-xl font-semibold sm:mt-4">{title}</h3>
            <p className="mt-2 text-muted-foreground">{text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

export interface Fact {
  label: string;
  /** Text, or a placeholder of the same height while the value loads. */
  value: ReactNode;
  icon?: LucideIcon;
}

/** Label/value pairs as a definition list, used for "Auf einen Blick" style cards. */
export function FactList({ items }: { items: readonly Fact[] }) {
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      {items.map(({ label, value, icon: Icon }) => (
        // A <dl> group may only hold <dt>/<dd>, so the icon sits inside the <dt>, pinned into the padding.
        <div key={label} className={Icon ? 'relative pl-8' : undefined}>
          <dt className="text-sm font-medium uppercase tracking-wide text-muted-foreground">
            {Icon ? <Icon className="absolute left-0 top-1 h-5 w-5 text-accent" aria-hidden="true" /> : null}
            {label}
          </dt>
          <dd className="mt-1 text-lg">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

import type { LucideIcon } from 'lucide-react';

export interface Fact {
  label: string;
  value: string;
  icon?: LucideIcon;
}

/** Label/value pairs as a definition list, used for "Auf einen Blick" style cards. */
export function FactList({ items }: { items: readonly Fact[] }) {
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      {items.map(({ label, value, icon: Icon }) => (
        <div key={label} className="flex gap-3">
          {Icon ? <Icon className="mt-1 h-5 w-5 shrink-0 text-accent" aria-hidden="true" /> : null}
          <div>
            <dt className="text-sm font-medium uppercase tracking-wide text-muted-foreground">{label}</dt>
            <dd className="mt-1 text-lg">{value}</dd>
          </div>
        </div>
      ))}
    </dl>
  );
}

import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

export interface Fact {
  label: string;
  /** Text, or `LOADING_FACT_VALUE` while the value loads. */
  value: ReactNode;
  icon?: LucideIcon;
}

/** Stands in for a value that loads: one line of text high, so nothing moves when it arrives. */
export const LOADING_FACT_VALUE = (
  <>
    <span className="sr-only">wird geladen</span>
    <span className="block h-7 w-40 max-w-full animate-pulse rounded-md bg-muted" aria-hidden="true" />
  </>
);

/** One label/value pair of a `FactList`. */
export function FactItem({ label, value, icon: Icon }: Fact) {
  return (
    // A <dl> group may only hold <dt>/<dd>, so the icon sits inside the <dt>, pinned into the padding.
    <div className={Icon ? 'relative pl-8' : undefined}>
      <dt className="text-sm font-medium uppercase tracking-wide text-muted-foreground">
        {Icon ? <Icon className="absolute left-0 top-1 h-5 w-5 text-accent" aria-hidden="true" /> : null}
        {label}
      </dt>
      <dd className="mt-1 text-lg">{value}</dd>
    </div>
  );
}

/** The slots of facts that are still loading: their labels, each value one line high. */
export function LoadingFactItems({ items }: { items: readonly Omit<Fact, 'value'>[] }) {
  return items.map((item) => <FactItem key={item.label} {...item} value={LOADING_FACT_VALUE} />);
}

/**
 * Label/value pairs as a definition list, used for "Auf einen Blick" style cards; `children`
 * (more `FactItem`s, e.g. a lazy part with loaded values) follow the items.
 */
export function FactList({ items, children }: { items: readonly Fact[]; children?: ReactNode }) {
  return (
    <dl className="grid gap-4 sm:grid-cols-2">
      {items.map((item) => (
        <FactItem key={item.label} {...item} />
      ))}
      {children}
    </dl>
  );
}

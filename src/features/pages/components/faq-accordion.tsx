import { ChevronDown } from 'lucide-react';
import { useId, type SyntheticEvent } from 'react';

/**
 * One answer open at a time; the open one can be closed again (spec: single, collapsible).
 *
 * Native `<details>` sharing one `name`: the browser keeps one open, the prerendered page works
 * before (and without) its scripts, and hydration has nothing to measure (a script accordion
 * measured every answer in a layout effect, ~50 ms at 4x CPU on /fonduehusli). Browsers without
 * exclusive `<details name>` (Safari before 17.2) get it from `closeOthers` once hydrated.
 */
export function FaqAccordion({ items }: { items: readonly { question: string; answer: string }[] }) {
  const group = useId();
  return (
    <div className="rounded-lg border bg-card px-6">
      {items.map((item) => (
        <details
          key={item.question}
          name={group}
          onToggle={closeOthers}
          className="group border-b last:border-b-0"
        >
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-4 text-left text-base font-medium hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring [&::-webkit-details-marker]:hidden">
            {item.question}
            <ChevronDown
              className="h-4 w-4 shrink-0 text-muted-foreground transition-transform duration-200 group-open:rotate-180"
              aria-hidden="true"
            />
          </summary>
          <p className="pb-4 text-base text-muted-foreground">{item.answer}</p>
        </details>
      ))}
    </div>
  );
}

function closeOthers(event: SyntheticEvent<HTMLDetailsElement>) {
  const opened = event.currentTarget;
  if (!opened.open) return;
  for (const other of opened.parentElement?.children ?? []) {
    if (other !== opened && other instanceof HTMLDetailsElement) other.open = false;
  }
}

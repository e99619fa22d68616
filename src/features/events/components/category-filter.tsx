import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { CATEGORY_LABELS, EVENT_CATEGORIES, type EventCategory } from '@/lib/event-domain';
import { useStableOrder } from '../lib/stable-order';

interface CategoryFilterProps {
  /** Categories present among the loaded events; only these are offered. */
  available: ReadonlySet<EventCategory>;
  value: EventCategory | null;
  onChange: (category: EventCategory | null) => void;
}

/**
 * The 'Kategorien' filter on /events: 'Alle' plus each category that has events. One line that
 * scrolls sideways when it is too narrow, and a category that appears after the first render
 * (the prerendered list was older) gets its button after the shown ones: the buttons and the
 * cards below never move (layout shift).
 */
export function CategoryFilter({ available, value, onChange }: CategoryFilterProps) {
  const labelId = useId();
  const options = useStableOrder(
    EVENT_CATEGORIES.filter((category) => available.has(category)).map((id) => ({ id })),
  ).map((option) => option.id);
  return (
    <div className="flex items-center gap-2">
      <span id={labelId} className="mr-2 shrink-0 text-sm font-medium">
        Kategorien
      </span>
      {/* Padding inside the scroller, so focus rings are not cut off. */}
      <div
        role="group"
        aria-labelledby={labelId}
        className="-my-1 flex min-w-0 gap-2 overflow-x-auto px-1 py-1 [scrollbar-width:thin]"
      >
        <FilterButton label="Alle" pressed={value === null} onClick={() => onChange(null)} />
        {options.map((category) => (
          <FilterButton
            key={category}
            label={CATEGORY_LABELS[category]}
            pressed={value === category}
            onClick={() => onChange(category)}
          />
        ))}
      </div>
    </div>
  );
}

function FilterButton({ label, pressed, onClick }: { label: string; pressed: boolean; onClick: () => void }) {
  return (
    <Button
      type="button"
      size="sm"
      variant={pressed ? 'default' : 'outline'}
      aria-pressed={pressed}
      onClick={onClick}
    >
      {label}
    </Button>
  );
}

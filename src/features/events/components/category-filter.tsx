import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { CATEGORY_LABELS, EVENT_CATEGORIES, type EventCategory } from '@/lib/event-domain';

interface CategoryFilterProps {
  /** Categories present among the loaded events; only these are offered. */
  available: ReadonlySet<EventCategory>;
  value: EventCategory | null;
  onChange: (category: EventCategory | null) => void;
}

/** The 'Kategorien' filter on /events: 'Alle' plus each category that has events. */
export function CategoryFilter({ available, value, onChange }: CategoryFilterProps) {
  const labelId = useId();
  const options = EVENT_CATEGORIES.filter((category) => available.has(category));
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span id={labelId} className="mr-2 text-sm font-medium">
        Kategorien
      </span>
      <div role="group" aria-labelledby={labelId} className="flex flex-wrap gap-2">
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

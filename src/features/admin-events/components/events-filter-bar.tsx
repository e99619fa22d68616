import type { ReactNode } from 'react';
import { OptionSelect } from '@/components/ui/option-select';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { CATEGORY_LABELS, EVENT_CATEGORIES } from '@/lib/event-domain';
import type { CategoryFilter, EventFilters, StatusFilter, TimeFilter } from '../lib/event-filters';

const statusTabs: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'Alle' },
  { value: 'published', label: 'Veröffentlicht' },
  { value: 'draft', label: 'Entwürfe' },
  { value: 'archived', label: 'Archiviert' },
];

const timeOptions: { value: TimeFilter; label: string }[] = [
  { value: 'all', label: 'Alle Events' },
  { value: 'upcoming', label: 'Kommende Events' },
  { value: 'past', label: 'Vergangene Events' },
];

const categoryOptions: { value: CategoryFilter; label: string }[] = [
  { value: 'all', label: 'Alle Kategorien' },
  ...EVENT_CATEGORIES.map((category) => ({ value: category, label: CATEGORY_LABELS[category] })),
];

interface EventsFilterBarProps {
  filters: EventFilters;
  onChange: (next: EventFilters) => void;
  /** The filtered list: shown as the panel of the status tabs. */
  children: ReactNode;
}

export function EventsFilterBar({ filters, onChange, children }: EventsFilterBarProps) {
  return (
    <Tabs
      value={filters.status}
      onValueChange={(status) => onChange({ ...filters, status: status as StatusFilter })}
      className="space-y-6"
    >
      <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        <TabsList>
          {statusTabs.map((tab) => (
            <TabsTrigger key={tab.value} value={tab.value}>
              {tab.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <div className="flex flex-col gap-3 sm:flex-row">
          <OptionSelect
            aria-label="Zeitraum"
            className="sm:w-48"
            value={filters.time}
            onValueChange={(time) => onChange({ ...filters, time: time as TimeFilter })}
            options={timeOptions}
          />
          <OptionSelect
            aria-label="Kategorie"
            className="sm:w-52"
            value={filters.category}
            onValueChange={(category) => onChange({ ...filters, category: category as CategoryFilter })}
            options={categoryOptions}
          />
        </div>
      </div>
      {/* Each tab names its panel in aria-controls: without one that reference would dangle. */}
      <TabsContent value={filters.status} className="mt-0">
        {children}
      </TabsContent>
    </Tabs>
  );
}

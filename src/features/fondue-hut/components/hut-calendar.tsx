import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import type { HutMonth } from '../api/get-hut-month';
import { STATE_LABELS, addMonths, dayLabel, monthLabel, monthWeeks } from '@/lib/hut-calendar';
import { WEEKDAYS } from '@/lib/weekdays';

// The hut's month calendar (issue 27): a table with German day names, Monday first. Free evenings
// are buttons (Tab and the arrow keys move between them, Enter or Space chooses); every other day
// says in words what it is (never the reason of a block: "nicht verfügbar"), so colour is never
// the only sign. Works at 390 px: seven columns of at least 2.75 rem.

export interface HutCalendarProps {
  /** 'yyyy-MM' shown. */
  month: string;
  data: HutMonth | undefined;
  /** The first month one may go back to ('yyyy-MM'). */
  firstMonth: string;
  selected: string | null;
  onSelect: (day: string) => void;
  onMonthChange: (month: string) => void;
  loading: boolean;
}

/** Arrow keys: to the previous / next free evening in the calendar. */
function moveBetweenEvenings(event: React.KeyboardEvent<HTMLTableElement>) {
  const step = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 }[event.key];
  if (!step) return;
  const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button[data-day]')];
  const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
  if (index < 0) return;
  const next = buttons[index + step];
  if (!next) return;
  event.preventDefault();
  next.focus();
}

export function HutCalendar({
  month,
  data,
  firstMonth,
  selected,
  onSelect,
  onMonthChange,
  loading,
}: HutCalendarProps) {
  // While the next month loads, the previous one stays (placeholder data) under aria-busy.
  const weeks = monthWeeks(data?.evenings ?? []);
  const previous = addMonths(month, -1);
  const next = addMonths(month, 1);
  return (
    <div className="rounded-lg border bg-card p-3 shadow-sm sm:p-6" aria-busy={loading}>
      <div className="flex items-center justify-between gap-2">
        <Button
          type="button"
          variant="outline"
          size="icon"
          onClick={() => onMonthChange(previous)}
          disabled={month <= firstMonth}
          aria-label={`Vorheriger Monat (${monthLabel(previous)})`}
        >
          <ChevronLeft aria-hidden="true" />
        </Button>
        <h2 id="kalender-monat" className="text-xl font-semibold" aria-live="polite">
          {monthLabel(month)}
        </h2>
        <Button
          type="button"
          variant="outline"
          size="icon"
          onClick={() => onMonthChange(next)}
          aria-label={`Nächster Monat (${monthLabel(next)})`}
        >
          <ChevronRight aria-hidden="true" />
        </Button>
      </div>
      <table
        className="mt-4 w-full table-fixed border-separate border-spacing-1"
        aria-labelledby="kalender-monat"
        onKeyDown={moveBetweenEvenings}
      >
        <thead>
          <tr>
            {WEEKDAYS.map((weekday) => (
              <th key={weekday.short} scope="col" className="pb-1 text-sm font-medium text-muted-foreground">
                <abbr title={weekday.long} className="no-underline">
                  {weekday.short}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.find((cell) => cell)?.day}>
              {week.map((cell, index) => {
                if (!cell) return <td key={`leer-${index}`} />;
                const date = Number(cell.day.slice(8));
                const label = `${dayLabel(cell.day)}: ${STATE_LABELS[cell.state]}`;
                if (cell.state === 'bookable') {
                  const chosen = cell.day === selected;
                  return (
                    <td key={cell.day} className="p-0">
                      <button
                        type="button"
                        data-day={cell.day}
                        aria-pressed={chosen}
                        aria-label={label}
                        onClick={() => onSelect(cell.day)}
                        className={cn(
                          'flex h-14 w-full flex-col items-center justify-center rounded-md border-2 text-base font-semibold transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background',
                          chosen
                            ? 'border-primary bg-primary text-primary-foreground'
                            : 'border-primary/60 bg-background hover:bg-accent/10',
                        )}
                      >
                        {/* The visible number is part of the name (label-content-name-mismatch). */}
                        <span>{date}</span>
                        <span
                          aria-hidden="true"
                          className={cn(
                            'mt-1 h-1.5 w-1.5 rounded-full',
                            chosen ? 'bg-primary-foreground' : 'bg-primary',
                          )}
                        />
                      </button>
                    </td>
                  );
                }
                const taken = cell.state === 'booked' || cell.state === 'blocked';
                return (
                  <td
                    key={cell.day}
                    className={cn(
                      'h-14 rounded-md text-center align-middle text-base text-muted-foreground',
                      taken && 'bg-muted',
                    )}
                  >
                    <span className="sr-only">{label}</span>
                    <span aria-hidden="true" className={cn('block', taken && 'line-through')}>
                      {date}
                    </span>
                    {taken ? (
                      <span aria-hidden="true" className="block text-[0.7rem] leading-none">
                        {cell.state === 'booked' ? 'vergeben' : 'n. v.'}
                      </span>
                    ) : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="mt-4 flex flex-wrap gap-x-5 gap-y-1 text-sm text-muted-foreground">
        <li className="flex items-center gap-1.5">
          <span aria-hidden="true" className="h-1.5 w-1.5 rounded-full bg-primary" />
          umrandet: frei
        </li>
        <li>vergeben: bereits reserviert</li>
        <li>n. v.: nicht verfügbar</li>
        {data ? (
          <li>
            Offen {data.weekdays.map((day) => WEEKDAYS[day - 1]!.short).join(', ')}, ab {data.start_time} Uhr
          </li>
        ) : null}
      </ul>
    </div>
  );
}

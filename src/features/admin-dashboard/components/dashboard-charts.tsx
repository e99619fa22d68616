import { Link } from 'react-router-dom';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateShort } from '@/lib/dates';
import { formatChf, formatWholeNumber } from '@common/format.ts';
import { CHART_WEEKS, useEventOccupancy, useWeeklyBookings } from '../api/get-chart-data';
import { WeekBars } from './week-bars';

function Failure({ text }: { text: string }) {
  return (
    <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-4 text-sm">
      {text}
    </p>
  );
}

/** Persons booked and revenue per week, the last twelve weeks (the current one last). */
export function WeeklyChartsCard() {
  const weeks = useWeeklyBookings();
  return (
    <Card role="region" aria-label={`Buchungen der letzten ${CHART_WEEKS} Wochen`}>
      <CardHeader>
        <CardTitle>Buchungen der letzten {CHART_WEEKS} Wochen</CardTitle>
      </CardHeader>
      <CardContent>
        {weeks.isPending ? (
          <Skeleton className="h-40 w-full" />
        ) : weeks.isError ? (
          <Failure text="Die Wochenzahlen konnten nicht geladen werden." />
        ) : (
          <div className="grid gap-6 md:grid-cols-2">
            <WeekBars
              title="Gebuchte Personen pro Woche"
              weeks={weeks.data}
              value={(week) => week.persons}
              format={formatWholeNumber}
              label={formatWholeNumber}
            />
            <WeekBars
              title="Umsatz pro Woche (CHF)"
              weeks={weeks.data}
              value={(week) => week.revenue}
              format={formatChf}
              label={formatWholeNumber}
            />
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** Each upcoming event's persons booked against its capacity, as a bar with the numbers in words. */
export function OccupancyCard() {
  const events = useEventOccupancy();
  return (
    <Card role="region" aria-label="Auslastung der kommenden Events">
      <CardHeader>
        <CardTitle>Auslastung der kommenden Events</CardTitle>
      </CardHeader>
      <CardContent>
        {events.isPending ? (
          <Skeleton className="h-40 w-full" />
        ) : events.isError ? (
          <Failure text="Die Auslastung konnte nicht geladen werden." />
        ) : events.data.length === 0 ? (
          <p className="text-muted-foreground">Keine kommenden Events.</p>
        ) : (
          <ul className="space-y-3">
            {events.data.map((event) => (
              <li key={event.eventId} className="space-y-1">
                <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
                  <Link to={`/admin/events/${event.eventId}`} className="font-medium hover:underline">
                    {event.title}
                  </Link>
                  <span className="tabular-nums text-muted-foreground">
                    {formatDateShort(event.startDate)} · {event.booked} von {event.capacity} Plätzen (
                    {event.percent}%)
                  </span>
                </div>
                <div className="h-3 overflow-hidden rounded-full bg-muted" aria-hidden="true">
                  <div className="h-full rounded-full bg-primary" style={{ width: `${event.percent}%` }} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

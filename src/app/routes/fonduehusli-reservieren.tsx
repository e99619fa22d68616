import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { Link } from 'react-router-dom';
import { Seo } from '@/components/layout/seo';
import { Skeleton } from '@/components/ui/skeleton';
import { hutKeys, useHutMonth } from '@/features/fondue-hut/api/get-hut-month';
import { HutCalendar } from '@/features/fondue-hut/components/hut-calendar';
import { dayLabel } from '@/lib/hut-calendar';
import { todayIso } from '@/lib/dates';
import { site } from '@/lib/site';
import { lazyPart } from '@/lib/lazy-part';

// /fonduehusli/reservieren (issue 27): the hut's month calendar, read from the database in one
// request, and the booking form for the chosen evening. Live availability: never prerendered,
// not indexed (src/lib/indexing.ts), like an event's booking page.

// The form (react-hook-form, zod, phone numbers, proof of work) loads when an evening is chosen.
const HutBookingPanel = lazyPart('src/features/booking/components/hut-booking-panel.tsx', () =>
  import('@/features/booking/components/hut-booking-panel').then((module) => module.HutBookingPanel),
);

export default function FonduehusliReservationPage() {
  const thisMonth = todayIso().slice(0, 7);
  const [month, setMonth] = useState(thisMonth);
  const [selected, setSelected] = useState<string | null>(null);
  const query = useHutMonth(month);
  const queryClient = useQueryClient();
  const reload = () => void queryClient.invalidateQueries({ queryKey: hutKeys.all });

  return (
    <>
      <Seo title="Fonduehüsli reservieren" path="/fonduehusli/reservieren" noindex />
      <div className="container max-w-5xl space-y-8 py-12 md:py-16">
        <div className="space-y-3">
          <h1 className="font-serif text-4xl font-semibold tracking-tight">Fonduehüsli reservieren</h1>
          <p className="max-w-3xl text-lg text-muted-foreground">
            Wähle einen freien Abend. Das Hüsli gehört an diesem Abend nur euch.{' '}
            <Link to="/fonduehusli" className="underline underline-offset-4 hover:text-foreground">
              Mehr zum Fonduehüsli
            </Link>
          </p>
        </div>
        {query.isError && !query.data ? (
          <p role="alert" className="rounded-md border border-destructive/40 bg-destructive/10 p-4">
            Der Kalender kann gerade nicht geladen werden. Bitte lade die Seite neu oder schreib uns an{' '}
            {site.email}.
          </p>
        ) : query.data ? (
          <div className="grid gap-8 lg:grid-cols-2 lg:items-start">
            <HutCalendar
              month={month}
              data={query.data}
              firstMonth={thisMonth}
              selected={selected}
              onSelect={setSelected}
              onMonthChange={setMonth}
              loading={query.isFetching}
            />
            {selected ? (
              <Suspense fallback={<Skeleton className="h-96 w-full" aria-hidden="true" />}>
                <HutBookingPanel
                  day={selected}
                  dayLabel={dayLabel(selected)}
                  month={query.data}
                  onBooked={reload}
                  onEveningTaken={reload}
                />
              </Suspense>
            ) : (
              <p className="rounded-lg border border-dashed p-6 text-muted-foreground">
                Wähle im Kalender einen freien Abend, dann erscheint hier das Formular.
              </p>
            )}
          </div>
        ) : (
          <Skeleton className="h-[28rem] w-full" aria-hidden="true" />
        )}
      </div>
    </>
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { todayIso } from '@/lib/dates';
import { useCloneEvent } from '../api/clone-event';
import { adminEventKeys } from '../api/event-keys';
import type { AdminEvent } from '../lib/admin-event';
import { useAdminEvents } from '../api/get-admin-events';
import { filterByTime, readFilters, writeFilters, type EventFilters } from '../lib/event-filters';
import { EventsFilterBar } from './events-filter-bar';
import { EventsTable } from './events-table';

export function AdminEventsList() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readFilters(searchParams);
  const queryClient = useQueryClient();
  const events = useAdminEvents({ status: filters.status, category: filters.category });
  const clone = useCloneEvent();

  useEffect(() => {
    if (events.isError) {
      toast({
        title: 'Fehler beim Laden',
        description: 'Die Events konnten nicht geladen werden.',
        variant: 'destructive',
      });
    }
  }, [events.isError]);

  function changeFilters(next: EventFilters) {
    window.scrollTo({ top: 0 });
    setSearchParams(writeFilters(next));
    // Spec: a filter change reloads the list, also when only the (client-side) time filter changed.
    void queryClient.invalidateQueries({ queryKey: adminEventKeys.all });
  }

  function handleClone(event: AdminEvent) {
    clone.mutate(event.id, {
      onSuccess: () => toast({ title: 'Event kopiert', description: 'Das Event wurde erfolgreich kopiert.' }),
      onError: () =>
        toast({
          title: 'Fehler beim Kopieren',
          description: 'Das Event konnte nicht kopiert werden.',
          variant: 'destructive',
        }),
    });
  }

  const visible = filterByTime(events.data ?? [], filters.time, todayIso());

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="font-serif text-3xl font-semibold">Events</h1>
        <Button asChild>
          <Link to="/admin/events/new">
            <Plus aria-hidden="true" />
            Neues Event
          </Link>
        </Button>
      </div>
      <EventsFilterBar filters={filters} onChange={changeFilters}>
        <Card>
          <CardContent className="p-0">
            {events.isPending ? (
              <div className="flex justify-center py-16">
                <Spinner label="Events werden geladen…" />
              </div>
            ) : visible.length === 0 ? (
              <div className="flex flex-col items-center gap-4 py-16 text-center">
                <p className="text-muted-foreground">Keine Events gefunden</p>
                <Button asChild variant="outline">
                  <Link to="/admin/events/new">Neues Event erstellen</Link>
                </Button>
              </div>
            ) : (
              <EventsTable
                events={visible}
                cloningId={clone.isPending ? (clone.variables ?? null) : null}
                onClone={handleClone}
              />
            )}
          </CardContent>
        </Card>
      </EventsFilterBar>
    </div>
  );
}

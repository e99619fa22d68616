import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Form } from '@/components/ui/form';
import { toast } from '@/components/ui/use-toast';
import { ADMIN_ROOT_KEY } from '@/lib/admin-query-keys';
import { adminErrorMessage, errorCodeOf } from '@/lib/error-codes';
import { createEventSeries, editEventSeries, type SeriesScope } from '../api/event-series';
import { RepeatCard } from './repeat-card';
import { SeriesScopeDialog } from './series-scope-dialog';
import { repeatToRule, type RepeatState } from '../lib/repeat-form';
import { seriesDiff } from '../lib/series-changes';
import { useDeleteEvent } from '../api/delete-event';
import type { AdminEvent, EventWrite } from '../lib/admin-event';
import { scheduleChange, type ScheduleBefore } from '../lib/schedule-change';
import { notifyEventChanged } from '../api/notify-participants';
import { useSaveEvent } from '../api/save-event';
import { uploadEventImage } from '../api/upload-event-image';
import {
  emptyEventForm,
  eventFormSchema,
  eventToForm,
  formToEventWrite,
  type EventFormValues,
} from '../schema';
import { DeleteEventButton } from './delete-event-button';
import { eventIsPast, ShredEventCard } from './shred-event-card';
import { EventDetailsCard } from './event-details-card';
import { EventStatusCard } from './event-status-card';
import { ImagePicker } from './image-picker';
import { CHANGED_NOTICE, NotifyParticipantsDialog } from './notify-participants-dialog';
import { PriceCapacityCard } from './price-capacity-card';
import { QuestionsCard } from './questions-card';
import { ScheduleCard } from './schedule-card';
import { TicketTypesCard } from './ticket-types-card';

const LIST_PATH = '/admin/events';

const FOLLOWING_REFUSAL =
  'Kategorie, Absage und Enddatum lassen sich nur für dieses Event ändern. Speichern Sie solche Änderungen einzeln.';

/** Uploads the picked image; a failed upload is announced and the event saved without it. */
async function uploadOrKeep(file: File, fallbackUrl: string | null): Promise<string | null> {
  toast({ title: 'Bild wird hochgeladen' });
  try {
    return await uploadEventImage(file);
  } catch {
    toast({
      title: 'Bild-Upload fehlgeschlagen',
      description: 'Das Event wird ohne neues Bild gespeichert.',
      variant: 'destructive',
    });
    return fallbackUrl;
  }
}

/** Create (no `event`) or edit form; returns to the list after a save or delete. */
export function EventForm({ event }: { event: AdminEvent | null }) {
  const navigate = useNavigate();
  const form = useForm<EventFormValues>({
    resolver: zodResolver(eventFormSchema),
    defaultValues: event ? eventToForm(event) : emptyEventForm,
  });
  const [imageFile, setImageFile] = useState<File | null>(null);
  const [currentImageUrl, setCurrentImageUrl] = useState(event?.imageUrl ?? null);
  // Set after a save that moved a booked event: the dialog asks whether to tell the people.
  const [changedFrom, setChangedFrom] = useState<ScheduleBefore | null>(null);
  const save = useSaveEvent();
  const remove = useDeleteEvent();
  const isCancelled = useWatch({ control: form.control, name: 'isCancelled' });
  const [cancelling, setCancelling] = useState(false);
  const [deleteRefusal, setDeleteRefusal] = useState<string | null>(null);
  const { isSubmitting } = form.formState;
  const queryClient = useQueryClient();
  // A new event only: the "Wiederholen" section's rule (null: a single event).
  const [repeat, setRepeat] = useState<RepeatState | null>(null);
  const startDate = useWatch({ control: form.control, name: 'startDate' });
  const repeatResult = useMemo(() => (repeat ? repeatToRule(repeat, startDate) : null), [repeat, startDate]);
  // An occurrence of a series, saved: waits for "nur dieses" / "dieses und alle folgenden".
  const [seriesSave, setSeriesSave] = useState<EventWrite | null>(null);
  const [seriesBusy, setSeriesBusy] = useState(false);

  async function onSubmit(values: EventFormValues) {
    const imageUrl = imageFile ? await uploadOrKeep(imageFile, currentImageUrl) : currentImageUrl;
    const write = formToEventWrite(values, imageUrl);
    if (!event && repeatResult) {
      await createSeries(write);
      return;
    }
    if (event?.seriesId) {
      setSeriesSave(write);
      return;
    }
    await saveSingle(write);
  }

  async function createSeries(write: EventWrite) {
    if (!repeatResult?.ok) {
      toast({
        title: 'Serie nicht erstellt',
        description: repeatResult?.error ?? 'Bitte prüfen Sie die Wiederholung.',
        variant: 'destructive',
      });
      return;
    }
    try {
      await createEventSeries(write, repeatResult.dates, repeatResult.rule, repeatResult.text);
      await queryClient.invalidateQueries({ queryKey: ADMIN_ROOT_KEY });
      toast({ title: 'Serie erstellt', description: `${repeatResult.dates.length} Events angelegt.` });
      navigate(LIST_PATH);
    } catch (error) {
      toast({
        title: 'Fehler beim Speichern',
        description: adminErrorMessage(error, 'Die Serie konnte nicht erstellt werden.'),
        variant: 'destructive',
      });
    }
  }

  /** "Dieses und alle folgenden": only what changed goes to every later occurrence. */
  async function saveFollowing(write: EventWrite, message: string) {
    if (!event) return;
    const { changes } = seriesDiff(formToEventWrite(eventToForm(event), event.imageUrl), write);
    setSeriesBusy(true);
    try {
      const { changed, notified } = await editEventSeries(event.id, 'following', changes, message);
      await queryClient.invalidateQueries({ queryKey: ADMIN_ROOT_KEY });
      toast({
        title: `${changed} Events aktualisiert`,
        description:
          notified === 0
            ? 'Niemand zu benachrichtigen.'
            : notified === 1
              ? '1 E-Mail wird versendet.'
              : `${notified} E-Mails werden versendet.`,
      });
      navigate(LIST_PATH);
    } catch (error) {
      toast({
        title: 'Fehler beim Speichern',
        description: adminErrorMessage(error, 'Die Termine konnten nicht gespeichert werden.'),
        variant: 'destructive',
      });
    } finally {
      setSeriesBusy(false);
    }
  }

  function onSeriesScope(scope: SeriesScope, message: string) {
    const write = seriesSave;
    if (!write) return;
    if (scope === 'following') {
      void saveFollowing(write, message);
      return;
    }
    setSeriesSave(null);
    void saveSingle(write);
  }

  async function saveSingle(write: EventWrite) {
    try {
      await save.mutateAsync({ id: event?.id, values: write });
      toast({ title: event ? 'Event aktualisiert' : 'Event erstellt' });
      const before = scheduleChange(event, write);
      if (before) setChangedFrom(before);
      else navigate(LIST_PATH);
    } catch {
      toast({
        title: 'Fehler beim Speichern',
        description: 'Das Event konnte nicht gespeichert werden.',
        variant: 'destructive',
      });
    }
  }

  function handleDelete() {
    if (!event) return;
    remove.mutate(event.id, {
      onSuccess: () => {
        toast({ title: 'Event gelöscht' });
        navigate(LIST_PATH);
      },
      onError: (error) => {
        // Bookings hold it: say why, and offer to cancel (then archive) instead.
        if (errorCodeOf(error) === 'EVENT_HAS_BOOKINGS') {
          setDeleteRefusal(adminErrorMessage(error));
          return;
        }
        toast({
          title: 'Fehler beim Löschen',
          description: adminErrorMessage(error, 'Das Event konnte nicht gelöscht werden.'),
          variant: 'destructive',
        });
      },
    });
  }

  /** 'Archivieren' after a refused deletion: the status, saved with the form as it is. */
  function archive() {
    form.setValue('status', 'archived', { shouldDirty: true });
    void form.handleSubmit(onSubmit)();
  }

  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} className="space-y-6" noValidate>
        <div className="flex flex-wrap items-center justify-between gap-4">
          <h1 className="font-serif text-3xl font-semibold">{event ? 'Event bearbeiten' : 'Neues Event'}</h1>
          <Button type="button" variant="outline" onClick={() => navigate(LIST_PATH)}>
            Zurück
          </Button>
        </div>
        <EventDetailsCard />
        <EventStatusCard event={event} cancelling={cancelling} onCancellingChange={setCancelling} />
        <ScheduleCard />
        {event ? null : (
          <RepeatCard value={repeat} onChange={setRepeat} startDate={startDate} result={repeatResult} />
        )}
        <PriceCapacityCard />
        <QuestionsCard />
        <Card>
          <CardHeader>
            <CardTitle>Bild</CardTitle>
          </CardHeader>
          <CardContent>
            <ImagePicker
              currentUrl={currentImageUrl}
              file={imageFile}
              onFileChange={setImageFile}
              onRemove={() => {
                setImageFile(null);
                setCurrentImageUrl(null);
              }}
              disabled={isSubmitting}
            />
          </CardContent>
        </Card>
        {event && eventIsPast(event) ? <ShredEventCard event={event} /> : null}
        <div className="flex flex-wrap justify-between gap-3">
          <div>
            {event ? (
              <DeleteEventButton
                onConfirm={handleDelete}
                busy={remove.isPending}
                refusal={deleteRefusal}
                onRefusalClose={() => setDeleteRefusal(null)}
                isCancelled={isCancelled}
                onCancelEvent={() => setCancelling(true)}
                onArchive={archive}
              />
            ) : null}
          </div>
          <div className="flex gap-3">
            <Button asChild variant="outline">
              <Link to={LIST_PATH}>Abbrechen</Link>
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isSubmitting
                ? 'Wird gespeichert…'
                : event
                  ? 'Änderungen speichern'
                  : repeat
                    ? 'Serie erstellen'
                    : 'Event erstellen'}
            </Button>
          </div>
        </div>
      </form>
      {/* Outside the event's form (no nested forms): each type is saved on its own. */}
      {event && event.category !== 'fondue' ? (
        <div className="mt-6">
          <TicketTypesCard eventId={event.id} />
        </div>
      ) : null}
      {event && seriesSave ? (
        <SeriesScopeDialog
          open
          followingRefusal={
            seriesDiff(formToEventWrite(eventToForm(event), event.imageUrl), seriesSave).unsupported.length >
            0
              ? FOLLOWING_REFUSAL
              : null
          }
          busy={seriesBusy}
          onConfirm={onSeriesScope}
          onCancel={() => setSeriesSave(null)}
        />
      ) : null}
      {event && changedFrom ? (
        <NotifyParticipantsDialog
          open
          texts={CHANGED_NOTICE}
          send={(message) => notifyEventChanged(event.id, changedFrom, message)}
          onClose={() => navigate(LIST_PATH)}
        />
      ) : null}
    </Form>
  );
}

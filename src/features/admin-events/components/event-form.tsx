import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Form } from '@/components/ui/form';
import { toast } from '@/components/ui/use-toast';
import { adminErrorMessage, errorCodeOf } from '@/lib/error-codes';
import { useDeleteEvent } from '../api/delete-event';
import type { AdminEvent } from '../lib/admin-event';
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
import { EventDetailsCard } from './event-details-card';
import { EventStatusCard } from './event-status-card';
import { ImagePicker } from './image-picker';
import { CHANGED_NOTICE, NotifyParticipantsDialog } from './notify-participants-dialog';
import { PriceCapacityCard } from './price-capacity-card';
import { QuestionsCard } from './questions-card';
import { ScheduleCard } from './schedule-card';

const LIST_PATH = '/admin/events';

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

  async function onSubmit(values: EventFormValues) {
    const imageUrl = imageFile ? await uploadOrKeep(imageFile, currentImageUrl) : currentImageUrl;
    const write = formToEventWrite(values, imageUrl);
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
              {isSubmitting ? 'Wird gespeichert…' : event ? 'Änderungen speichern' : 'Event erstellen'}
            </Button>
          </div>
        </div>
      </form>
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

import { CalendarPlus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { downloadText } from '@/lib/download';
import { site } from '@/lib/site';
import { eventPath } from '../lib/event-links';
import { buildEventIcs } from '../lib/ics';
import type { PublicEvent } from '../types';

/** 'Zum Kalender hinzufügen': an .ics file for calendar apps; hidden for events without a date and samples. */
export function AddToCalendarButton({ event }: { event: PublicEvent }) {
  if (!event.startDate || event.isSample) return null;
  const onClick = () => {
    const ics = buildEventIcs(event, { url: `${site.url}${eventPath(event)}` });
    if (ics) downloadText(`${event.slug}.ics`, 'text/calendar;charset=utf-8', ics);
  };
  return (
    <Button type="button" variant="outline" onClick={onClick}>
      <CalendarPlus aria-hidden="true" />
      Zum Kalender hinzufügen
    </Button>
  );
}

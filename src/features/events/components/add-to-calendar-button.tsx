import { CalendarPlus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { site } from '@/lib/site';
import { eventPath } from '../lib/event-links';
import { buildEventIcs } from '../lib/ics';
import type { PublicEvent } from '../types';

function download(fileName: string, content: string) {
  const url = URL.createObjectURL(new Blob([content], { type: 'text/calendar;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** 'Zum Kalender hinzufügen': an .ics file for calendar apps; hidden for events without a date and samples. */
export function AddToCalendarButton({ event }: { event: PublicEvent }) {
  if (!event.startDate || event.isSample) return null;
  const onClick = () => {
    const ics = buildEventIcs(event, { url: `${site.url}${eventPath(event)}` });
    if (ics) download(`${event.slug}.ics`, ics);
  };
  return (
    <Button type="button" variant="outline" onClick={onClick}>
      <CalendarPlus aria-hidden="true" />
      Zum Kalender hinzufügen
    </Button>
  );
}

import { bookingUid, buildIcs } from '@common/ics.ts';
import { site } from '@/lib/site';

// 'Zum Kalender hinzufügen' on the confirmation page: the same iCalendar text the confirmation
// mail attaches (supabase/functions/_common/ics.ts), built in the browser from the booking.

export interface CalendarBooking {
  reference: string;
  event: {
    title: string;
    description: string;
    location: string;
    start_date: string | null;
    end_date: string | null;
    start_time: string | null;
    end_time: string | null;
  };
}

/** A data: URL of the .ics file, or null when the event has no date to put in a calendar. */
export function calendarHref(booking: CalendarBooking): string | null {
  const ics = buildIcs({
    uid: bookingUid(booking.reference, site.url),
    title: booking.event.title,
    description: booking.event.description,
    location: booking.event.location,
    startDate: booking.event.start_date,
    endDate: booking.event.end_date,
    startTime: booking.event.start_time,
    endTime: booking.event.end_time,
    url: site.url,
  });
  return ics ? `data:text/calendar;charset=utf-8,${encodeURIComponent(ics)}` : null;
}

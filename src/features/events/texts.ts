// Texts used by more than one component of the events feature.
/** The home teaser's empty state (the spec's breathwork wording belongs to the Atmen list). */
export const EMPTY_UPCOMING_TEXT = 'Aktuell sind keine Events geplant.';
export const EMPTY_BREATHWORK_TEXT = 'Aktuell sind keine Breathwork-Events geplant.';

export const SAMPLE_BOOKING_NOTE =
  'Dies ist ein Beispiel-Event, weil die Datenbank gerade nicht erreichbar ist. Eine Buchung ist nicht möglich.';

/** Instead of a date on sample events: a made-up date would read like a real offer. */
export const SAMPLE_DATE_TEXT = 'Beispiel ohne Termin';
export const SAMPLE_BADGE = 'Beispiel';

export const TRY_AGAIN_LATER = 'Bitte versuche es später noch einmal.';

export const PAST_EVENT_TEXT = 'Dieses Event hat bereits stattgefunden.';

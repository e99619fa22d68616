// Texts used by more than one component of the events feature.
export const EMPTY_UPCOMING_TEXT = 'Aktuell sind keine Breathwork Events geplant.';

export const SAMPLE_BOOKING_NOTE =
  'Dies ist ein Beispiel-Event, weil die Datenbank gerade nicht erreichbar ist. Eine Buchung ist nicht möglich.';

export const TRY_AGAIN_LATER = 'Bitte versuchen Sie es später noch einmal.';

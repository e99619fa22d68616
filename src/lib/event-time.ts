// An event's time text as everybody reads it ('09:00–11:30 Uhr'): one rule for the site, the
// admin and the mails, kept runtime-neutral beside the mail code.
export { displayTime, parseTimeRange, type ClockTime } from '../../supabase/functions/_shared/time-range.ts';

// '1 Person' / '3 Personen': one wording for the site, the admin and the mails, kept
// runtime-neutral beside the mail code (as event-time.ts).
export { personsLabel } from '../../supabase/functions/_shared/format.ts';

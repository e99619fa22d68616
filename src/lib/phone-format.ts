// Stored phone numbers (E.164) for people to read: the mails' helper (runtime-neutral, without the
// phone library), for the admin lists, the check-in and the printed list.
export { formatPhone } from '../../supabase/functions/_shared/contact-rules.ts';

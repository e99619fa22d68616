// CHF amounts, one wording for the site, the admin and the mails: 'CHF 1’250.00', 'Kostenlos',
// '2 × CHF 95.00 = CHF 190.00'. Kept runtime-neutral beside the mail code (as persons.ts).
export { formatChf, formatPrice, formatTotal } from '../../supabase/functions/_shared/format.ts';

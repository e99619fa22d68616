import { z } from 'zod';

// The same rule as the newsletter-subscribe function (supabase/functions/_shared/validation.ts):
// trimmed, at most 254 characters, a complete address. 'hans@beispiel' is refused here, at the
// field, instead of by the server afterwards.
const INVALID = 'Bitte gib eine gültige E-Mail-Adresse ein.';

export const newsletterSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Bitte gib deine E-Mail-Adresse ein.')
    .max(254, INVALID)
    .pipe(z.email(INVALID)),
});

export type NewsletterFormValues = z.infer<typeof newsletterSchema>;

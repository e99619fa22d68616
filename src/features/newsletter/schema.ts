import { z } from 'zod';
import { emailSchema } from '@/lib/email';

// The same rule as the newsletter-subscribe function (src/lib/email.ts): 'hans@beispiel' is refused
// here, at the field, instead of by the server afterwards.
export const newsletterSchema = z.object({
  email: emailSchema('Bitte gib deine E-Mail-Adresse ein.'),
});

export type NewsletterFormValues = z.infer<typeof newsletterSchema>;

import { z } from 'zod';

// Spec §5: the address must be non-empty and contain an @; the server checks the rest.
export const newsletterSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, 'Ungültige E-Mail')
    .refine((value) => value.includes('@'), 'Ungültige E-Mail'),
});

export type NewsletterFormValues = z.infer<typeof newsletterSchema>;

import { z } from 'zod';
import { emailSchema } from '@/lib/email';
import { nameSchema } from '@/lib/person-name';

// Form schemas of the contact form and the corporate enquiry. The limits match the
// send-contact-email function, so what the form accepts the server accepts too.

const email = emailSchema('Bitte gib deine E-Mail-Adresse ein.');

function required(message: string, max: number) {
  return z.string().trim().min(1, message).max(max, `Höchstens ${max} Zeichen.`);
}

export const contactFormSchema = z.object({
  name: nameSchema('Bitte gib deinen Namen ein.'),
  email,
  subject: required('Bitte gib einen Betreff ein.', 200),
  message: required('Bitte schreib uns eine Nachricht.', 5000),
});

export const corporateEnquirySchema = z.object({
  // 'Name und Unternehmen' ('Beat, Firma AG'), mailed only to the provider: not a person's name.
  name: z.string().trim().max(200, 'Höchstens 200 Zeichen.'),
  email,
  message: z.string().trim().max(5000, 'Höchstens 5000 Zeichen.'),
});

export type ContactFormValues = z.infer<typeof contactFormSchema>;
export type CorporateEnquiryValues = z.infer<typeof corporateEnquirySchema>;

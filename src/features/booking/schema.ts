import { z } from 'zod';

import { PAYMENT_METHODS, type PaymentMethod } from '@/lib/event-domain';
import { emailSchema } from '@/lib/email';
import { phoneSchema } from '@/lib/phone';

export { PAYMENT_METHOD_LABELS, PAYMENT_METHODS, type PaymentMethod } from '@/lib/event-domain';

// Display order of the choices; onsite first because it is the spec's default.
const METHOD_ORDER: PaymentMethod[] = ['onsite', 'free', 'stripe', 'invoice'];

export function offeredPaymentMethods(allowed: readonly string[]): PaymentMethod[] {
  return METHOD_ORDER.filter((method) => allowed.includes(method));
}

/** Spec §5: onsite when the event allows it, else the first allowed method. */
export function defaultPaymentMethod(allowed: readonly string[]): PaymentMethod | '' {
  return offeredPaymentMethods(allowed)[0] ?? '';
}

const required = (message: string) => z.string().trim().min(1, message);

export const registrationSchema = z.object({
  name: required('Bitte gib deinen Namen ein.'),
  email: emailSchema('Bitte gib deine E-Mail-Adresse ein.'),
  // Sent and stored in E.164.
  phone: phoneSchema('Bitte gib deine Telefonnummer ein.'),
  // The database's limit (private.checked_participant_input).
  notes: z.string().trim().max(2000, 'Die Anmerkungen sind zu lang (höchstens 2000 Zeichen).'),
  // 'Anzahl Personen': a whole number from 1; the event's limit is the database's (and the
  // form only offers up to it).
  persons: z.number().int().min(1, 'Bitte wähle die Anzahl Personen.'),
  // The form starts with '' when nothing can be preselected; an empty value is rejected (spec §5).
  paymentMethod: z
    .union([z.literal(''), z.enum(PAYMENT_METHODS)])
    .pipe(z.enum(PAYMENT_METHODS, 'Bitte wähle eine Zahlungsmethode.')),
});

export type RegistrationValues = z.infer<typeof registrationSchema>;
/** The form's field values before validation (the method may still be ''). */
export type RegistrationInput = z.input<typeof registrationSchema>;

/** The required fields and how the toast names them when they are empty. */
export const REQUIRED_FIELDS = { name: 'Name', email: 'E-Mail', phone: 'Telefon' } as const;

/** 'Auf die Warteliste': the booking form's contact fields and persons (no payment yet). */
export const waitlistSchema = registrationSchema.pick({
  name: true,
  email: true,
  phone: true,
  persons: true,
});
export type WaitlistValues = z.infer<typeof waitlistSchema>;
export type WaitlistInput = z.input<typeof waitlistSchema>;

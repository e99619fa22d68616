import { z } from 'zod';

// Booking owns its copy of the payment method names: features do not import each other.
export const PAYMENT_METHODS = ['stripe', 'onsite', 'free'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  onsite: 'Vor Ort Bezahlung (Bar/Twint)',
  free: 'Kostenlos',
  stripe: 'Online-Zahlung (Karte)',
};

// Display order of the choices; onsite first because it is the spec's default.
const METHOD_ORDER: PaymentMethod[] = ['onsite', 'free', 'stripe'];

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
  email: required('Bitte gib deine E-Mail-Adresse ein.').pipe(
    z.email('Bitte gib eine gültige E-Mail-Adresse ein.'),
  ),
  phone: required('Bitte gib deine Telefonnummer ein.'),
  notes: z.string().trim(),
  // The form starts with '' when nothing can be preselected; an empty value is rejected (spec §5).
  paymentMethod: z
    .union([z.literal(''), z.enum(PAYMENT_METHODS)])
    .pipe(z.enum(PAYMENT_METHODS, 'Bitte wähle eine Zahlungsmethode.')),
});

export type RegistrationValues = z.infer<typeof registrationSchema>;
/** The form's field values before validation (the method may still be ''). */
export type RegistrationInput = z.input<typeof registrationSchema>;

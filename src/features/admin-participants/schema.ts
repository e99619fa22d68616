import { z } from 'zod';
import { PAYMENT_METHODS } from '@/lib/event-domain';
import { ADMIN_INVALID_PHONE, phoneSchema } from '@/lib/phone';
import type { EventOption } from './lib/admin-participant';

const ALL_FIELDS = 'Bitte füllen Sie alle Felder aus.';

export const addParticipantSchema = z.object({
  eventId: z.string().min(1, 'Bitte wählen Sie ein Event aus.'),
  name: z.string().trim().min(1, ALL_FIELDS),
  email: z.string().trim().min(1, ALL_FIELDS),
  // The visitors' rule (libphonenumber-js), sent in E.164 like theirs.
  phone: phoneSchema(ALL_FIELDS, ADMIN_INVALID_PHONE),
  persons: z
    .number({ error: 'Bitte geben Sie die Anzahl Personen ein.' })
    .int('Bitte geben Sie eine ganze Zahl ein.')
    .min(1, 'Mindestens 1 Person.')
    .max(50, 'Höchstens 50 Personen.'),
  paymentMethod: z.enum(PAYMENT_METHODS, { error: 'Bitte wählen Sie eine Zahlungsart.' }),
  notes: z.string(),
  sendConfirmation: z.boolean(),
});

export type AddParticipantValues = z.infer<typeof addParticipantSchema>;

/**
 * The way of paying a staff-added booking starts with: on site, else invoice, else free; online
 * only when the event offers nothing else (the booking then gets a real hold and a pay link).
 */
export function defaultAddMethod(event: EventOption | undefined): AddParticipantValues['paymentMethod'] {
  const offered = event?.paymentMethods ?? [];
  for (const method of ['onsite', 'invoice', 'free', 'stripe'] as const)
    if (offered.includes(method)) return method;
  return 'onsite';
}

export function emptyAddParticipant(event: EventOption | undefined): AddParticipantValues {
  return {
    eventId: event?.id ?? '',
    name: '',
    email: '',
    phone: '',
    persons: 1,
    paymentMethod: defaultAddMethod(event),
    notes: '',
    sendConfirmation: true,
  };
}

/** What the customer receives for a staff-added booking, said in the form before it is sent. */
export function addedBookingMailText(method: string, send: boolean): string {
  if (method === 'stripe')
    return 'Der Kunde erhält eine Bestätigung mit einem Link zum Online-Bezahlen (Karte oder TWINT); die Plätze bleiben reserviert, bis die Reservation abläuft.';
  if (!send) return 'Der Kunde erhält keine E-Mail.';
  if (method === 'invoice') return 'Der Kunde erhält eine Bestätigung mit der QR-Rechnung.';
  if (method === 'onsite') return 'Der Kunde erhält eine Bestätigung; bezahlt wird vor Ort (bar oder TWINT).';
  return 'Der Kunde erhält eine Bestätigung.';
}

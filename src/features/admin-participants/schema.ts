import { z } from 'zod';
import { PAYMENT_METHODS } from '@/lib/event-domain';
import { ADMIN_INVALID_PHONE, phoneSchema } from '@/lib/phone';
import { ADDABLE_PAYMENT_STATUSES } from './lib/admin-participant';

const ALL_FIELDS = 'Bitte füllen Sie alle Felder aus.';

export const addParticipantSchema = z.object({
  eventId: z.string().min(1, 'Bitte wählen Sie ein Event aus.'),
  name: z.string().trim().min(1, ALL_FIELDS),
  email: z.string().trim().min(1, ALL_FIELDS),
  // The visitors' rule (libphonenumber-js), sent in E.164 like theirs.
  phone: phoneSchema(ALL_FIELDS, ADMIN_INVALID_PHONE),
  paymentStatus: z.enum(ADDABLE_PAYMENT_STATUSES),
  paymentMethod: z.enum(PAYMENT_METHODS),
  notes: z.string(),
  sendConfirmation: z.boolean(),
});

export type AddParticipantValues = z.infer<typeof addParticipantSchema>;

/** Spec §9: status pending, method stripe, send the confirmation e-mail. */
export function emptyAddParticipant(eventId: string): AddParticipantValues {
  return {
    eventId,
    name: '',
    email: '',
    phone: '',
    paymentStatus: 'pending',
    paymentMethod: 'stripe',
    notes: '',
    sendConfirmation: true,
  };
}

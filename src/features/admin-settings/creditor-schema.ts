import { z } from 'zod';
import type { Tables, TablesInsert } from '@common/database.ts';

// The 'Rechnungssteller' form: the provider as creditor of the QR-bill invoices. The lengths are
// the QR bill's (and the table's constraints, supabase/schemas/40_payments_and_refunds.sql); whether the IBAN is a
// valid Swiss or Liechtenstein IBAN the database decides (INVALID_IBAN with a German reason,
// shown at the field), so the rule lives in one place.

export type InvoiceCreditor = Tables<'invoice_creditor'>;

const required = (label: string, max: number) =>
  z.string().trim().min(1, `Bitte geben Sie ${label} ein.`).max(max, `Höchstens ${max} Zeichen.`);

export const creditorFormSchema = z.object({
  name: required('den Namen', 70),
  street: required('die Strasse', 70),
  buildingNumber: z.string().trim().max(16, 'Höchstens 16 Zeichen.'),
  postalCode: required('die PLZ', 16),
  city: required('den Ort', 35),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'Bitte geben Sie den Ländercode mit zwei Buchstaben ein (z. B. CH).'),
  iban: z
    .string()
    .trim()
    .min(1, 'Bitte geben Sie die IBAN oder QR-IBAN ein.')
    .max(42, 'Höchstens 42 Zeichen.'),
  paymentDays: z
    .string()
    .trim()
    .regex(/^\d+$/, 'Bitte geben Sie eine ganze Zahl von Tagen ein.')
    .transform(Number)
    .refine((days) => days >= 1 && days <= 60, 'Die Zahlungsfrist muss zwischen 1 und 60 Tagen liegen.'),
});

export type CreditorFormInput = z.input<typeof creditorFormSchema>;
export type CreditorFormValues = z.output<typeof creditorFormSchema>;

/** The form's text values: the stored creditor, or an empty form (Switzerland, 10 days). */
export function toCreditorFormInput(creditor: InvoiceCreditor | null): CreditorFormInput {
  return {
    name: creditor?.name ?? '',
    street: creditor?.street ?? '',
    buildingNumber: creditor?.building_number ?? '',
    postalCode: creditor?.postal_code ?? '',
    city: creditor?.city ?? '',
    country: creditor?.country ?? 'CH',
    iban: creditor?.iban ?? '',
    paymentDays: String(creditor?.payment_days ?? 10),
  };
}

export function toCreditorRow(values: CreditorFormValues): TablesInsert<'invoice_creditor'> {
  return {
    id: true,
    name: values.name,
    street: values.street,
    building_number: values.buildingNumber,
    postal_code: values.postalCode,
    city: values.city,
    country: values.country,
    iban: values.iban,
    payment_days: values.paymentDays,
  };
}

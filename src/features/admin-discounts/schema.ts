import { z } from 'zod';
import { EVENT_CATEGORIES } from '@/lib/event-domain';
import type { NewDiscountCode } from './api/discount-codes';

// The new-code form: the same rules as the table's checks (discount_codes_*_check), in words.

const wholeNumber = (message: string, min: number, max: number) =>
  z
    .string()
    .trim()
    .refine(
      (value) => value === '' || (/^\d+$/.test(value) && Number(value) >= min && Number(value) <= max),
      message,
    );

/** 'Kinder, Mitglied' → ['Kinder', 'Mitglied'] (trimmed, empty parts dropped). */
export function ticketTypeNames(text: string): string[] {
  return text
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
}

export const discountCodeFormSchema = z
  .object({
    code: z
      .string()
      .trim()
      .toUpperCase()
      .regex(
        /^[A-Z0-9][A-Z0-9-]{2,29}$/,
        'Code: 3 bis 30 Zeichen, nur Buchstaben, Ziffern und Bindestriche.',
      ),
    label: z.string().trim().max(200, 'Die Notiz ist zu lang (höchstens 200 Zeichen).'),
    kind: z.enum(['percent', 'amount']),
    value: z.string().trim().min(1, 'Bitte geben Sie den Rabatt ein.'),
    validFrom: z.string(),
    validUntil: z.string(),
    maxUses: wholeNumber('Bitte eine ganze Zahl ab 1 eingeben oder leer lassen.', 1, 1_000_000),
    minPersons: wholeNumber('Bitte eine ganze Zahl von 1 bis 100 eingeben.', 1, 100),
    categories: z.array(z.enum(EVENT_CATEGORIES)),
    event_ids: z.array(z.string()),
    // Ticket type names, comma-separated: they match the types of that name in any event.
    ticketTypes: z.string().transform((text, context) => {
      const names = ticketTypeNames(text);
      if (names.some((name) => name.length > 60)) {
        context.addIssue({ code: 'custom', message: 'Eine Ticketart hat höchstens 60 Zeichen.' });
      } else if (names.length > 20) {
        context.addIssue({ code: 'custom', message: 'Höchstens 20 Ticketarten.' });
      } else if (new Set(names.map((name) => name.toLowerCase())).size !== names.length) {
        context.addIssue({ code: 'custom', message: 'Jede Ticketart nur einmal angeben.' });
      }
      return names;
    }),
  })
  .superRefine((values, context) => {
    const value = Number(values.value.replace(',', '.'));
    if (values.kind === 'percent' && !(Number.isInteger(value) && value >= 1 && value <= 100)) {
      context.addIssue({
        code: 'custom',
        path: ['value'],
        message: 'Prozent: eine ganze Zahl von 1 bis 100.',
      });
    }
    if (values.kind === 'amount' && !(value > 0 && Math.round(value * 100) === value * 100)) {
      context.addIssue({ code: 'custom', path: ['value'], message: 'Betrag in CHF, z. B. 20 oder 12.50.' });
    }
    if (values.validFrom && values.validUntil && values.validUntil < values.validFrom) {
      context.addIssue({ code: 'custom', path: ['validUntil'], message: 'Das Ende liegt vor dem Beginn.' });
    }
  });

export type DiscountCodeFormValues = z.input<typeof discountCodeFormSchema>;
export type DiscountCodeFormOutput = z.output<typeof discountCodeFormSchema>;

export const EMPTY_DISCOUNT_CODE: DiscountCodeFormValues = {
  code: '',
  label: '',
  kind: 'percent',
  value: '',
  validFrom: '',
  validUntil: '',
  maxUses: '',
  minPersons: '1',
  categories: [],
  event_ids: [],
  ticketTypes: '',
};

export function toNewDiscountCode(values: DiscountCodeFormOutput): NewDiscountCode {
  const value = Number(values.value.replace(',', '.'));
  return {
    code: values.code,
    label: values.label,
    percent: values.kind === 'percent' ? value : null,
    amount_cents: values.kind === 'amount' ? Math.round(value * 100) : null,
    valid_from: values.validFrom || null,
    valid_until: values.validUntil || null,
    max_uses: values.maxUses ? Number(values.maxUses) : null,
    min_persons: Number(values.minPersons || '1'),
    categories: values.categories,
    event_ids: values.event_ids,
    ticket_types: values.ticketTypes,
  };
}

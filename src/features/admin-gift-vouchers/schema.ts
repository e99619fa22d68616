import { z } from 'zod';
import { todayIso } from '@/lib/dates';
import type { IssueGiftVoucherArgs } from './types';

// 'Gutschein ausstellen': the table's checks (gift_vouchers_*_check) in words, at their fields.

/** CHF 1 to CHF 100'000 (value_cents 100 .. 10'000'000), whole Rappen, '.' or ','. */
const AMOUNT = /^\d{1,6}([.,]\d{1,2})?$/;

export const toCents = (value: string) => Math.round(Number(value.trim().replace(',', '.')) * 100);

/** An amount the tables take (value_cents, price_cents: 100 .. 10'000'000) as typed in CHF. */
export function isChfAmount(value: string): boolean {
  const cents = toCents(value);
  return AMOUNT.test(value.trim()) && cents >= 100 && cents <= 10_000_000;
}

export const issueGiftVoucherSchema = z
  .object({
    kind: z.enum(['value', 'offer']),
    value: z.string().trim().min(1, 'Bitte geben Sie den Betrag in CHF ein.'),
    title: z.string().trim().max(120, 'Der Titel ist zu lang (höchstens 120 Zeichen).'),
    recipientName: z.string().trim().max(200, 'Der Name ist zu lang (höchstens 200 Zeichen).'),
    message: z.string().trim().max(500, 'Die Nachricht ist zu lang (höchstens 500 Zeichen).'),
    note: z.string().trim().max(2000, 'Die Notiz ist zu lang (höchstens 2000 Zeichen).'),
    validUntil: z.string(),
  })
  .superRefine((values, context) => {
    if (values.value && !isChfAmount(values.value)) {
      context.addIssue({
        code: 'custom',
        path: ['value'],
        message: 'Betrag in CHF von 1 bis 100’000, z. B. 50 oder 75.50.',
      });
    }
    if (values.kind === 'offer' && !values.title) {
      context.addIssue({
        code: 'custom',
        path: ['title'],
        message: 'Bitte nennen Sie das Angebot, z. B. «Fondue-Abend für zwei».',
      });
    }
    // The database refuses a past date too (INVALID_INPUT, detail valid_until).
    if (values.validUntil && values.validUntil < todayIso()) {
      context.addIssue({
        code: 'custom',
        path: ['validUntil'],
        message: 'Das Datum darf nicht in der Vergangenheit liegen.',
      });
    }
  });

export type IssueGiftVoucherValues = z.input<typeof issueGiftVoucherSchema>;
export type IssueGiftVoucherOutput = z.output<typeof issueGiftVoucherSchema>;

export const EMPTY_GIFT_VOUCHER: IssueGiftVoucherValues = {
  kind: 'value',
  value: '',
  title: '',
  recipientName: '',
  message: '',
  note: '',
  validUntil: '',
};

/** Without a date the database takes today plus the validity of 'Einstellungen'. */
export function toIssueArgs(values: IssueGiftVoucherOutput): IssueGiftVoucherArgs {
  return {
    p_kind: values.kind,
    p_value_cents: toCents(values.value),
    // A value voucher has no title; a title left from switching the kind is not sent.
    p_title: values.kind === 'offer' ? values.title : '',
    p_recipient_name: values.recipientName,
    p_message: values.message,
    p_note: values.note,
    ...(values.validUntil ? { p_valid_until: values.validUntil } : {}),
  };
}

import { z } from 'zod';

/** The setting 'vat' as stored (private.setting_value_is_valid): both set, or both null. */
export interface VatSetting {
  uid: string | null;
  rate_percent: number | null;
}

/** 'CHE-123.456.789' from what was typed ('CHE123456789', 'che-123.456.789 MWST', …). */
export function normalizedUid(value: string): string | null {
  const digits = value
    .toUpperCase()
    .replace(/MWST|TVA|IVA|VAT/g, '')
    .replace(/[^0-9]/g, '');
  if (!/^CHE/i.test(value.trim()) || digits.length !== 9) return null;
  return `CHE-${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6)}`;
}

export const vatFormSchema = z
  .object({ uid: z.string().trim(), rate: z.string().trim() })
  .superRefine((values, context) => {
    if (!values.uid && !values.rate) return;
    if (!normalizedUid(values.uid)) {
      context.addIssue({
        code: 'custom',
        path: ['uid'],
        message: 'Bitte geben Sie die UID im Format CHE-123.456.789 ein.',
      });
    }
    const rate = Number(values.rate.replace(',', '.'));
    if (
      !values.rate ||
      !Number.isFinite(rate) ||
      rate < 0 ||
      rate > 100 ||
      !/^\d{1,3}([.,]\d{1,2})?$/.test(values.rate)
    ) {
      context.addIssue({
        code: 'custom',
        path: ['rate'],
        message: 'Bitte geben Sie den Satz in Prozent ein, zum Beispiel 8.1.',
      });
    }
  });

export type VatFormValues = z.infer<typeof vatFormSchema>;

export function toVatForm(setting: VatSetting): VatFormValues {
  return { uid: setting.uid ?? '', rate: setting.rate_percent === null ? '' : String(setting.rate_percent) };
}

/** Empty fields: no VAT on the receipts. */
export function toVatSetting(values: VatFormValues): VatSetting {
  if (!values.uid && !values.rate) return { uid: null, rate_percent: null };
  return { uid: normalizedUid(values.uid), rate_percent: Number(values.rate.replace(',', '.')) };
}

import { z } from 'zod';

/**
 * The setting 'gift_vouchers' as stored (private.setting_value_is_valid): how many years a new
 * voucher is valid (1..10) and the legal text printed on every voucher (not blank, ≤ 1000).
 */
export const giftVoucherSettingSchema = z.object({
  validity_years: z.number().int().min(1).max(10),
  legal_text: z.string(),
});

export type GiftVoucherSetting = z.infer<typeof giftVoucherSettingSchema>;

export const LEGAL_TEXT_MAX = 1000;

export const giftVoucherFormSchema = z.object({
  validityYears: z
    .string()
    .trim()
    .refine(
      (value) => /^\d{1,2}$/.test(value) && Number(value) >= 1 && Number(value) <= 10,
      'Bitte geben Sie eine ganze Zahl von 1 bis 10 Jahren ein.',
    ),
  legalText: z
    .string()
    .trim()
    .min(1, 'Bitte geben Sie den Hinweis ein, der auf jedem Gutschein steht.')
    .max(LEGAL_TEXT_MAX, `Der Hinweis ist zu lang (höchstens ${LEGAL_TEXT_MAX} Zeichen).`),
});

export type GiftVoucherFormValues = z.input<typeof giftVoucherFormSchema>;
export type GiftVoucherFormOutput = z.output<typeof giftVoucherFormSchema>;

export function toGiftVoucherForm(setting: GiftVoucherSetting): GiftVoucherFormValues {
  return { validityYears: String(setting.validity_years), legalText: setting.legal_text };
}

export function toGiftVoucherSetting(values: GiftVoucherFormOutput): GiftVoucherSetting {
  return { validity_years: Number(values.validityYears), legal_text: values.legalText };
}

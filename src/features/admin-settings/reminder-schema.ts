import { z } from 'zod';

/**
 * The setting 'invoice_reminders' as stored (private.setting_value_is_valid): the friendly
 * reminder so many days after the due date; the release of unpaid seats so many days before the
 * event, or null (never).
 */
export interface InvoiceReminderSetting {
  reminder_days: number;
  release_days_before_event: number | null;
}

export const DEFAULT_REMINDER_SETTING: InvoiceReminderSetting = {
  reminder_days: 3,
  release_days_before_event: null,
};

const DAYS = /^\d{1,2}$/;
const inRange = (value: string) => DAYS.test(value) && Number(value) >= 1 && Number(value) <= 60;

export const reminderFormSchema = z.object({
  reminderDays: z.string().trim().refine(inRange, 'Bitte geben Sie eine Zahl von 1 bis 60 Tagen ein.'),
  releaseDays: z
    .string()
    .trim()
    .refine(
      (value) => value === '' || inRange(value),
      'Bitte geben Sie eine Zahl von 1 bis 60 Tagen ein oder lassen Sie das Feld leer.',
    ),
});

export type ReminderFormValues = z.infer<typeof reminderFormSchema>;

export function toReminderForm(setting: InvoiceReminderSetting): ReminderFormValues {
  return {
    reminderDays: String(setting.reminder_days),
    releaseDays: setting.release_days_before_event === null ? '' : String(setting.release_days_before_event),
  };
}

/** An empty release field: seats are never released. */
export function toReminderSetting(values: ReminderFormValues): InvoiceReminderSetting {
  return {
    reminder_days: Number(values.reminderDays),
    release_days_before_event: values.releaseDays === '' ? null : Number(values.releaseDays),
  };
}

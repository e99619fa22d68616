import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { DEFAULT_REMINDER_SETTING, type InvoiceReminderSetting } from '../reminder-schema';
import { SettingsNotSavedError } from './save-fondue-settings';
import { adminSettingsKeys } from './settings-keys';

const KEY = 'invoice_reminders';

export async function getInvoiceReminderSetting(): Promise<InvoiceReminderSetting> {
  const { data, error } = await supabase.from('settings').select('value').eq('key', KEY).maybeSingle();
  if (error) throw error;
  const value = (data?.value ?? {}) as Partial<InvoiceReminderSetting>;
  return {
    reminder_days: value.reminder_days ?? DEFAULT_REMINDER_SETTING.reminder_days,
    release_days_before_event: value.release_days_before_event ?? null,
  };
}

export function useInvoiceReminderSetting() {
  return useQuery(
    queryOptions({ queryKey: [...adminSettingsKeys.all, KEY], queryFn: getInvoiceReminderSetting }),
  );
}

export function useSaveInvoiceReminderSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (setting: InvoiceReminderSetting) => {
      const { data, error } = await supabase
        .from('settings')
        .update({
          value: {
            reminder_days: setting.reminder_days,
            release_days_before_event: setting.release_days_before_event,
          },
        })
        .eq('key', KEY)
        .select('key');
      if (error) throw error;
      if (data.length !== 1) throw new SettingsNotSavedError();
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminSettingsKeys.all }),
  });
}

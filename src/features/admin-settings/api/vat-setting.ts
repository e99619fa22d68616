import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { VatSetting } from '../vat-schema';
import { SettingsNotSavedError } from './save-fondue-settings';
import { adminSettingsKeys } from './settings-keys';

const KEY = 'vat';

export async function getVatSetting(): Promise<VatSetting> {
  const { data, error } = await supabase.from('settings').select('value').eq('key', KEY).maybeSingle();
  if (error) throw error;
  const value = (data?.value ?? {}) as Partial<VatSetting>;
  return { uid: value.uid ?? null, rate_percent: value.rate_percent ?? null };
}

export function useVatSetting() {
  return useQuery(queryOptions({ queryKey: [...adminSettingsKeys.all, 'vat'], queryFn: getVatSetting }));
}

export function useSaveVatSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (setting: VatSetting) => {
      const { data, error } = await supabase
        .from('settings')
        .update({ value: { uid: setting.uid, rate_percent: setting.rate_percent } })
        .eq('key', KEY)
        .select('key');
      if (error) throw error;
      if (data.length !== 1) throw new SettingsNotSavedError();
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminSettingsKeys.all }),
  });
}

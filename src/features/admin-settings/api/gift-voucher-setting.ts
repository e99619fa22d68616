import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { giftVoucherSettingSchema, type GiftVoucherSetting } from '../gift-voucher-schema';
import { SettingsNotSavedError } from './save-fondue-settings';
import { adminSettingsKeys } from './settings-keys';

const KEY = 'gift_vouchers';

/** The row exists from its migration on; a value that does not parse is a fault, not a default. */
export async function getGiftVoucherSetting(): Promise<GiftVoucherSetting> {
  const { data, error } = await supabase.from('settings').select('value').eq('key', KEY).single();
  if (error) throw error;
  return giftVoucherSettingSchema.parse(data.value);
}

export function useGiftVoucherSetting() {
  return useQuery(
    queryOptions({ queryKey: [...adminSettingsKeys.all, KEY], queryFn: getGiftVoucherSetting }),
  );
}

export function useSaveGiftVoucherSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (setting: GiftVoucherSetting) => {
      const { data, error } = await supabase
        .from('settings')
        .update({ value: { validity_years: setting.validity_years, legal_text: setting.legal_text } })
        .eq('key', KEY)
        .select('key');
      if (error) throw error;
      // RLS hides the row from a non-admin: the update then succeeds with no row changed.
      if (data.length !== 1) throw new SettingsNotSavedError();
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminSettingsKeys.all }),
  });
}

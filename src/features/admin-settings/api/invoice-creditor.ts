import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import type { InvoiceCreditor } from '../creditor-schema';
import type { TablesInsert } from '@common/database.ts';
import { ADMIN_ERROR_MESSAGES } from '@common/error-codes.ts';
import { adminSettingsKeys } from './settings-keys';
import { SettingsNotSavedError } from './save-fondue-settings';

// The invoice creditor (one row of public.invoice_creditor; admins read and write it, RLS).
// Without it, payment by invoice is not offered (payment-options, invoice_available).

/** The IBAN the database refused, with its German reason (trigger invoice_creditor_check_iban). */
export class InvalidIbanError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'InvalidIbanError';
  }
}

export async function getInvoiceCreditor(): Promise<InvoiceCreditor | null> {
  const { data, error } = await supabase.from('invoice_creditor').select('*').maybeSingle();
  if (error) throw error;
  return data;
}

export function invoiceCreditorQueryOptions() {
  return queryOptions({ queryKey: adminSettingsKeys.creditor(), queryFn: getInvoiceCreditor });
}

export function useInvoiceCreditor() {
  return useQuery(invoiceCreditorQueryOptions());
}

export async function saveInvoiceCreditor(row: TablesInsert<'invoice_creditor'>): Promise<InvoiceCreditor> {
  const { data, error } = await supabase.from('invoice_creditor').upsert(row).select('*');
  if (error) {
    if (error.message.includes('INVALID_IBAN'))
      throw new InvalidIbanError(error.details || ADMIN_ERROR_MESSAGES.INVALID_IBAN);
    throw error;
  }
  // RLS hides the row from a non-admin: nothing was saved.
  if (data.length !== 1) throw new SettingsNotSavedError();
  return data[0]!;
}

export function useSaveInvoiceCreditor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveInvoiceCreditor,
    // Every query: whether invoice is offered (payment-options) follows the creditor.
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_ROOT_KEY } from '@/lib/admin-query-keys';
import { supabase } from '@/lib/supabase';
import type { Json, Tables } from '@common/database.ts';
import type { CamtFile } from '../lib/camt';

/** The private bucket that keeps every imported file (audit trail; admins only). */
export const BANK_FILE_BUCKET = 'bank-files';

export type BankEntry = Pick<
  Tables<'bank_entries'>,
  | 'id'
  | 'entry_reference'
  | 'amount_cents'
  | 'currency'
  | 'value_date'
  | 'reference'
  | 'remittance'
  | 'debtor_name'
  | 'note'
  | 'created_at'
>;

export type ImportOutcome =
  'matched' | 'partial' | 'over' | 'unassigned' | 'foreign' | 'return' | 'already_imported';

export interface ImportSummary {
  matched: number;
  partial: number;
  over: number;
  unassigned: number;
  foreign: number;
  returns: number;
  alreadyImported: number;
  recordedCents: number;
}

export interface ImportedEntry {
  entryReference: string;
  outcome: ImportOutcome;
  amountCents: number;
  currency: string;
  reference: string | null;
  debtorName: string | null;
  bookingReference: string | null;
  name: string | null;
  openCents: number | null;
  excessCents: number | null;
}

/** public.admin_import_bank_entries' answer. */
export interface ImportResult {
  importId: string | null;
  committed: boolean;
  summary: ImportSummary;
  entries: ImportedEntry[];
}

export const bankKeys = {
  all: [...ADMIN_ROOT_KEY, 'bank'] as const,
  unassigned: () => [...bankKeys.all, 'unassigned'] as const,
};

async function runImport(file: CamtFile, fileName: string, storagePath: string | null, commit: boolean) {
  const payload = {
    fileName,
    storagePath,
    format: file.format,
    messageId: file.messageId,
    entries: file.entries,
  };
  const { data, error } = await supabase.rpc('admin_import_bank_entries', {
    p_file: payload as unknown as Json,
    p_commit: commit,
  });
  if (error) throw error;
  return data as unknown as ImportResult;
}

/** The summary of what confirming would do; nothing is stored. */
export function previewImport(file: CamtFile, fileName: string): Promise<ImportResult> {
  return runImport(file, fileName, null, false);
}

/** Keeps the file in the private bucket, then records its entries. */
export async function confirmImport(file: CamtFile, original: File): Promise<ImportResult> {
  const day = new Date().toISOString().slice(0, 10);
  const safeName = original.name.replace(/[^A-Za-z0-9._-]+/g, '_').slice(-120) || 'camt.xml';
  const path = `${day.slice(0, 4)}/${day}-${crypto.randomUUID()}-${safeName}`;
  const { error } = await supabase.storage
    .from(BANK_FILE_BUCKET)
    .upload(path, original, { upsert: false, contentType: 'application/xml' });
  if (error) throw error;
  return runImport(file, original.name, path, true);
}

export function useConfirmImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, original }: { file: CamtFile; original: File }) => confirmImport(file, original),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ADMIN_ROOT_KEY }),
  });
}

export async function getUnassignedEntries(): Promise<BankEntry[]> {
  const { data, error } = await supabase
    .from('bank_entries')
    .select(
      'id, entry_reference, amount_cents, currency, value_date, reference, remittance, debtor_name, note, created_at',
    )
    .eq('outcome', 'unassigned')
    .order('value_date', { ascending: false })
    .limit(500);
  if (error) throw error;
  return data;
}

export function useUnassignedEntries() {
  return useQuery(queryOptions({ queryKey: bankKeys.unassigned(), queryFn: getUnassignedEntries }));
}

/** Thrown when no booking has the reference the admin typed. */
export class BookingNotFound extends Error {
  override name = 'BookingNotFound';
}

/** Assigns an unassigned entry to the booking with this reference (SW-…). */
export async function assignEntry(entryId: string, bookingReference: string): Promise<{ outcome: string }> {
  const reference = bookingReference.trim().toUpperCase();
  const { data: booking, error: lookupError } = await supabase
    .from('admin_bookings')
    .select('id')
    .eq('reference', reference)
    .maybeSingle();
  if (lookupError) throw lookupError;
  if (!booking?.id) throw new BookingNotFound(reference);
  const { data, error } = await supabase.rpc('admin_assign_bank_entry', {
    p_entry_id: entryId,
    p_participant_id: booking.id,
  });
  if (error) throw error;
  return data as { outcome: string };
}

export function useAssignEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ entryId, bookingReference }: { entryId: string; bookingReference: string }) =>
      assignEntry(entryId, bookingReference),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ADMIN_ROOT_KEY }),
  });
}

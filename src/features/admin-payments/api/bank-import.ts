import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_ROOT_KEY } from '@/lib/admin-query-keys';
import { z } from 'zod';
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

const outcomeSchema = z.enum([
  'matched',
  'partial',
  'over',
  'unassigned',
  'foreign',
  'return',
  'already_imported',
]);

/** public.admin_import_bank_entries' answer (docs/contracts.md). */
const importResultSchema = z.object({
  importId: z.string().nullable(),
  committed: z.boolean(),
  summary: z.object({
    matched: z.number(),
    partial: z.number(),
    over: z.number(),
    unassigned: z.number(),
    foreign: z.number(),
    returns: z.number(),
    alreadyImported: z.number(),
    recordedCents: z.number(),
  }),
  entries: z.array(
    z.object({
      entryReference: z.string(),
      outcome: outcomeSchema,
      amountCents: z.number(),
      currency: z.string(),
      reference: z.string().nullable(),
      debtorName: z.string().nullable(),
      // An entry imported before carries no booking: these keys are absent then.
      bookingReference: z.string().nullable().default(null),
      name: z.string().nullable().default(null),
      openCents: z.number().nullable().default(null),
      excessCents: z.number().nullable().default(null),
    }),
  ),
});

export type ImportOutcome = z.infer<typeof outcomeSchema>;
export type ImportResult = z.infer<typeof importResultSchema>;

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
  } satisfies Json;
  const { data, error } = await supabase.rpc('admin_import_bank_entries', {
    p_file: payload,
    p_commit: commit,
  });
  if (error) throw error;
  return importResultSchema.parse(data);
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

import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { supabase } from '@/lib/supabase';
import { bookingKeys } from './booking-keys';

// The booking's receipts and credit notes as issued (public.receipts, issue 29), read and
// downloaded with the manage link: the database checks the token (booking_receipts,
// booking_receipt_document), the edge function booking-receipt renders the PDF.

const receiptSchema = z.object({
  number: z.string(),
  kind: z.enum(['receipt', 'credit_note']),
  issuedOn: z.string(),
  amountCents: z.number().int(),
});

export type BookingReceipt = z.infer<typeof receiptSchema>;

export function useBookingReceipts(reference: string, token: string) {
  return useQuery({
    // Under the booking's key: a cancellation or reduction there refreshes the list (a credit note).
    queryKey: bookingKeys.receipts(reference, token),
    queryFn: async (): Promise<BookingReceipt[]> => {
      const { data, error } = await supabase.rpc('booking_receipts', {
        p_reference: reference,
        p_token: token,
      });
      if (error) throw error;
      return z.array(receiptSchema).parse(data ?? []);
    },
  });
}

/** The receipt's PDF and the file name the function gives it. */
export async function fetchReceiptPdf(
  reference: string,
  token: string,
  number: string,
): Promise<{ blob: Blob; fileName: string }> {
  const { data, error, response } = await supabase.functions.invoke<Blob>('booking-receipt', {
    body: { reference, token, number },
  });
  if (error || !(data instanceof Blob)) throw error ?? new Error('booking-receipt answered no PDF');
  const disposition = response?.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `Beleg-${reference}-${number}.pdf`;
  return { blob: data, fileName };
}

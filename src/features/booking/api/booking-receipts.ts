import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { supabase } from '@/lib/supabase';
import { bookingKeys } from './booking-keys';

// The booking's receipts and credit notes as issued (public.receipts, issue 29), read and
// downloaded with the manage link: the database checks the token (booking_receipts,
// booking_receipt_document), the edge function booking-receipt renders the PDF. The same function
// renders the printable ticket (issue 28).

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
export function fetchReceiptPdf(
  reference: string,
  token: string,
  number: string,
): Promise<{ blob: Blob; fileName: string }> {
  return fetchBookingPdf({ reference, token, number }, `Beleg-${reference}-${number}.pdf`);
}

/** The printable ticket (issue 28), from the same function: only while the booking has a ticket. */
export function fetchTicketPdf(reference: string, token: string): Promise<{ blob: Blob; fileName: string }> {
  return fetchBookingPdf({ kind: 'ticket', reference, token }, `Ticket-${reference}.pdf`);
}

async function fetchBookingPdf(
  body: Record<string, string>,
  fallbackName: string,
): Promise<{ blob: Blob; fileName: string }> {
  const { data, error, response } = await supabase.functions.invoke<Blob>('booking-receipt', { body });
  // A blob by its shape, not `instanceof`: the one fetch hands over may come from another realm.
  if (error || typeof data?.arrayBuffer !== 'function')
    throw error ?? new Error('booking-receipt answered no PDF');
  const disposition = response?.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  return { blob: data, fileName };
}

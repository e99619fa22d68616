// What a receipt document is called: the PDF's title (supabase/functions/_shared/receipt.ts) and
// the manage page's 'Belege' (src/features/booking) say the same. Runtime-neutral.

export type ReceiptKind = 'receipt' | 'credit_note';

export const RECEIPT_TITLES: Record<ReceiptKind, string> = {
  receipt: 'Zahlungsbestätigung',
  credit_note: 'Gutschrift',
};

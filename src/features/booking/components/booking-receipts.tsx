import { Download } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { formatDateLong } from '@/lib/dates';
import { downloadBlob } from '@/lib/download';
import { formatChf } from '@common/format.ts';
import { RECEIPT_TITLES } from '@common/receipt-titles.ts';
import { fetchReceiptPdf, useBookingReceipts, type BookingReceipt } from '../api/booking-receipts';

/**
 * 'Belege' on the manage page: each receipt and credit note of the booking, as issued, to
 * download as PDF (the same document the mail carried). Shown once there is one.
 */
export function BookingReceipts({ reference, token }: { reference: string; token: string }) {
  const receipts = useBookingReceipts(reference, token);
  if (!receipts.data || receipts.data.length === 0) return null;
  return (
    <section aria-labelledby="receipts-heading" className="mt-10 space-y-3">
      <h2 id="receipts-heading" className="text-2xl font-semibold">
        Belege
      </h2>
      <ul className="divide-y rounded-lg border">
        {receipts.data.map((receipt) => (
          <ReceiptRow key={receipt.number} receipt={receipt} reference={reference} token={token} />
        ))}
      </ul>
    </section>
  );
}

function ReceiptRow({
  receipt,
  reference,
  token,
}: {
  receipt: BookingReceipt;
  reference: string;
  token: string;
}) {
  const [loading, setLoading] = useState(false);
  const title = RECEIPT_TITLES[receipt.kind];

  async function download() {
    setLoading(true);
    try {
      const { blob, fileName } = await fetchReceiptPdf(reference, token, receipt.number);
      downloadBlob(fileName, blob);
    } catch {
      toast({
        title: 'Beleg nicht geladen',
        description: 'Der Beleg konnte gerade nicht geladen werden. Bitte versuche es erneut.',
        variant: 'destructive',
      });
    } finally {
      setLoading(false);
    }
  }

  return (
    <li className="flex flex-wrap items-center justify-between gap-3 p-4">
      <div>
        <p className="font-medium">
          {title} · {formatChf(receipt.amountCents / 100)}
        </p>
        <p className="text-sm text-muted-foreground">
          Nr. {receipt.number} vom {formatDateLong(receipt.issuedOn)}
        </p>
      </div>
      <Button
        variant="outline"
        onClick={() => void download()}
        disabled={loading}
        aria-label={`PDF herunterladen: ${title} Nr. ${receipt.number}`}
      >
        <Download className="h-4 w-4" aria-hidden="true" />
        {loading ? 'Wird geladen…' : 'PDF herunterladen'}
      </Button>
    </li>
  );
}

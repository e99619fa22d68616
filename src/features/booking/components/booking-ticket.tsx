import { Download } from 'lucide-react';
import { useMemo, useState } from 'react';
import { encode } from 'uqr';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { downloadBlob } from '@/lib/download';
import { TICKET_HEADING, TICKET_HINT, TICKET_QR_OPTIONS } from '@common/ticket-qr.ts';
import { fetchTicketPdf } from '../api/booking-receipts';

/**
 * 'Dein Ticket' on the confirmation and manage pages (issue 28): the booking's signed ticket code
 * as a QR code for the scanner at the door, and as text below it, and the same as a PDF to print.
 * The database sends a code only for a booked seat at an event that takes place
 * (private.booking_ticket), and the PDF exists by the same rule.
 */
export function BookingTicket({
  code,
  reference,
  token,
}: {
  code: string;
  reference: string;
  token: string;
}) {
  const { size, path } = useMemo(() => qrPath(code), [code]);
  return (
    <section aria-labelledby="ticket-heading" className="mt-10 space-y-3">
      <h2 id="ticket-heading" className="text-2xl font-semibold">
        {TICKET_HEADING}
      </h2>
      <p className="text-muted-foreground">{TICKET_HINT}</p>
      {/* Dark on white in both themes: scanners read light modules as the background. */}
      <svg
        role="img"
        aria-label="QR-Code des Tickets"
        viewBox={`0 0 ${size} ${size}`}
        width={224}
        height={224}
        shapeRendering="crispEdges"
        className="rounded-md"
      >
        <rect width={size} height={size} fill="#fff" />
        <path d={path} fill="#000" />
      </svg>
      <p className="break-all font-mono text-sm">{code}</p>
      <TicketPdfButton reference={reference} token={token} />
    </section>
  );
}

/** 'Ticket als PDF': the printable ticket from the function booking-receipt, as a download. */
function TicketPdfButton({ reference, token }: { reference: string; token: string }) {
  const [loading, setLoading] = useState(false);

  async function download() {
    setLoading(true);
    try {
      const { blob, fileName } = await fetchTicketPdf(reference, token);
      downloadBlob(fileName, blob);
    } catch {
      toast({
        title: 'Ticket nicht geladen',
        description: 'Das Ticket konnte gerade nicht geladen werden. Bitte versuche es erneut.',
        variant: 'destructive',
      });
    } finally {
      setLoading(false);
    }
  }

  return (
    <Button variant="outline" onClick={() => void download()} disabled={loading}>
      <Download className="h-4 w-4" aria-hidden="true" />
      {loading ? 'Wird geladen…' : 'Ticket als PDF'}
    </Button>
  );
}

/** One path: a rectangle per horizontal run of dark modules (a couple of kilobytes of markup). */
function qrPath(code: string): { size: number; path: string } {
  const { size, data } = encode(code, TICKET_QR_OPTIONS);
  let path = '';
  data.forEach((row, y) => {
    for (let x = 0; x < size; x += 1) {
      if (!row[x]) continue;
      const start = x;
      while (row[x + 1]) x += 1;
      const run = x - start + 1;
      path += `M${start} ${y}h${run}v1h-${run}z`;
    }
  });
  return { size, path };
}

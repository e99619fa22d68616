import { useMemo } from 'react';
import { encode } from 'uqr';
import { TICKET_HEADING, TICKET_HINT, TICKET_QR_OPTIONS } from '@common/ticket-qr.ts';

/**
 * 'Dein Ticket' on the confirmation and manage pages (issue 28): the booking's signed ticket code
 * as a QR code for the scanner at the door, and as text below it. The database sends a code only
 * for a booked seat at an event that takes place (private.booking_ticket).
 */
export function BookingTicket({ code }: { code: string }) {
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
    </section>
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

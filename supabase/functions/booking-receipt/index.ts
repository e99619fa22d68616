// The visitor's documents as PDF, from the confirmation and manage pages; the manage token is the
// credential (public, anon key):
// - a receipt or credit note (issue 29): `{reference, token, number}`. The database checks the
//   token and that the receipt belongs to that booking (public.booking_receipt_document) and hands
//   back what the document printed when it was issued (public.receipts), so the download and the
//   mail's attachment are the same document, also after the mail's payload is gone.
// - the printable ticket (issue 28): `{kind: 'ticket', reference, token}`. Read through the same
//   path as the pages (public.booking_by_token), so the PDF exists exactly when the pages show the
//   QR code: a booked seat at an event that takes place (private.booking_ticket).
import { z } from 'npm:zod@4';
import { siteSettings } from '../_shared/env.ts';
import { HttpError, serveJson } from '../_shared/http.ts';
import { receiptProviderSchema } from '../_shared/mail-payloads.ts';
import { receiptFileName, renderReceiptPdf, type ReceiptFacts } from '../_shared/receipt.ts';
import { createServiceClient } from '../_shared/supabase-clients.ts';
import { renderTicketPdf, ticketFileName, type TicketDocument } from '../_shared/ticket-pdf.ts';

const RECEIPT_NOT_FOUND =
  'Diesen Beleg finden wir nicht. Bitte öffne ihn über den Link in deiner Bestätigung.';
const TICKET_NOT_FOUND =
  'Für diese Buchung gibt es kein Ticket. Bitte öffne es über den Link in deiner Bestätigung.';

const credential = { reference: z.string().max(40), token: z.string().max(200) };
const ticketRequest = z.object({ kind: z.literal('ticket'), ...credential });
const receiptRequest = z.object({
  kind: z.literal('receipt').optional(),
  ...credential,
  number: z.string().max(20),
});

const documentSchema = z.object({
  kind: z.enum(['receipt', 'credit_note']),
  number: z.string(),
  issuedOn: z.string(),
  amountCents: z.number().int(),
  method: z.string().nullable(),
  provider: receiptProviderSchema,
  bookingReference: z.string(),
  participantName: z.string(),
  participantEmail: z.string(),
  eventTitle: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
});

/** What the ticket prints of public.booking_by_token's answer; anything else there is ignored. */
const ticketBookingSchema = z.object({
  status: z.literal('valid'),
  reference: z.string(),
  name: z.string(),
  persons: z.number().int(),
  ticket_code: z.string().nullable(),
  tickets: z.array(z.object({ name: z.string(), persons: z.number().int() })).nullish(),
  event: z.object({
    title: z.string(),
    start_date: z.string().nullable(),
    end_date: z.string().nullable(),
    start_time: z.string().nullable(),
    end_time: z.string().nullable(),
    location: z.string().nullable(),
  }),
});

function pdfResponse(pdf: Uint8Array, fileName: string): Response {
  // A Blob is a body every runtime types as one (a Uint8Array's buffer may be shared).
  return new Response(new Blob([pdf.slice()]), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Cache-Control': 'private, no-store',
      // The page is on another origin: it names the file as the mail does only if it may read this.
      'Access-Control-Expose-Headers': 'Content-Disposition',
    },
  });
}

async function receiptPdf(input: z.infer<typeof receiptRequest>): Promise<Response> {
  const { data, error } = await createServiceClient().rpc('booking_receipt_document', {
    p_reference: input.reference,
    p_token: input.token,
    p_number: input.number,
  });
  if (error) throw new Error(`booking_receipt_document failed: ${error.message}`);
  if (data === null) throw new HttpError(404, RECEIPT_NOT_FOUND);
  const document = documentSchema.parse(data);
  const facts: ReceiptFacts = {
    kind: document.kind,
    receipt: { provider: document.provider, number: document.number, issuedOn: document.issuedOn },
    bookingReference: document.bookingReference,
    participantName: document.participantName,
    participantEmail: document.participantEmail,
    eventTitle: document.eventTitle,
    startDate: document.startDate,
    endDate: document.endDate,
    amountCents: document.amountCents,
    method: document.method ?? undefined,
  };
  return pdfResponse(await renderReceiptPdf(facts), receiptFileName(facts));
}

async function ticketPdf(input: z.infer<typeof ticketRequest>): Promise<Response> {
  const { data, error } = await createServiceClient().rpc('booking_by_token', {
    p_reference: input.reference,
    p_token: input.token,
  });
  if (error) throw new Error(`booking_by_token failed: ${error.message}`);
  // null: a wrong token; {status: 'expired'}: an expired one; no code: no seat to show at the door.
  const booking = ticketBookingSchema.safeParse(data);
  if (!booking.success || booking.data.ticket_code === null) throw new HttpError(404, TICKET_NOT_FOUND);
  const { event } = booking.data;
  const ticket: TicketDocument = {
    code: booking.data.ticket_code,
    reference: booking.data.reference,
    name: booking.data.name,
    persons: booking.data.persons,
    tickets: booking.data.tickets ?? null,
    event: {
      title: event.title,
      startDate: event.start_date,
      endDate: event.end_date,
      startTime: event.start_time,
      endTime: event.end_time,
      location: event.location,
    },
    site: siteSettings(),
  };
  return pdfResponse(await renderTicketPdf(ticket), ticketFileName(ticket));
}

Deno.serve(
  serveJson(async (body) => {
    const ticket = ticketRequest.safeParse(body);
    if (ticket.success) return await ticketPdf(ticket.data);
    const receipt = receiptRequest.safeParse(body);
    if (!receipt.success) {
      const kind = (body as { kind?: unknown } | null)?.kind;
      throw new HttpError(404, kind === 'ticket' ? TICKET_NOT_FOUND : RECEIPT_NOT_FOUND);
    }
    return await receiptPdf(receipt.data);
  }),
);

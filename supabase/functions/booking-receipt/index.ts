// The visitor's receipt or credit note as a PDF, from the manage page (issue 29):
// `{reference, token, number}` → application/pdf. The database checks the manage token and that
// the receipt belongs to that booking (public.booking_receipt_document) and hands back what the
// document printed when it was issued (public.receipts), so the download and the mail's
// attachment are the same document, also after the mail's payload is gone. Public (anon key):
// the manage token is the credential.
import { z } from 'npm:zod@4';
import { HttpError, serveJson } from '../_shared/http.ts';
import { receiptProviderSchema } from '../_shared/mail-payloads.ts';
import { receiptFileName, renderReceiptPdf, type ReceiptFacts } from '../_shared/receipt.ts';
import { createServiceClient } from '../_shared/supabase-clients.ts';

const NOT_FOUND = 'Diesen Beleg finden wir nicht. Bitte öffne ihn über den Link in deiner Bestätigung.';

const request = z.object({
  reference: z.string().max(40),
  token: z.string().max(200),
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

Deno.serve(
  serveJson(async (body) => {
    const input = request.safeParse(body);
    if (!input.success) throw new HttpError(404, NOT_FOUND);
    const { data, error } = await createServiceClient().rpc('booking_receipt_document', {
      p_reference: input.data.reference,
      p_token: input.data.token,
      p_number: input.data.number,
    });
    if (error) throw new Error(`booking_receipt_document failed: ${error.message}`);
    if (data === null) throw new HttpError(404, NOT_FOUND);
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
    const pdf = await renderReceiptPdf(facts);
    // A Blob is a body every runtime types as one (a Uint8Array's buffer may be shared).
    return new Response(new Blob([pdf.slice()]), {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${receiptFileName(facts)}"`,
        'Cache-Control': 'private, no-store',
        // The page is on another origin: it names the file as the mail does only if it may read this.
        'Access-Control-Expose-Headers': 'Content-Disposition',
      },
    });
  }),
);

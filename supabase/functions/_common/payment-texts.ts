// What a participant has to do about paying, per method: one text for the mails (templates.ts)
// and the booking's confirmation page (src/features/booking), so both always say the same.
// Runtime-neutral: no Deno or npm imports.
import { formatChf, formatDateLong } from './format.ts';

/** The invoice of a registration by invoice, as far as the mail text needs it. */
export interface MailInvoice {
  amountCents: number;
  dueDate: string;
  reference: string;
}

/** What the participant has to do about paying, per method (issue 15). */
export function paymentInstructions(method: string, status: string, invoice?: MailInvoice): string {
  switch (method) {
    case 'stripe':
      return status === 'paid'
        ? 'Online bezahlt. Die Quittung erhältst du in einer separaten E-Mail.'
        : 'Online mit Karte oder TWINT. Dein Platz bleibt 30 Minuten reserviert, bis die Zahlung eingegangen ist; danach wird er wieder freigegeben. Nach der Zahlung erhältst du eine Quittung per E-Mail.';
    case 'onsite':
      return 'Bar oder TWINT vor Ort.';
    case 'invoice':
      if (status === 'paid') return 'Per Rechnung, bezahlt.';
      return invoice
        ? `Per Rechnung: Die Rechnung mit QR-Einzahlungsschein ist als PDF angehängt. Bitte bezahle ${formatChf(invoice.amountCents / 100)} bis ${formatDateLong(invoice.dueDate)} (Referenz ${invoice.reference}).`
        : 'Per Rechnung: Die Rechnung mit QR-Einzahlungsschein erhältst du per E-Mail.';
    case 'free':
      return 'Kostenlos, du musst nichts bezahlen.';
    default:
      return '';
  }
}

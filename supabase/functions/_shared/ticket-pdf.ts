import { parseCalendarDate, shortDate } from '@common/calendar-dates.ts';
import { displayTime } from '@common/event-time.ts';
import { formatTicketCounts, personsLabel } from '@common/format.ts';
import { TICKET_HINT } from '@common/ticket-qr.ts';
import { box, oneLine, pageFooter, siteLabel, startPdf } from './pdf-document.ts';
import { drawQr } from './pdf-qr.ts';

// The optional printed ticket (issue 28): one A4 page with the event, when and where, who booked
// and for how many, the booking reference, and the booking's signed ticket code as a QR code
// large enough to scan from paper, and as text. Made like the gift voucher (pdf-document.ts,
// pdf-qr.ts) and pure: the same booking renders to the same bytes on every try.

export interface TicketDocument {
  /** The signed ticket code (private.ticket_code): printed and encoded in the QR. */
  code: string;
  reference: string;
  name: string;
  persons: number;
  /** Persons per ticket type; null or empty for an event without types. */
  tickets: ReadonlyArray<{ name: string; persons: number }> | null;
  event: {
    title: string;
    startDate: string | null;
    endDate: string | null;
    startTime: string | null;
    endTime: string | null;
    location: string | null;
  };
  /** Printed in the foot: the site's name and address (SITE_NAME, SITE_URL). */
  site: { name: string; url: string };
}

const HEADING = 'Ticket';

// A4 (595 × 842 pt) with the receipts' 56 pt margin. The code and the foot sit at fixed places
// from the page's bottom up; the details flow from the top and end above the code.
const LEFT = 56;
const WIDTH = 595.28 - 2 * LEFT;
const BOTTOM = 841.89 - 56;
const FOOTER_Y = BOTTOM - 24;
/** 200 pt (7 cm) without the quiet zone: a ticket code (version 4, 33 modules) gets 2 mm modules. */
const QR_SIZE = 200;
/** Keeps text clear of the quiet zone (4 modules = 24 pt here), which a scanner needs white. */
const QR_CLEAR = 28;
const CODE_Y = FOOTER_Y - 22 - 30; // two lines of Courier under the code, a gap above the foot
const QR_Y = CODE_Y - QR_CLEAR - QR_SIZE;
const QR_X = (595.28 - QR_SIZE) / 2;
const LABEL_WIDTH = 120;
const GREY = '#555555';

/** '29.11.2026' or '29.11.2026 – 30.11.2026'; 'Datum folgt' without a date. */
function dates(start: string | null, end: string | null): string {
  const first = parseCalendarDate(start);
  if (!first) return 'Datum folgt';
  const last = parseCalendarDate(end);
  return last && end !== start ? `${shortDate(first)} – ${shortDate(last)}` : shortDate(first);
}

/** '2 × Erwachsene, 1 × Kinder' with ticket types, else '3 Personen'. */
export function ticketPersons(ticket: Pick<TicketDocument, 'persons' | 'tickets'>): string {
  return ticket.tickets?.length ? formatTicketCounts(ticket.tickets) : personsLabel(ticket.persons);
}

export function ticketFileName(ticket: Pick<TicketDocument, 'reference'>): string {
  return `Ticket-${ticket.reference}.pdf`;
}

export async function renderTicketPdf(ticket: TicketDocument): Promise<Uint8Array> {
  const { event } = ticket;
  // The document's day is the event's (no clock goes in); the code stays out of the metadata.
  const { doc, fonts, finish } = await startPdf({
    Title: `${HEADING} ${ticket.reference}`,
    Author: ticket.site.name,
    day: event.startDate && parseCalendarDate(event.startDate) ? event.startDate : '2000-01-01',
  });

  doc.font('Helvetica-Bold').fontSize(28).text(HEADING, LEFT, LEFT, { width: WIDTH, lineBreak: false });
  let y = box(doc, fonts, oneLine(event.title), { x: LEFT, y: doc.y + 14, width: WIDTH }, 20, { lines: 3 });

  const time = displayTime(event.startTime, event.endTime);
  const rows: Array<[string, string, number]> = [
    ['Datum', dates(event.startDate, event.endDate), 1],
    ...(time ? ([['Zeit', time, 1]] as Array<[string, string, number]>) : []),
    ['Ort', oneLine(event.location ?? ''), 2],
    ['Name', oneLine(ticket.name), 2],
    [ticket.tickets?.length ? 'Tickets' : 'Personen', ticketPersons(ticket), 2],
    ['Buchungsnummer', ticket.reference, 1],
  ];
  y += 18;
  for (const [label, value, lines] of rows) {
    doc.fillColor(GREY);
    box(doc, fonts, label, { x: LEFT, y: y + 2, width: LABEL_WIDTH - 8 }, 10, { lines: 1 });
    doc.fillColor('black');
    y = box(doc, fonts, value || '–', { x: LEFT + LABEL_WIDTH, y, width: WIDTH - LABEL_WIDTH }, 13, {
      lines,
    });
    y += 8;
  }

  doc.fillColor(GREY);
  box(doc, fonts, TICKET_HINT, { x: LEFT, y: QR_Y - QR_CLEAR - 30, width: WIDTH }, 10, { lines: 2 });
  drawQr(doc, ticket.code, QR_X, QR_Y, QR_SIZE);
  // Monospaced, to read aloud or type in at the door; the codes are ASCII, which Courier prints.
  doc.fillColor('black').font('Courier-Bold').fontSize(11);
  doc.text(ticket.code, LEFT, CODE_Y, { width: WIDTH, align: 'center', height: 30 });

  pageFooter(doc, fonts, [ticket.site.name, siteLabel(ticket.site.url)], FOOTER_Y);
  return finish();
}

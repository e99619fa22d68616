import { formatDateShort, formatDateTime } from '@/lib/dates';
import { toCsv } from '@/lib/csv';
import { formatTickets } from '@common/format.ts';
import type { AdminParticipant } from './admin-participant';
import { historyActionLabel } from './booking-history';
import { bookingStatusLabel, moneySummary, paymentMethodText } from './booking-state';

const HEADER = [
  'Buchungsreferenz',
  'Name',
  'E-Mail',
  'Telefon',
  'Event',
  'Eventdatum',
  'Personen',
  'Tickets',
  'Status',
  'Zahlung',
  'Zahlungsart',
  'QR-Referenz',
  'Betrag geschuldet (CHF)',
  'Bezahlt (CHF)',
  'Rückerstattet (CHF)',
  'Offen (CHF)',
  'Zahlung prüfen',
  'Anmeldedatum',
  'Letzte Änderung',
  'Kommentar',
];

/** Cents as a plain decimal ('1250.00'): a spreadsheet reads it as a number. */
function amount(cents: number): string {
  return (cents / 100).toFixed(2);
}

/**
 * Every question answered in the export, by its text as booked, in the order first met: one
 * column each (the same text in two events is one column).
 */
function questionColumns(participants: readonly AdminParticipant[]): string[] {
  const labels = new Set<string>();
  for (const p of participants) for (const answer of p.answers) labels.add(answer.label);
  return [...labels];
}

/** One answer cell; a booking that answered the same text twice shows both. */
function answerCell(p: AdminParticipant, label: string): string {
  return p.answers
    .filter((answer) => answer.label === label)
    .map((answer) => answer.answer)
    .join('; ');
}

function lastChange(p: AdminParticipant): string {
  if (!p.lastAction) return '';
  const when = p.lastActionAt ? `${formatDateTime(p.lastActionAt)}: ` : '';
  return `${when}${historyActionLabel(p.lastAction)}`;
}

/** The participants list as the CSV file the admin downloads (cells defused by toCsv). */
export function participantsToCsv(participants: AdminParticipant[]): string {
  const questions = questionColumns(participants);
  const rows = participants.map((p) => [
    p.reference,
    p.name,
    p.email,
    p.phone,
    p.eventTitle,
    p.eventDate ? formatDateShort(p.eventDate) : 'Datum unbekannt',
    String(p.persons),
    p.tickets ? formatTickets(p.tickets) : '',
    bookingStatusLabel(p.status, p.paymentMethod),
    moneySummary(p),
    paymentMethodText(p.paymentMethod, p.paidMethod),
    p.invoiceReference ?? '',
    amount(p.owedCents),
    amount(p.paidCents),
    amount(p.refundedCents),
    amount(p.openCents),
    p.needsReview ? 'Ja' : 'Nein',
    formatDateTime(p.registrationDate),
    lastChange(p),
    p.notes,
    ...questions.map((label) => answerCell(p, label)),
  ]);
  return toCsv([...HEADER, ...questions], rows);
}

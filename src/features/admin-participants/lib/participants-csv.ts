import { formatDateShort } from '@/lib/dates';
import { toCsv } from '@/lib/csv';
import { answersText } from '@/lib/event-questions';
import { formatDateTime } from '@/lib/dates';
import { paymentMethodLabel, paymentStatusLabel, type AdminParticipant } from './admin-participant';

const HEADER = [
  'Name',
  'E-Mail',
  'Telefon',
  'Event',
  'Eventdatum',
  'Personen',
  'Status',
  'Zahlungsart',
  'Anmeldedatum',
  'Kommentar',
  'Antworten',
];

export function participantsToCsv(participants: AdminParticipant[]): string {
  const rows = participants.map((p) => [
    p.name,
    p.email,
    p.phone,
    p.eventTitle,
    p.eventDate ? formatDateShort(p.eventDate) : 'Datum unbekannt',
    String(p.persons),
    paymentStatusLabel(p.paymentStatus),
    paymentMethodLabel(p.paymentMethod),
    formatDateTime(p.registrationDate),
    p.notes,
    answersText(p.answers),
  ]);
  return toCsv(HEADER, rows);
}

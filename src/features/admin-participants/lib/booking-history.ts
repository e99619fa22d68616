// One row of a booking's history (public.booking_history) in the admin's words: when, who, what,
// status and persons before and after, the amount and the note; an override (seats given beyond
// capacity on purpose) is marked.

import { formatDateTime } from '@/lib/dates';
import { personsLabel } from '@common/format.ts';
import { bookingStatusLabel, cents } from './booking-state';

/** The columns of a history row the page shows (mapped from the generated row type). */
export interface HistoryEntry {
  id: string;
  createdAt: string;
  actor: string;
  actorName: string;
  action: string;
  statusBefore: string | null;
  statusAfter: string | null;
  personsBefore: number | null;
  personsAfter: number | null;
  /** Title and date of the event before and after a move, when the page knows them. */
  eventBefore: string | null;
  eventAfter: string | null;
  amountCents: number | null;
  note: string;
  override: boolean;
}

export const HISTORY_ACTION_LABELS: Record<string, string> = {
  booked: 'Gebucht',
  payment_confirmed: 'Online-Zahlung bestätigt',
  payment_mismatch: 'Online-Zahlung passt nicht (Zahlung prüfen)',
  payment_recorded: 'Zahlung erfasst',
  payment_accepted: 'Abweichende Zahlung angenommen',
  payment_rejected: 'Abweichende Zahlung zurückgewiesen',
  cancelled_by_visitor: 'Vom Kunden storniert',
  reduced_by_visitor: 'Vom Kunden reduziert',
  cancelled_by_staff: 'Vom Team storniert',
  refunded: 'Rückerstattung ausgelöst',
  refund_recorded: 'Rückerstattung per Überweisung erfasst',
  persons_changed: 'Personen geändert',
  moved: 'Verschoben',
  reactivated: 'Reaktiviert',
  hold_expired: 'Reservation abgelaufen',
  confirmed_by_visitor: 'Per E-Mail-Link bestätigt',
  waitlist_claimed: 'Von der Warteliste gebucht',
  event_cancelled: 'Event abgesagt',
  contact_changed: 'Kontaktdaten geändert',
  checked_in: 'Eingecheckt',
  checkin_undone: 'Check-in rückgängig gemacht',
  invoice_reminded: 'Zahlungserinnerung gesendet',
  invoice_released: 'Rechnung unbezahlt: Plätze freigegeben',
};

const ACTOR_LABELS: Record<string, string> = {
  visitor: 'Besucher/in',
  stripe: 'Stripe',
  system: 'System',
};

export function historyActionLabel(action: string): string {
  return HISTORY_ACTION_LABELS[action] ?? action;
}

/** 'Besucher/in', 'Stripe', 'System', or the admin's name as it was at the time. */
export function historyActorLabel(entry: Pick<HistoryEntry, 'actor' | 'actorName'>): string {
  if (entry.actor === 'admin') return entry.actorName.trim() || 'Admin';
  return ACTOR_LABELS[entry.actor] ?? entry.actor;
}

/** The changes of one entry as short German phrases (empty when nothing but the action is known). */
export function historyDetails(entry: HistoryEntry): string[] {
  const details: string[] = [];
  if (entry.statusBefore !== entry.statusAfter && (entry.statusBefore || entry.statusAfter)) {
    const before = entry.statusBefore ? bookingStatusLabel(entry.statusBefore) : 'neu';
    details.push(`${before} → ${entry.statusAfter ? bookingStatusLabel(entry.statusAfter) : '–'}`);
  }
  if (
    entry.personsBefore !== null &&
    entry.personsAfter !== null &&
    entry.personsBefore !== entry.personsAfter
  )
    details.push(`${personsLabel(entry.personsBefore)} → ${personsLabel(entry.personsAfter)}`);
  else if (entry.personsAfter !== null) details.push(personsLabel(entry.personsAfter));
  if (entry.eventBefore || entry.eventAfter)
    details.push(`${entry.eventBefore ?? 'unbekanntes Event'} → ${entry.eventAfter ?? 'unbekanntes Event'}`);
  if (entry.amountCents !== null) details.push(cents(entry.amountCents));
  return details;
}

export function historyWhen(entry: Pick<HistoryEntry, 'createdAt'>): string {
  return formatDateTime(entry.createdAt);
}

/** The label the history and the CSV give an override. */
export const OVERRIDE_LABEL = 'Überbuchung bewusst zugelassen';

// The check-in list's model: one event's registrations that hold seats, and the counts the door
// needs (persons, not registrations: a booking for three is three people at the door).

import { formatDateRange } from '@/lib/dates';
import { readAnswers, type StoredAnswer } from '@/lib/event-questions';
import type { Tables } from '@common/database.ts';
import { displayTime } from '@common/event-time.ts';
import type { TicketLine } from '@common/format.ts';
import { readTickets } from './admin-participant';

/** A literal, so supabase-js infers the row type from it. */
export const CHECKIN_COLUMNS =
  'id, name, email, phone, persons, status, payment_method, notes, answers, checked_in_at, open_cents, tickets';

export const CHECKIN_EVENT_COLUMNS =
  'id, title, start_date, end_date, start_time, end_time, location, max_participants';

/** A row of admin_bookings (a view: every column may be null). */
export type CheckinRow = Pick<
  Tables<'admin_bookings'>,
  | 'id'
  | 'name'
  | 'email'
  | 'phone'
  | 'persons'
  | 'status'
  | 'payment_method'
  | 'notes'
  | 'answers'
  | 'checked_in_at'
  | 'open_cents'
  | 'tickets'
>;

export type CheckinEventRow = Pick<
  Tables<'events'>,
  'id' | 'title' | 'start_date' | 'end_date' | 'start_time' | 'end_time' | 'location' | 'max_participants'
>;

export interface CheckinEntry {
  id: string;
  name: string;
  email: string;
  phone: string;
  persons: number;
  /** held or confirmed (only bookings that hold seats are on the list). */
  status: string;
  paymentMethod: string;
  /** What is still to pay, in cents (0 when paid or free). */
  openCents: number;
  notes: string;
  /** Answers to the event's questions (the child's name, the menu...). */
  answers: StoredAnswer[];
  /** When the registration was marked present; null while not. */
  checkedInAt: string | null;
  /** The tickets per type (issue 28); null for an event without types. */
  tickets: TicketLine[] | null;
}

export interface CheckinEvent {
  id: string;
  title: string;
  startDate: string | null;
  endDate: string | null;
  startTime: string | null;
  endTime: string | null;
  location: string;
  maxParticipants: number;
}

export interface CheckinList {
  event: CheckinEvent;
  entries: CheckinEntry[];
}

export function toCheckinEntry(row: CheckinRow): CheckinEntry {
  return {
    id: row.id ?? '',
    name: row.name ?? '',
    email: row.email ?? '',
    phone: row.phone ?? '',
    persons: row.persons ?? 0,
    status: row.status ?? '',
    paymentMethod: row.payment_method ?? '',
    openCents: row.open_cents ?? 0,
    notes: row.notes ?? '',
    answers: readAnswers(row.answers ?? []),
    checkedInAt: row.checked_in_at,
    tickets: readTickets(row.tickets),
  };
}

export function toCheckinEvent(row: CheckinEventRow): CheckinEvent {
  return {
    id: row.id,
    title: row.title,
    startDate: row.start_date,
    endDate: row.end_date,
    startTime: row.start_time,
    endTime: row.end_time,
    location: row.location,
    maxParticipants: row.max_participants,
  };
}

export interface CheckinCounts {
  /** Persons of the registrations marked present. */
  present: number;
  /** Persons of all registrations on the list. */
  expected: number;
}

export function checkinCounts(entries: readonly CheckinEntry[]): CheckinCounts {
  return entries.reduce(
    (counts, entry) => ({
      present: counts.present + (entry.checkedInAt ? entry.persons : 0),
      expected: counts.expected + entry.persons,
    }),
    { present: 0, expected: 0 },
  );
}

/** Lower case without accents, so 'muller' finds 'Müller' on a phone keyboard. */
function folded(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase('de-CH');
}

/** The entries whose name contains every word of the search, in their order. */
export function searchByName(entries: readonly CheckinEntry[], search: string): CheckinEntry[] {
  const words = folded(search).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...entries];
  return entries.filter((entry) => {
    const name = folded(entry.name);
    return words.every((word) => name.includes(word));
  });
}

/** 'date · time · place' of the event, for the check-in header and the printed list. */
export function eventLine(event: CheckinEvent): string {
  const date = event.startDate ? formatDateRange(event.startDate, event.endDate) : null;
  return [date, displayTime(event.startTime, event.endTime), event.location].filter(Boolean).join(' · ');
}

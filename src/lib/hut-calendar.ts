// The fondue hut calendar's weeks (Monday first, as in Switzerland) and its German words, for the
// public calendar and the admin's season view alike; apart from the components so the rules are
// tested without a browser.

import { WEEKDAYS } from './weekdays';

/** An evening's state as hut_month answers it. */
export const EVENING_STATES = ['bookable', 'booked', 'blocked', 'outside_season', 'closed', 'past'] as const;
export type EveningState = (typeof EVENING_STATES)[number];

const MONTHS = [
  'Januar',
  'Februar',
  'März',
  'April',
  'Mai',
  'Juni',
  'Juli',
  'August',
  'September',
  'Oktober',
  'November',
  'Dezember',
];

/** What a day says in the calendar (the public never learns why an evening is blocked). */
export const STATE_LABELS: Record<EveningState, string> = {
  bookable: 'frei',
  booked: 'bereits vergeben',
  blocked: 'nicht verfügbar',
  outside_season: 'ausserhalb der Saison',
  closed: 'geschlossen',
  past: 'vorbei',
};

function parts(day: string): { year: number; month: number; date: number } {
  const [year, month, date] = day.split('-').map(Number);
  return { year: year!, month: month!, date: date! };
}

/** 0 = Monday .. 6 = Sunday, of an ISO date (calendar arithmetic in UTC: no time zone can shift it). */
export function weekdayIndex(day: string): number {
  const { year, month, date } = parts(day);
  return (new Date(Date.UTC(year, month - 1, date)).getUTCDay() + 6) % 7;
}

/** 'Donnerstag, 3. Dezember 2026'. */
export function dayLabel(day: string): string {
  const { year, month, date } = parts(day);
  return `${WEEKDAYS[weekdayIndex(day)]!.long}, ${date}. ${MONTHS[month - 1]} ${year}`;
}

/** 'Dezember 2026' of 'yyyy-MM'. */
export function monthLabel(month: string): string {
  const [year, number] = month.split('-').map(Number);
  return `${MONTHS[number! - 1]} ${year}`;
}

/** 'yyyy-MM' moved by `delta` months. */
export function addMonths(month: string, delta: number): string {
  const [year, number] = month.split('-').map(Number);
  const index = year! * 12 + (number! - 1) + delta;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The month's days in weeks of seven, Monday first; null fills the days of other months. */
export function monthWeeks<T extends { day: string }>(days: readonly T[]): (T | null)[][] {
  if (days.length === 0) return [];
  const cells: (T | null)[] = [...Array<null>(weekdayIndex(days[0]!.day)).fill(null), ...days];
  while (cells.length % 7 !== 0) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
}

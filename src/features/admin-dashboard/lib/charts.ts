// The dashboard charts' model: weeks with bookings, persons and revenue (admin_weekly_bookings)
// and the upcoming events' occupancy (admin_event_occupancy), both counted in persons.

import { format, parseISO } from 'date-fns';
import type { Database } from '@common/database.ts';

type WeekRow = Database['public']['Functions']['admin_weekly_bookings']['Returns'][number];
type OccupancyRow = Database['public']['Functions']['admin_event_occupancy']['Returns'][number];

export interface WeekFigures {
  /** Monday of the week, 'yyyy-MM-dd'. */
  weekStart: string;
  registrations: number;
  persons: number;
  /** CHF. */
  revenue: number;
}

export interface EventOccupancy {
  eventId: string;
  title: string;
  startDate: string;
  booked: number;
  capacity: number;
  /** Booked over capacity, 0..100 (a full or overbooked event is 100). */
  percent: number;
}

export function toWeekFigures(row: WeekRow): WeekFigures {
  return {
    weekStart: row.week_start,
    registrations: row.registrations,
    persons: row.persons,
    // bigint cents: exact in a JS number for any realistic sum.
    revenue: Number(row.revenue_cents) / 100,
  };
}

export function toEventOccupancy(row: OccupancyRow): EventOccupancy {
  const percent = row.max_participants > 0 ? (row.booked_persons / row.max_participants) * 100 : 0;
  return {
    eventId: row.event_id,
    title: row.title,
    startDate: row.start_date,
    booked: row.booked_persons,
    capacity: row.max_participants,
    percent: Math.min(100, Math.round(percent)),
  };
}

/** 'dd.MM.' of the week's Monday, the axis label. */
export function weekLabel(weekStart: string): string {
  return format(parseISO(weekStart), 'dd.MM.');
}

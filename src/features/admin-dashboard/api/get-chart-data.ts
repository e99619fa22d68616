import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { toEventOccupancy, toWeekFigures, type EventOccupancy, type WeekFigures } from '../lib/charts';
import { dashboardKeys } from './dashboard-keys';

/** The chart's weeks; the SQL function counts and sums in the provider's time zone. */
export const CHART_WEEKS = 12;
export const OCCUPANCY_EVENTS = 10;

export async function getWeeklyBookings(): Promise<WeekFigures[]> {
  const { data, error } = await supabase.rpc('admin_weekly_bookings', { p_weeks: CHART_WEEKS });
  if (error) throw error;
  return data.map(toWeekFigures);
}

export async function getEventOccupancy(): Promise<EventOccupancy[]> {
  const { data, error } = await supabase.rpc('admin_event_occupancy', { p_limit: OCCUPANCY_EVENTS });
  if (error) throw error;
  return data.map(toEventOccupancy);
}

export function weeklyBookingsQueryOptions() {
  return queryOptions({ queryKey: dashboardKeys.weekly(), queryFn: getWeeklyBookings });
}

export function eventOccupancyQueryOptions() {
  return queryOptions({ queryKey: dashboardKeys.occupancy(), queryFn: getEventOccupancy });
}

export function useWeeklyBookings() {
  return useQuery(weeklyBookingsQueryOptions());
}

export function useEventOccupancy() {
  return useQuery(eventOccupancyQueryOptions());
}

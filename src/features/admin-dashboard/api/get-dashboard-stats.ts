import { useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { dashboardKeys } from './dashboard-keys';

/** Computed by admin_dashboard_stats() in one query (spec §9 "Dashboard statistics"). */
export interface DashboardStats {
  totalEvents: number;
  upcomingEvents: number;
  uniqueParticipants: number;
  revenue: number;
  occupancyPercent: number;
}

interface DashboardStatsRow {
  total_events: number;
  upcoming_events: number;
  unique_participants: number;
  revenue: number | string;
  occupancy_percent: number | string;
}

export async function getDashboardStats(): Promise<DashboardStats> {
  const { data, error } = await supabase.rpc('admin_dashboard_stats');
  if (error) throw error;
  const row = data as DashboardStatsRow;
  return {
    totalEvents: Number(row.total_events),
    upcomingEvents: Number(row.upcoming_events),
    uniqueParticipants: Number(row.unique_participants),
    revenue: Number(row.revenue),
    occupancyPercent: Math.round(Number(row.occupancy_percent)),
  };
}

export function useDashboardStats() {
  return useQuery({ queryKey: dashboardKeys.stats(), queryFn: getDashboardStats, staleTime: 0 });
}

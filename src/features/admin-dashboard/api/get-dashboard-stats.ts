import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { supabase } from '@/lib/supabase';
import { dashboardKeys } from './dashboard-keys';

/** Computed by admin_dashboard_stats() in one query (spec §9 "Dashboard statistics"). */
export interface DashboardStats {
  totalEvents: number;
  upcomingEvents: number;
  uniqueParticipants: number;
  /** CHF: the spec's "Umsatz" (price × participants of the bookings that hold seats), "gebucht". */
  revenue: number;
  /** CHF that discount codes take off the bookings that hold seats (issue 28). */
  discounts: number;
  /** CHF that came in: payments minus refunds, gift vouchers sold included ("erhalten"). */
  received: number;
  /** CHF that gift vouchers paid, less what went back onto them: no money (issue 28). */
  vouchers: number;
  /** CHF still owed by bookings that hold seats ("offen"). */
  open: number;
  occupancyPercent: number;
}

// The function answers jsonb; numeric values may arrive as strings.
const statsRowSchema = z.object({
  total_events: z.coerce.number(),
  upcoming_events: z.coerce.number(),
  unique_participants: z.coerce.number(),
  revenue: z.coerce.number(),
  discount_cents: z.coerce.number(),
  received_cents: z.coerce.number(),
  voucher_cents: z.coerce.number(),
  open_cents: z.coerce.number(),
  occupancy_percent: z.coerce.number(),
});

export async function getDashboardStats(): Promise<DashboardStats> {
  const { data, error } = await supabase.rpc('admin_dashboard_stats');
  if (error) throw error;
  const row = statsRowSchema.parse(data);
  return {
    totalEvents: row.total_events,
    upcomingEvents: row.upcoming_events,
    uniqueParticipants: row.unique_participants,
    revenue: row.revenue,
    discounts: row.discount_cents / 100,
    received: row.received_cents / 100,
    vouchers: row.voucher_cents / 100,
    open: row.open_cents / 100,
    occupancyPercent: Math.round(row.occupancy_percent),
  };
}

export function dashboardStatsQueryOptions() {
  return queryOptions({ queryKey: dashboardKeys.stats(), queryFn: getDashboardStats, staleTime: 0 });
}

export function useDashboardStats() {
  return useQuery(dashboardStatsQueryOptions());
}

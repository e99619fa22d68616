import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { dashboardKeys } from './dashboard-keys';
import { DASHBOARD_LIST_SIZE } from './get-upcoming-events';

export interface RecentRegistration {
  id: string;
  name: string;
  email: string;
  createdAt: string;
  eventTitle: string;
}

export async function getRecentRegistrations(): Promise<RecentRegistration[]> {
  const { data, error } = await supabase
    .from('participants')
    .select('id, name, email, created_at, event:events(title)')
    .order('created_at', { ascending: false })
    .limit(DASHBOARD_LIST_SIZE);
  if (error) throw error;
  return data.map((row) => ({
    id: row.id,
    name: row.name,
    email: row.email,
    createdAt: row.created_at,
    eventTitle: row.event?.title || 'Unknown Event',
  }));
}

export function recentRegistrationsQueryOptions() {
  return queryOptions({
    queryKey: dashboardKeys.recentRegistrations(),
    queryFn: getRecentRegistrations,
    staleTime: 0,
  });
}

export function useRecentRegistrations() {
  return useQuery(recentRegistrationsQueryOptions());
}

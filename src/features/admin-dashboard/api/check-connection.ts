import { queryOptions, useQuery } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { dashboardKeys } from './dashboard-keys';

/** Spec §9: the probe gives up after 8 seconds and its answer is reused for 60 seconds. */
const PROBE_TIMEOUT_MS = 8_000;
const PROBE_CACHE_MS = 60_000;

export type ConnectionState = 'checking' | 'connected' | 'failed';

/** The cheapest possible read: one id. Any error counts as "not connected". */
export async function probeDatabase(): Promise<boolean> {
  const { error } = await supabase
    .from('events')
    .select('id')
    .limit(1)
    .abortSignal(AbortSignal.timeout(PROBE_TIMEOUT_MS));
  return !error;
}

export function connectionQueryOptions() {
  return queryOptions({
    queryKey: dashboardKeys.connection(),
    queryFn: probeDatabase,
    staleTime: PROBE_CACHE_MS,
    retry: false,
  });
}

export function useConnectionState(): ConnectionState {
  const probe = useQuery(connectionQueryOptions());
  if (probe.isPending) return 'checking';
  return probe.data ? 'connected' : 'failed';
}

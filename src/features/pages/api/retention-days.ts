import { queryOptions, useQuery } from '@tanstack/react-query';
import { getRetentionDays, retentionDaysKey } from '@/lib/retention-days';

/** The retention limits the privacy page prints (read at build time and again in the browser). */
export function useRetentionDays() {
  return useQuery(queryOptions({ queryKey: retentionDaysKey, queryFn: getRetentionDays }));
}

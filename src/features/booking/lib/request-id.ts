import { randomUuid } from '@/lib/uuid';

/** A random v4 UUID for `p_request_id` (also over plain http, see randomUuid). */
export function newRequestId(): string {
  return randomUuid();
}

// Scans made while the door has no connection (issue 28): kept in the phone's storage per event
// and sent in the order they were made once the connection is back. A code scanned twice while
// offline is one entry (the second scan would only answer "bereits eingecheckt").

export interface QueuedScan {
  code: string;
  /** Persons to check in; null: all who are not in yet. */
  persons: number | null;
  /** When the scan was made (ISO), shown while it waits. */
  scannedAt: string;
}

/** The part of the Web Storage API the queue needs (localStorage in the browser). */
export type ScanStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function queueKey(eventId: string): string {
  return `checkin-queue:${eventId}`;
}

export function readQueue(storage: ScanStorage, eventId: string): QueuedScan[] {
  try {
    const stored: unknown = JSON.parse(storage.getItem(queueKey(eventId)) ?? '[]');
    return Array.isArray(stored) ? stored.filter(isQueuedScan) : [];
  } catch {
    return [];
  }
}

export function enqueueScan(storage: ScanStorage, eventId: string, scan: QueuedScan): QueuedScan[] {
  const queue = readQueue(storage, eventId);
  const next = queue.some((queued) => queued.code === scan.code) ? queue : [...queue, scan];
  writeQueue(storage, eventId, next);
  return next;
}

/** Removes the first entry (sent, or refused for good) and answers what is left. */
export function dropFirst(storage: ScanStorage, eventId: string): QueuedScan[] {
  const next = readQueue(storage, eventId).slice(1);
  writeQueue(storage, eventId, next);
  return next;
}

function writeQueue(storage: ScanStorage, eventId: string, queue: QueuedScan[]): void {
  if (queue.length === 0) storage.removeItem(queueKey(eventId));
  else storage.setItem(queueKey(eventId), JSON.stringify(queue));
}

function isQueuedScan(value: unknown): value is QueuedScan {
  if (typeof value !== 'object' || value === null) return false;
  const scan = value as Record<string, unknown>;
  return (
    typeof scan.code === 'string' &&
    (scan.persons === null || typeof scan.persons === 'number') &&
    typeof scan.scannedAt === 'string'
  );
}

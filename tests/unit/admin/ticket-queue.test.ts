import { describe, expect, it } from 'vitest';
import {
  dropFirst,
  enqueueScan,
  queueKey,
  readQueue,
  type ScanStorage,
} from '@/features/admin-participants/lib/ticket-queue';

// The door's offline queue (issue 28): scans wait in the phone's storage per event, once per
// code, and leave in the order they were made.

function memoryStorage(): ScanStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
    removeItem: (key) => void items.delete(key),
  };
}

const scan = (code: string, persons: number | null = null) => ({
  code,
  persons,
  scannedAt: '2026-11-28T18:42:00Z',
});

describe('the offline queue', () => {
  it('keeps scans per event in order, a code once, and drains from the front', () => {
    const storage = memoryStorage();
    enqueueScan(storage, 'e-1', scan('T1-A'));
    enqueueScan(storage, 'e-1', scan('T1-B', 2));
    expect(enqueueScan(storage, 'e-1', scan('T1-A', 1))).toEqual([scan('T1-A'), scan('T1-B', 2)]);
    expect(readQueue(storage, 'e-2')).toEqual([]);
    expect(dropFirst(storage, 'e-1')).toEqual([scan('T1-B', 2)]);
    expect(dropFirst(storage, 'e-1')).toEqual([]);
    // An empty queue leaves nothing behind in the storage.
    expect(storage.items.has(queueKey('e-1'))).toBe(false);
  });

  it('reads nothing from a broken or foreign entry instead of failing', () => {
    const storage = memoryStorage();
    storage.setItem(queueKey('e-1'), '{not json');
    expect(readQueue(storage, 'e-1')).toEqual([]);
    storage.setItem(queueKey('e-1'), JSON.stringify([scan('T1-A'), { code: 5 }, 'x']));
    expect(readQueue(storage, 'e-1')).toEqual([scan('T1-A')]);
  });
});

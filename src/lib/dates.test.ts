import { format } from 'date-fns';
import { de } from 'date-fns/locale';
import { describe, expect, it } from 'vitest';
import { formatDateLong, formatDateRange, formatDateShort, todayIso } from './dates';
import { formatChf } from '@common/format.ts';

describe('dates (de-CH)', () => {
  it('formats long German dates', () => {
    expect(formatDateLong('2026-03-05')).toBe('5. März 2026');
  });
  it("names every month as date-fns' German locale does", () => {
    for (let month = 0; month < 12; month += 1) {
      const date = new Date(2026, month, 31 - month);
      expect(formatDateLong(date)).toBe(format(date, 'd. MMMM yyyy', { locale: de }));
    }
  });
  it('formats admin dates', () => {
    expect(formatDateShort('2026-03-05')).toBe('05.03.2026');
  });
  it('collapses equal ranges and joins different ones', () => {
    expect(formatDateRange('2026-03-05', '2026-03-05')).toBe('5. März 2026');
    expect(formatDateRange('2026-03-05', '2026-03-07')).toBe('5. März 2026 – 7. März 2026');
    expect(formatDateRange('2026-03-05', null)).toBe('5. März 2026');
    expect(formatDateRange('2026-12-31', '2027-01-02')).toBe('31. Dezember 2026 – 2. Januar 2027');
  });
  it('says "Datum folgt" for an event without a date, as the mails do', () => {
    expect(formatDateRange(null, null)).toBe('Datum folgt');
  });
  it('reports invalid dates in German', () => {
    expect(formatDateLong('not a date')).toBe('Ungültiges Datum');
  });
  it('computes today in Zurich, not UTC', () => {
    expect(todayIso(new Date('2026-06-30T22:30:00Z'))).toBe('2026-07-01');
  });
});

describe('money', () => {
  it('shows CHF with two decimals', () => {
    expect(formatChf(130)).toBe('CHF 130.00');
    expect(formatChf('95.5')).toBe('CHF 95.50');
  });
});

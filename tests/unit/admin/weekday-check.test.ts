import { describe, expect, it } from 'vitest';
import { weekdayWarning, weekdaysNotInDates } from '@/features/admin-events/lib/weekday-check';

describe('a description that names weekdays the dates do not have (issue 26)', () => {
  it('warns for the retreat on Monday–Tuesday whose text says Samstag bis Sonntag', () => {
    const text = 'Zwei Tage im Wald: Samstag 10:00 bis Sonntag 16:00, mit Übernachtung.';
    expect(weekdaysNotInDates(text, '2027-01-11', '2027-01-12')).toEqual(['Samstag', 'Sonntag']);
    expect(weekdayWarning(text, '2027-01-11', '2027-01-12')).toBe(
      'Die Beschreibung nennt Samstag und Sonntag, das Event findet aber am Montag und Dienstag statt. Bitte prüfen Sie den Text oder die Daten.',
    );
  });

  it('accepts weekdays the dates have, also as part of a word or in lower case', () => {
    expect(weekdayWarning('Montagmorgen bis dienstags am Mittag', '2027-01-11', '2027-01-12')).toBeNull();
    expect(weekdaysNotInDates('Am Samstagabend', '2027-01-16', '')).toEqual([]);
    // One day: only its weekday.
    expect(weekdaysNotInDates('Samstag und Sonntag', '2027-01-16', '')).toEqual(['Sonntag']);
  });

  it('says nothing without a date or without weekdays in the text', () => {
    expect(weekdayWarning('Samstag', '', '')).toBeNull();
    expect(weekdayWarning('Ein Abend am Feuer.', '2027-01-11', '2027-01-12')).toBeNull();
  });
});

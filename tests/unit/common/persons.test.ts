import { describe, expect, it } from 'vitest';
import { bookingsLabel, freedSeatsText, personsLabel } from '@common/format.ts';

describe('personsLabel', () => {
  it('says one person in the singular and every other count in the plural', () => {
    expect(personsLabel(1)).toBe('1 Person');
    expect(personsLabel(2)).toBe('2 Personen');
    expect(personsLabel(12)).toBe('12 Personen');
    expect(personsLabel(0)).toBe('0 Personen');
  });
});

describe('counts that agree with their number (issue 26)', () => {
  it('counts bookings in the singular and plural', () => {
    expect(bookingsLabel(1)).toBe('1 Buchung');
    expect(bookingsLabel(3)).toBe('3 Buchungen');
  });

  it('says freed seats of a waiting-list offer with the right verb', () => {
    expect(freedSeatsText(1)).toEqual({
      seats: '1 Platz',
      are: 'ist ein Platz',
      heading: 'Ein Platz ist frei geworden',
      go: 'geht der Platz',
      them: 'ihn',
    });
    expect(freedSeatsText(2).heading).toBe('2 Plätze sind frei geworden');
    expect(freedSeatsText(2).are).toBe('sind 2 Plätze');
    expect(freedSeatsText(2).go).toBe('gehen die Plätze');
  });
});

import { describe, expect, it } from 'vitest';
import { personsLabel } from '@common/format.ts';

describe('personsLabel', () => {
  it('says one person in the singular and every other count in the plural', () => {
    expect(personsLabel(1)).toBe('1 Person');
    expect(personsLabel(2)).toBe('2 Personen');
    expect(personsLabel(12)).toBe('12 Personen');
    expect(personsLabel(0)).toBe('0 Personen');
  });
});

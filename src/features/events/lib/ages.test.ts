import { describe, expect, it } from 'vitest';
import { ageRangeText } from './ages';

describe('ageRangeText', () => {
  it.each([
    [5, 10, '5–10 Jahre'],
    [5, null, 'ab 5 Jahren'],
    [1, null, 'ab 1 Jahr'],
    [null, 12, 'bis 12 Jahre'],
    [6, 6, '6 Jahre'],
    [null, null, null],
  ])('min %s, max %s: %s', (minAge, maxAge, text) => {
    expect(ageRangeText(minAge, maxAge)).toBe(text);
  });
});

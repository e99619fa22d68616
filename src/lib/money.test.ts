import { describe, expect, it } from 'vitest';
import { formatChf, formatPrice, formatTotal } from './money';

describe('money', () => {
  it('formats CHF with two decimals', () => {
    expect(formatChf(95)).toBe('CHF 95.00');
    expect(formatChf('12.5')).toBe('CHF 12.50');
  });

  it('calls a free event Kostenlos', () => {
    expect(formatPrice(0)).toBe('Kostenlos');
    expect(formatPrice('0.00')).toBe('Kostenlos');
    expect(formatPrice(95)).toBe('CHF 95.00');
  });

  it('shows the total for several persons', () => {
    expect(formatTotal(95, 1)).toBe('CHF 95.00');
    expect(formatTotal(95, 2)).toBe('2 × CHF 95.00 = CHF 190.00');
    expect(formatTotal('33.35', 3)).toBe('3 × CHF 33.35 = CHF 100.05');
    expect(formatTotal(0, 4)).toBe('Kostenlos');
  });
});

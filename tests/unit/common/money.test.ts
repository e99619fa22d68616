import { describe, expect, it } from 'vitest';
import { formatChf, formatPrice, formatTotal, formatWholeNumber } from '@common/format.ts';

describe('money', () => {
  it('formats CHF with two decimals', () => {
    expect(formatChf(95)).toBe('CHF 95.00');
    expect(formatChf(1250)).toBe('CHF 1’250.00');
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

  it("groups and rounds as Intl's de-CH does, with CLDR's '’' whatever this runtime's ICU writes", () => {
    const intl = new Intl.NumberFormat('de-CH', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
    const expected = (amount: number) => `CHF ${intl.format(amount).replace(/'/g, '’')}`;
    const amounts = [
      0, -0, 0.005, 1.005, 2.675, 999.995, 1250, 1234567.891, -1250.5, -0.004, -0.005, 95, 0.1,
    ];
    for (let step = 0; step < 2000; step += 1)
      amounts.push(Math.round(Math.sin(step) * 10 ** (step % 9) * 1000) / 1000);
    for (const amount of amounts) expect(formatChf(amount), String(amount)).toBe(expected(amount));
  });

  it('groups whole numbers (chart labels, counts) exactly as formatChf groups francs', () => {
    expect(formatWholeNumber(1775)).toBe('1’775');
    expect(formatChf(1775)).toBe(`CHF ${formatWholeNumber(1775)}.00`);
    expect(formatWholeNumber(1234567.6)).toBe('1’234’568');
    expect(formatWholeNumber(-1250)).toBe('-1’250');
    expect(formatWholeNumber(12)).toBe('12');
    expect(formatWholeNumber('0')).toBe('0');
  });
});

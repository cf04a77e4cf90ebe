import { formatCents, formatDollars } from '@shared/domain/money';
import { describe, expect, it } from 'vitest';

describe('price formatting (CAD, en-CA)', () => {
  it('formats cents with a $ sign and two decimals', () => {
    expect(formatCents(4000)).toBe('$40.00');
    expect(formatCents(123450)).toBe('$1,234.50');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(0)).toBe('$0.00');
  });
  it('formats dollars with two decimals, rounding to the cent', () => {
    expect(formatDollars(40)).toBe('$40.00');
    expect(formatDollars(19.999)).toBe('$20.00');
    expect(formatDollars(1234.5)).toBe('$1,234.50');
    expect(`${formatDollars(40)}/visit`).toBe('$40.00/visit');
  });
});

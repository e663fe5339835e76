import { describe, expect, it } from 'vitest';
import { groupDigits } from '../../src/text/digits';

describe('groupDigits: numbers as en-US says them, without Intl', () => {
  it('groups thousands and keeps at most two decimals, trailing zeros dropped', () => {
    expect(groupDigits(0)).toBe('0');
    expect(groupDigits(999)).toBe('999');
    expect(groupDigits(1000)).toBe('1,000');
    expect(groupDigits(1234567)).toBe('1,234,567');
    expect(groupDigits(-1234.5)).toBe('-1,234.5');
    expect(groupDigits(0.125)).toBe('0.13');
    expect(groupDigits(2.5)).toBe('2.5');
    expect(groupDigits(3.001)).toBe('3');
    expect(groupDigits(1e20)).toBe('100,000,000,000,000,000,000');
  });

  it('a number that rounds to zero has no sign', () => {
    expect(groupDigits(-0)).toBe('0');
    expect(groupDigits(-0.001)).toBe('0');
  });

  it('says what Intl.NumberFormat says, on a spread of values, to the last digit of a double', () => {
    const intl = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
    const values: number[] = [];
    for (let e = 0; e <= 15; e++) for (const m of [1, 1.005, 2.675, 9.995, 12.3456, 999.999]) values.push(m * 10 ** e, -m * 10 ** e, m / 10 ** e);
    for (const v of values) expect(groupDigits(v), String(v)).toBe(intl.format(Number(v.toFixed(2))).replace(/^-0$/, '0'));
  });

  it('says what is not finite as it is', () => {
    expect(groupDigits(Number.NaN)).toBe('NaN');
    expect(groupDigits(Number.POSITIVE_INFINITY)).toBe('Infinity');
    expect(groupDigits(1e21)).toBe('1e+21');
  });
});

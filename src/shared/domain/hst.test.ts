import { describe, expect, it } from 'vitest';
import { hstNumberInputSchema } from '../contract/partner';
import {
  businessNumberChecks,
  formatHstNumber,
  HST_CHECK_DIGIT_MESSAGE,
  HST_NUMBER_MESSAGE,
  hstNumberProblem,
  normalizeHstNumber,
} from './hst';

describe('HST registration numbers', () => {
  it('accepts 9 digits whose check digit is right, RT and 4 digits, as typed with spaces or dashes', () => {
    expect(normalizeHstNumber(' 123456782 rt 0001 ')).toBe('123456782RT0001');
    expect(normalizeHstNumber('123456782-RT-0001')).toBe('123456782RT0001');
    expect(hstNumberProblem('123456782RT0001')).toBeNull();
    expect(hstNumberProblem('812345676RT0002')).toBeNull();
    expect(formatHstNumber('123456782RT0001')).toBe('123456782 RT0001');
  });

  it('refuses other shapes and a business number whose check digit is wrong', () => {
    for (const wrong of ['12345678RT0001', '123456782RP0001', '123456782RT001', '123456782RT0000', 'ABC'])
      expect(hstNumberProblem(normalizeHstNumber(wrong))).toBe(HST_NUMBER_MESSAGE);
    expect(businessNumberChecks('123456789')).toBe(false);
    expect(hstNumberProblem('123456789RT0001')).toBe(HST_CHECK_DIGIT_MESSAGE);
  });

  it('the listing body: empty removes it, absent keeps it, a bad one says why', () => {
    expect(hstNumberInputSchema.parse('123456782 RT 0001')).toBe('123456782RT0001');
    expect(hstNumberInputSchema.parse('')).toBeNull();
    expect(hstNumberInputSchema.parse(null)).toBeNull();
    expect(hstNumberInputSchema.parse(undefined)).toBeUndefined();
    const bad = hstNumberInputSchema.safeParse('123456789RT0001');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(HST_CHECK_DIGIT_MESSAGE);
  });
});

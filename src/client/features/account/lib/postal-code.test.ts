import { normalisePostalCode } from '@shared/domain/ontario';
import { describe, expect, it } from 'vitest';
import { formatPostalCodeInput } from './postal-code';

describe('formatPostalCodeInput (Format: A1A 1A1)', () => {
  it('upper-cases and puts the space after the third character', () => {
    expect(formatPostalCodeInput('m5v3a8')).toBe('M5V 3A8');
    expect(formatPostalCodeInput('m5v 3a8')).toBe('M5V 3A8');
    expect(formatPostalCodeInput('k1a-0b1')).toBe('K1A 0B1');
  });
  it('leaves a partial code as typed, upper case, without a trailing space', () => {
    expect(formatPostalCodeInput('m')).toBe('M');
    expect(formatPostalCodeInput('m5v')).toBe('M5V');
    expect(formatPostalCodeInput('m5v ')).toBe('M5V');
    expect(formatPostalCodeInput('m5v3')).toBe('M5V 3');
  });
  it('keeps at most six letters and digits', () => {
    expect(formatPostalCodeInput('m5v3a8xyz')).toBe('M5V 3A8');
    expect(formatPostalCodeInput('')).toBe('');
  });
  it('produces what the server stores', () => {
    expect(formatPostalCodeInput('m5h2n2')).toBe(normalisePostalCode('m5h2n2'));
  });
});

import { describe, expect, it } from 'vitest';
import { normalisePostalCode, PROVINCE_CODES, postalCodeMatchesProvince } from './ontario';

/** A real postal code in each province and territory (first letter = Canada Post's region). */
const SAMPLES: [province: string, postalCode: string][] = [
  ['NL', 'A1C 5M2'], // St. John's
  ['NS', 'B3H 4R2'], // Halifax
  ['PE', 'C1A 7N8'], // Charlottetown
  ['NB', 'E3B 5H1'], // Fredericton
  ['QC', 'G1R 4P5'], // Québec (eastern Quebec)
  ['QC', 'H2X 1Y4'], // Montréal
  ['QC', 'J4K 5G4'], // Longueuil (western Quebec)
  ['ON', 'K1P 1J1'], // Ottawa (eastern Ontario)
  ['ON', 'L5B 3C2'], // Mississauga (central Ontario)
  ['ON', 'M5H 2N2'], // Toronto
  ['ON', 'N2L 3G1'], // Waterloo (southwestern Ontario)
  ['ON', 'P3E 2C6'], // Sudbury (northern Ontario)
  ['MB', 'R3C 4T3'], // Winnipeg
  ['SK', 'S4P 3V7'], // Regina
  ['AB', 'T2P 2M5'], // Calgary
  ['BC', 'V5K 0A1'], // Vancouver
  ['NU', 'X0A 0H0'], // Iqaluit
  ['NT', 'X1A 2L9'], // Yellowknife
  ['YT', 'Y1A 2C6'], // Whitehorse
];

describe('postalCodeMatchesProvince', () => {
  it.each(SAMPLES)('%s: %s belongs to it', (province, postalCode) => {
    expect(postalCodeMatchesProvince(postalCode, province)).toBe(true);
    expect(postalCodeMatchesProvince(postalCode.toLowerCase().replace(' ', ''), province.toLowerCase())).toBe(
      true,
    );
  });

  it.each(SAMPLES)('%s: %s belongs to no other province', (province, postalCode) => {
    const others = PROVINCE_CODES.filter(
      (code) => code !== province && !(['NU', 'NT'].includes(code) && ['NU', 'NT'].includes(province)),
    );
    for (const other of others) expect(postalCodeMatchesProvince(postalCode, other)).toBe(false);
  });

  it('every province and territory has a sample', () => {
    expect(new Set(SAMPLES.map(([province]) => province))).toEqual(new Set(PROVINCE_CODES));
  });

  it('refuses an unknown province and an empty one', () => {
    expect(postalCodeMatchesProvince('M5H 2N2', 'XX')).toBe(false);
    expect(postalCodeMatchesProvince('M5H 2N2', '')).toBe(false);
    expect(postalCodeMatchesProvince('M5H 2N2', 'Ontario')).toBe(false);
  });
});

describe('normalisePostalCode', () => {
  it.each([
    ['m5h2n2', 'M5H 2N2'],
    [' M5H 2N2 ', 'M5H 2N2'],
    ['x0a 0h0', 'X0A 0H0'],
  ])('%s becomes %s', (input, output) => expect(normalisePostalCode(input)).toBe(output));

  // No D, F, I, O, Q or U anywhere; no W or Z as a first letter.
  it.each(['D1A 1A1', 'W1A 1A1', 'Z1A 1A1', 'M5H 2N', 'M5H-2N2', '12345', 'M5O 2N2'])('refuses %s', (input) =>
    expect(normalisePostalCode(input)).toBeNull(),
  );
});

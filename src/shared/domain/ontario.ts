/** Places, provinces and time zone shared by the client and the server. */

export const TIME_ZONE = 'America/Toronto';
export const LOCALE = 'en-CA';

export type CityOption = { value: string; label: string };

/** The eight cities offered by the home page search, in the spec's order. */
export const HOME_CITIES: readonly CityOption[] = [
  { value: 'toronto', label: 'Toronto' },
  { value: 'mississauga', label: 'Mississauga' },
  { value: 'brampton', label: 'Brampton' },
  { value: 'oakville', label: 'Oakville' },
  { value: 'burlington', label: 'Burlington' },
  { value: 'ottawa', label: 'Ottawa' },
  { value: 'hamilton', label: 'Hamilton' },
  { value: 'vaughan', label: 'Vaughan' },
];

/** Every city a provider can be listed in (registration form, filters). */
export const CITIES: readonly CityOption[] = [
  ...HOME_CITIES,
  { value: 'markham', label: 'Markham' },
  { value: 'richmond-hill', label: 'Richmond Hill' },
  { value: 'milton', label: 'Milton' },
  { value: 'ajax', label: 'Ajax' },
  { value: 'pickering', label: 'Pickering' },
  { value: 'whitby', label: 'Whitby' },
  { value: 'oshawa', label: 'Oshawa' },
  { value: 'barrie', label: 'Barrie' },
  { value: 'guelph', label: 'Guelph' },
  { value: 'kitchener', label: 'Kitchener' },
  { value: 'waterloo', label: 'Waterloo' },
  { value: 'london', label: 'London' },
  { value: 'st-catharines', label: 'St. Catharines' },
  { value: 'niagara-falls', label: 'Niagara Falls' },
  { value: 'kingston', label: 'Kingston' },
  { value: 'windsor', label: 'Windsor' },
  { value: 'sudbury', label: 'Sudbury' },
  { value: 'thunder-bay', label: 'Thunder Bay' },
];

const CITY_BY_VALUE = new Map(CITIES.map((city) => [city.value, city]));

export function isKnownCity(value: string): boolean {
  return CITY_BY_VALUE.has(value);
}

/** Turns a city string into its label: matches value or label case-insensitively, else title-cases each word. */
export function cityLabel(city: string): string {
  const needle = city.trim().toLowerCase();
  const found = CITIES.find((c) => c.value === needle || c.label.toLowerCase() === needle);
  if (found) return found.label;
  return needle.replace(/(^|[\s-])(\p{L})/gu, (_m, sep: string, ch: string) => sep + ch.toUpperCase());
}

/** The slug a free-text city is filed under. */
export function citySlug(city: string): string {
  const needle = city.trim().toLowerCase();
  const found = CITIES.find((c) => c.value === needle || c.label.toLowerCase() === needle);
  if (found) return found.value;
  return needle
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Provinces and territories: registration form values (lower case) and address codes (upper case). */
export const PROVINCES = [
  { code: 'ON', name: 'Ontario' },
  { code: 'BC', name: 'British Columbia' },
  { code: 'AB', name: 'Alberta' },
  { code: 'MB', name: 'Manitoba' },
  { code: 'SK', name: 'Saskatchewan' },
  { code: 'QC', name: 'Quebec' },
  { code: 'NB', name: 'New Brunswick' },
  { code: 'NS', name: 'Nova Scotia' },
  { code: 'PE', name: 'Prince Edward Island' },
  { code: 'NL', name: 'Newfoundland and Labrador' },
  { code: 'YT', name: 'Yukon' },
  { code: 'NT', name: 'Northwest Territories' },
  { code: 'NU', name: 'Nunavut' },
] as const;

export type ProvinceCode = (typeof PROVINCES)[number]['code'];
export const PROVINCE_CODES = PROVINCES.map((p) => p.code) as [ProvinceCode, ...ProvinceCode[]];

export function provinceName(code: string): string {
  return PROVINCES.find((p) => p.code === code.toUpperCase())?.name ?? code;
}

const POSTAL_CODE = /^([ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z])\s?(\d[ABCEGHJ-NPRSTV-Z]\d)$/i;

/** A Canadian postal code, normalised to upper case with one space (`M5H 2N2`), or null when invalid. */
export function normalisePostalCode(input: string): string | null {
  const match = POSTAL_CODE.exec(input.trim());
  if (!match) return null;
  return `${match[1]} ${match[2]}`.toUpperCase();
}

/** The first letters of postal codes in each province or territory (Canada Post's forward sortation areas). */
const POSTAL_LETTERS: Record<ProvinceCode, string> = {
  NL: 'A',
  NS: 'B',
  PE: 'C',
  NB: 'E',
  QC: 'GHJ',
  ON: 'KLMNP',
  MB: 'R',
  SK: 'S',
  AB: 'T',
  BC: 'V',
  NU: 'X',
  NT: 'X',
  YT: 'Y',
};

/** Whether a (valid) postal code belongs to the province: `V5K 0A1` is in British Columbia, not Ontario. */
export function postalCodeMatchesProvince(postalCode: string, province: string): boolean {
  const letters = POSTAL_LETTERS[province.toUpperCase() as ProvinceCode];
  return !!letters?.includes(postalCode.trim().charAt(0).toUpperCase());
}

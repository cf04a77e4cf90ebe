import { PROVINCE_CODES } from '@shared/domain/ontario';

/** A stored province as one of the form's codes (`ON`, `QC`...), or `fallback` when it is not one. */
export function provinceCodeOf(province: string | null, fallback: string): string {
  const code = province?.trim().toUpperCase() ?? '';
  return (PROVINCE_CODES as readonly string[]).includes(code) ? code : fallback;
}

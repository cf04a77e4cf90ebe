/**
 * What the postal code field shows while typing: upper case, letters and digits only, at most six,
 * with the space after the third (`m5v3a8` → `M5V 3A8`). The server normalises again on save.
 */
export function formatPostalCodeInput(value: string): string {
  const compact = value
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, 6);
  return compact.length > 3 ? `${compact.slice(0, 3)} ${compact.slice(3)}` : compact;
}

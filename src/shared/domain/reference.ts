/** Booking references such as `TR-7F3K9Q`: six characters that cannot be misread aloud (no 0/O, 1/I/L, U). */
export const REFERENCE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';

/** `randomInts` gives as many whole numbers as asked, each at least 0. */
export function makeReference(randomInts: (count: number) => number[]): string {
  const chars = randomInts(6).map((n) => REFERENCE_ALPHABET[n % REFERENCE_ALPHABET.length]);
  return `TR-${chars.join('')}`;
}

export function isReference(text: string): boolean {
  return new RegExp(`^TR-[${REFERENCE_ALPHABET}]{6}$`).test(text);
}

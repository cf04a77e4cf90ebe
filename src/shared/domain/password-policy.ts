import { z } from 'zod';

/** One password policy for every form and the server (docs/product.md §2): the spec's messages, 8 as the minimum. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const SPECIAL_CHARACTERS = '!@#$%^&*(),.?":{}|<>';

const SPECIAL = /[^A-Za-z0-9\s]/;

/**
 * The stems of the passwords people choose most: a password is refused when, lower-cased and without its
 * digits and symbols, it is one of these (so `Password1!`, `Qwerty2024!` and `Trillium!` are refused).
 */
const COMMON_STEMS = new Set([
  'password',
  'passw',
  'pass',
  'passwort',
  'motdepasse',
  'qwerty',
  'qwertyuiop',
  'asdfgh',
  'asdfghjkl',
  'zxcvbn',
  'zxcvbnm',
  'azerty',
  'abc',
  'abcdef',
  'abcdefgh',
  'letmein',
  'welcome',
  'admin',
  'administrator',
  'login',
  'iloveyou',
  'monkey',
  'dragon',
  'football',
  'baseball',
  'hockey',
  'soccer',
  'master',
  'shadow',
  'sunshine',
  'princess',
  'superman',
  'batman',
  'starwars',
  'trustno',
  'whatever',
  'freedom',
  'hello',
  'hellothere',
  'charlie',
  'michael',
  'jennifer',
  'jordan',
  'hunter',
  'ranger',
  'buster',
  'tigger',
  'summer',
  'winter',
  'spring',
  'autumn',
  'secret',
  'changeme',
  'default',
  'test',
  'tester',
  'guest',
  'user',
  'canada',
  'toronto',
  'ontario',
  'maple',
  'mapleleafs',
  'trillium',
  'computer',
  'internet',
  'samsung',
  'google',
  'apple',
  'flower',
  'cheese',
  'chocolate',
  'pokemon',
  'naruto',
]);

export function isCommonPassword(password: string): boolean {
  const stem = password.toLowerCase().replace(/[^a-z]/g, '');
  return stem.length === 0 || COMMON_STEMS.has(stem);
}

export const passwordSchema = z
  .string({ message: 'Password is required' })
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`)
  .regex(/[A-Z]/, 'Password must contain at least 1 capital letter')
  .regex(SPECIAL, 'Password must contain at least 1 special character')
  .refine((p) => !isCommonPassword(p), 'This password is too common. Please choose a less predictable one.');

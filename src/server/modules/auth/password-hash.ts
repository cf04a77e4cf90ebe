import { hash, verify } from '@node-rs/argon2';

/** argon2id with a per-hash random salt (the library's defaults: 19 MiB, 2 passes). */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

/**
 * Whether the password matches. A stored hash that cannot be read is not a wrong password: it is a
 * broken account record, so it fails loudly (500, logged with its cause) instead of answering 401.
 */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch (error) {
    throw new Error('The stored password hash could not be read', { cause: error });
  }
}

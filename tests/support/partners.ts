import type { Executor } from '../../src/server/db/client';
import { DEMO_PASSWORD } from '../../src/server/db/seed/demo';
import { insertProvider, insertUser } from '../../src/server/db/seed/factories';

/**
 * A partner account (the demo password) and the listing it owns, as an approved application leaves
 * them; answers the listing's id, the owner's id and e-mail, for signing in as its partner.
 */
export async function insertPartnerListing(
  db: Executor,
  input: { ownerEmail: string; ownerName: string } & Omit<
    Parameters<typeof insertProvider>[1],
    'ownerUserId'
  >,
): Promise<{ id: number; ownerId: number; ownerEmail: string }> {
  const { ownerEmail, ownerName, ...listing } = input;
  const ownerId = await insertUser(db, {
    email: ownerEmail,
    fullName: ownerName,
    password: DEMO_PASSWORD,
    role: 'partner',
  });
  const id = await insertProvider(db, { ...listing, ownerUserId: ownerId });
  return { id, ownerId, ownerEmail };
}

import type { Clock } from '../../clock';
import type { Executor } from '../../db/client';
import { catalogErrors } from '../catalog/catalog.errors';
import { loadProviders, providerExists } from '../catalog/catalog.repository';
import { savedErrors } from './saved.errors';
import { deleteSaved, insertSaved, listSavedProviderIds } from './saved.repository';

type Deps = { db: Executor; clock: Clock };

/** The user's saved providers as the catalog shows them, with when each was saved. */
export async function listSaved({ db }: Deps, userId: number) {
  const rows = await listSavedProviderIds(db, userId);
  const providers = await loadProviders(
    db,
    rows.map((r) => r.providerId),
  );
  const savedAt = new Map(rows.map((r) => [r.providerId, r.createdAt.toISOString()]));
  return providers.map((p) => ({ ...p, savedAt: savedAt.get(p.id)! }));
}

export async function saveProvider({ db, clock }: Deps, userId: number, providerId: number) {
  if (!(await providerExists(db, providerId))) throw catalogErrors.providerNotFound();
  await insertSaved(db, { userId, providerId, now: clock.now() });
}

export async function forgetProvider({ db }: Deps, userId: number, providerId: number) {
  if (!(await deleteSaved(db, { userId, providerId }))) throw savedErrors.notFound();
}

import type { Executor } from '../../db/client';
import type { JobHandlers } from '../jobs/jobs.runner';
import { knownReviewPhotoNames } from '../reviews/reviews.repository';
import { forgetStrayFiles, knownDocumentNames, trackStrayFiles } from './applications.repository';
import type { FileStorage } from './storage';

export const CLEAN_STRAY_FILES_JOB = 'uploads.clean-stray';
/** A file no row names is removed once it has stayed nameless this long (docs/product.md, "Uploads"). */
export const STRAY_FILE_MS = 24 * 3_600_000;
const BATCH = 500;
/** How many sweeps must find a file nameless before it goes. */
export const STRAY_FILE_SIGHTINGS = 3;

/**
 * Every file is written before its row (a half-written file must never be served), so a server killed
 * between the two leaves a file nothing names, and one killed mid-write a `.part`; the row-based
 * clean-ups never see either. This sweep lists the folder, notes each file that neither a document
 * nor a review photo names, and removes one still nameless a day after it was first noted and found
 * so by three sweeps (at least 12 hours apart on a steady clock: a clock that jumps, a laptop asleep,
 * cannot make a day pass within one upload). The names are checked once more just before removal.
 */
export async function sweepStrayFiles(deps: { db: Executor; storage: FileStorage }, now: Date) {
  const strays = await namelessOf(deps, await deps.storage.list());
  const due = await trackStrayFiles(deps.db, {
    strays,
    now,
    seenBefore: new Date(now.getTime() - STRAY_FILE_MS),
    sightings: STRAY_FILE_SIGHTINGS,
  });
  const removable = await namelessOf(deps, due);
  for (const name of removable) await deps.storage.delete(name);
  await forgetStrayFiles(deps.db, due);
  return { strays: strays.length, removed: removable.length };
}

/** The names no document or review photo has. */
async function namelessOf(deps: { db: Executor }, names: readonly string[]): Promise<string[]> {
  const nameless: string[] = [];
  for (let i = 0; i < names.length; i += BATCH) {
    const batch = names.slice(i, i + BATCH);
    const known = new Set([
      ...(await knownDocumentNames(deps.db, batch)),
      ...(await knownReviewPhotoNames(deps.db, batch)),
    ]);
    nameless.push(...batch.filter((name) => !known.has(name)));
  }
  return nameless;
}

export function strayFileJobHandlers(deps: { db: Executor; storage: FileStorage }): JobHandlers {
  return {
    [CLEAN_STRAY_FILES_JOB]: async (_payload, { now }) => {
      await sweepStrayFiles(deps, now);
      return undefined;
    },
  };
}

import type { Clock } from '../../clock';
import type { Executor } from '../../db/client';
import type { JobHandlers } from '../jobs/jobs.runner';
import { deleteUnclaimedUploads } from './applications.repository';
import type { FileStorage } from './storage';

export const CLEAN_UPLOADS_JOB = 'uploads.clean-unclaimed';
/** An upload not attached to an application within this time is removed (docs/product.md, "Uploads"). */
export const UNCLAIMED_UPLOAD_MS = 24 * 3_600_000;

/**
 * Hourly: files uploaded for a professional application that never became part of one are removed
 * after 24 hours, rows first (in batches) and then the files, so a file is never served without its row.
 */
export function uploadJobHandlers(deps: { db: Executor; clock: Clock; storage: FileStorage }): JobHandlers {
  return {
    [CLEAN_UPLOADS_JOB]: async (_payload, { now }) => {
      const before = new Date(now.getTime() - UNCLAIMED_UPLOAD_MS);
      for (;;) {
        const filenames = await deleteUnclaimedUploads(deps.db, { before, limit: 200 });
        for (const filename of filenames) await deps.storage.delete(filename);
        if (filenames.length < 200) break;
      }
      return undefined;
    },
  };
}

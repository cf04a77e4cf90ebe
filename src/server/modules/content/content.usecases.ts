import type { Clock } from '../../clock';
import type { Executor } from '../../db/client';
import { listActivePromotions, listAnnouncements } from './content.repository';

/** Promotions running today and announcements, newest first (docs/product.md §4). */

export function activePromotions(deps: { db: Executor; clock: Clock }) {
  return listActivePromotions(deps.db, deps.clock.now());
}

/** Published and not taken down: a scheduled one appears at its time (docs/product.md §10). */
export function announcements(deps: { db: Executor; clock: Clock }) {
  return listAnnouncements(deps.db, deps.clock.now());
}

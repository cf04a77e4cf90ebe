import { matchPage } from '../../../shared/domain/pages';
import type { Executor } from '../../db/client';
import { providerExists } from './catalog.repository';

/**
 * Whether a path is a page that exists: one of the app's pages, and for a provider or service page,
 * a provider that exists. Anything else is answered 404 with the not-found page.
 */
export async function pageExists(db: Executor, pathname: string): Promise<boolean> {
  const page = matchPage(pathname);
  if (!page) return false;
  if (page.path === '/provider/:id' || page.path === '/service/:id') {
    const id = Number(page.params.id);
    return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 && (await providerExists(db, id));
  }
  return true;
}

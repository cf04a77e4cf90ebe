import { matchPage } from '../../../shared/domain/pages';
import type { Executor } from '../../db/client';
import { findCategoryIdBySlug, providerExists } from './catalog.repository';

/** What a category slug can look like (`home-cleaning`); anything else is no category. */
const CATEGORY_SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * Whether a path is a page that exists: one of the app's pages, for a provider or service page a
 * provider that exists, and for a category's listing (`/services/home-cleaning`) a category that
 * exists. Anything else is answered 404 with the not-found page.
 */
export async function pageExists(db: Executor, pathname: string): Promise<boolean> {
  const page = matchPage(pathname);
  if (!page) return false;
  if (page.path === '/provider/:id' || page.path === '/service/:id') {
    const id = Number(page.params.id);
    return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 && (await providerExists(db, id));
  }
  if (page.path === '/services/:category') {
    const slug = page.params.category!.toLowerCase();
    return CATEGORY_SLUG.test(slug) && (await findCategoryIdBySlug(db, slug)) !== undefined;
  }
  return true;
}

import { sql } from 'drizzle-orm';
import { SEARCH_LISTING_COLUMNS } from '../../src/server/modules/catalog/catalog.search.repository';

const compared = SEARCH_LISTING_COLUMNS.filter((name) => name !== 'id');

/**
 * True for a provider `p` whose copy `s` in search_listings (migration 0019) differs from it in any
 * column the copy has (read from its schema, so a column added there is compared too). A missing copy
 * differs too.
 */
export const LISTING_DIFFERS = sql.raw(
  `((${compared.map((name) => `p.${name}`).join(', ')}) is distinct from (${compared.map((name) => `s.${name}`).join(', ')}))`,
);

import { getTableColumns, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { SortOption } from '../../../shared/contract/catalog';
import {
  type DatabaseHandle,
  type Executor,
  jsonValue,
  preparedPer,
  queryRows,
  withinTime,
} from '../../db/client';
import { searchListings } from '../../db/schema';
import { type ProviderRecord, providerJson } from './catalog.records.repository';

/** At most this many words of a query take part in a search. */
const MAX_TERMS = 8;
const MAX_TERM_LENGTH = 40;

/** The words of a free-text query, lower-cased: letters and digits only, so any input is a normal search. */
export function queryTerms(q: string | undefined): string[] {
  if (!q) return [];
  const words =
    q
      .toLowerCase()
      .normalize('NFKC')
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words.map((w) => w.slice(0, MAX_TERM_LENGTH)))].slice(0, MAX_TERMS);
}

/** `to_tsquery` text: every term as a prefix, all required. Terms hold only letters and digits. */
export function prefixTsQuery(terms: readonly string[]): string {
  return terms.map((t) => `${t}:*`).join(' & ');
}

export type SearchFilters = {
  terms: string[];
  /** Raw text when it has no words at all (punctuation only): matched literally. */
  literal?: string;
  citySlug?: string;
  categorySlug?: string;
  /**
   * Bounds on the stored (service) starting price. Customers filter and sort by the all-in price, which
   * grows strictly with it: the caller turns an all-in range into this one (`serviceCentsRange`), and
   * the price orders below are the all-in orders, read from the `(price_cents, id)` index.
   */
  minPriceCents?: number;
  maxPriceCents?: number;
  featuredOnly?: boolean;
  /** Only providers who serve in French: read from their own partial index (search_listings_french_quality_idx). */
  frenchOnly?: boolean;
};

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * The conditions of a search over `search_listings p`, the narrow copy of what a search reads (migration
 * 0019, docs/decisions/008 "A narrow copy to search"): every statement that picks or orders a search's
 * ids reads it; only the page's cards are read from providers.
 */
function whereClause(filters: SearchFilters, words: Words | null): SQL {
  const parts: SQL[] = [sql`p.is_active`];
  if (words !== null) parts.push(sql`p.search_vector @@ ${words.match}`);
  // The search text is not in search_listings (only the rare query without any word reads it).
  if (filters.literal)
    parts.push(
      sql`p.id in (select x.id from providers x where x.search_text like ${`%${escapeLike(filters.literal.toLowerCase())}%`})`,
    );
  if (filters.citySlug) parts.push(sql`p.city_slug = ${filters.citySlug}`);
  if (filters.categorySlug !== undefined)
    parts.push(sql`p.category_id = (select c.id from categories c where c.slug = ${filters.categorySlug})`);
  if (filters.minPriceCents !== undefined) parts.push(sql`p.price_cents >= ${filters.minPriceCents}`);
  if (filters.maxPriceCents !== undefined) parts.push(sql`p.price_cents <= ${filters.maxPriceCents}`);
  if (filters.featuredOnly) parts.push(sql`p.is_featured`);
  // Written as the index's predicate says it, so the planner can use that index.
  if (filters.frenchOnly) parts.push(sql`'fr' = any(p.service_languages)`);
  return sql.join(parts, sql` and `);
}

/** Featured first, then the best rated and most reviewed: the listing's default ("quality") order. */
const QUALITY_ORDER = sql`p.is_featured desc nulls last, p.rating desc nulls last, p.review_count desc nulls last, p.id asc`;

/**
 * The order of a page, matching an index where the catalog is large (docs/decisions/008): relevance
 * ranks every match, so it is used only when there are at most COUNT_CAP of them; more matches than
 * that are ordered by quality, read from an index instead of ranked one by one.
 */
function orderClause(sort: SortOption, words: Words | null, manyMatches: boolean): SQL {
  switch (sort) {
    case 'price_asc':
      return sql`p.price_cents asc, p.id asc`;
    case 'price_desc':
      return sql`p.price_cents desc, p.id desc`;
    case 'rating_desc':
      return sql`p.rating desc nulls last, p.review_count desc nulls last, p.id asc`;
    default:
      return ranksByRelevance(sort, words) && !manyMatches
        ? sql`ts_rank_cd(p.search_vector, to_tsquery('english', ${words.rank})) desc, ${QUALITY_ORDER}`
        : QUALITY_ORDER;
  }
}

/** Whether a search's few matches are ranked by text relevance: words given, and no price or rating sort. */
function ranksByRelevance(sort: SortOption, words: Words | null): words is Words {
  return words !== null && sort !== 'price_asc' && sort !== 'price_desc' && sort !== 'rating_desc';
}

/** The providers of a page, as JSON in its order: `page` is a from-item with `id` and `position`. */
const providersInOrder = (page: SQL) => sql`coalesce((
  select json_agg(${providerJson} order by page.position)
  from ${page} join providers p on p.id = page.id join categories c on c.id = p.category_id
), '[]'::json)`;

/** What a search answers for its matches counted up to COUNT_CAP + 1. */
const pageOf = (rows: ProviderRecord[] | string | undefined, matches: number): SearchPage => ({
  rows: rows === undefined ? [] : jsonValue(rows),
  total: Math.min(matches, COUNT_CAP),
  totalIsLowerBound: matches > COUNT_CAP,
});

/** A search answers an exact number of matches up to this, and "more than this" beyond it ("100+"). */
export const COUNT_CAP = 100;

/**
 * How long the first pages' statement may read in the sort's order before the search reads its matches
 * through the filters' indexes instead (PostgreSQL; PGlite has no statement timer). Nearly every search
 * takes a few milliseconds; those that run into this would read for seconds.
 */
export const FIRST_TRY_MS = 60;

export type SearchOptions = {
  /** How long the first pages' first try may take (0: no first try). */
  firstTryMs: number;
  /**
   * Whether the database can stop a statement after firstTryMs (PostgreSQL). Without a timer (PGlite)
   * a search with many matches walks along the sort for twice the rows the sorted read would read,
   * then reads them sorted (sortedMatches); other first tries run to their end.
   */
  timer?: boolean;
  /** The database's handle, when it has connections with a time limit for that try (PostgreSQL). */
  limited?: Pick<DatabaseHandle, 'limitedTo'>;
  /** Whether a search with words asks the planner how many it matches first (fewMatches); tests compare. */
  estimates: boolean;
  /**
   * Tests only: walk this many rows along the sort before the sorted read of few matches, whatever
   * the estimate says (walkRows decides otherwise; 0 never walks).
   */
  walkRows?: number;
};

export type SearchPage = { rows: ProviderRecord[]; total: number; totalIsLowerBound: boolean };

/**
 * A page of a search. The first pages (the first COUNT_CAP + 1 matches, which is every page a visitor
 * reaches without Load More past 100) take one statement: the ids of at most COUNT_CAP + 1 matches in
 * the index's order are read once, counted, and the page is cut from them (ranked by relevance first
 * when they are all the matches); see docs/decisions/008. A deeper page takes two: the capped count,
 * then the page.
 */
async function runSearch(
  db: Executor,
  filters: SearchFilters,
  words: Words | null,
  sort: SortOption,
  limit: number,
  offset: number,
  { firstTryMs, limited, estimates, walkRows: forcedWalk, timer = true }: SearchOptions,
): Promise<SearchPage> {
  const where = whereClause(filters, words);
  if (offset + limit <= COUNT_CAP + 1) {
    const order = orderClause(sort, words, true);
    const page = (tx: Executor, matches: SQL) => firstPages(tx, matches, words, sort, limit, offset);
    const sorted = (walk: number) => page(db, sortedMatches(filters, words, sort, walk));
    if (forcedWalk !== undefined) return sorted(forcedWalk);
    // Words give the planner an estimate of their matches; when there are few, the sorted read is the
    // cheaper one whatever the planner would pick (docs/decisions/008, "Few matches, read directly"),
    // after a short walk along the sort where that may meet enough of them sooner ("A short walk first").
    if (words !== null && estimates) {
      const estimate = await estimateMatches(db, where);
      if (fewMatches(estimate, sort)) return sorted(walkRows(estimate));
      // No timer for the first try below: a walk of at most twice the rows the sorted read would read
      // (near the few-matches bound, an even spread needs about as many as that read).
      if (!timer && Number.isFinite(estimate.matches))
        return sorted(Math.max(1, Math.ceil(UNTIMED_WALK * estimate.matches)));
    }
    // Otherwise the planner's own way, which for nearly every search reads the sort's index until enough
    // rows match. When the matches are scattered along that index (words that are rarely together, a
    // category whose providers sit far down the price order), that read goes on through the whole
    // catalog; so it gets firstTryMs, and then the sorted read (docs/decisions/008, "Scattered matches").
    const along = sql`select p.id from search_listings p where ${where} order by ${order}`;
    if (firstTryMs <= 0) return sorted(0);
    if (!timer) return page(db, along);
    return (await withinTime(db, firstTryMs, (tx) => page(tx, along), limited)) ?? sorted(0);
  }
  const [counted] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from (select 1 from search_listings p where ${where} limit ${COUNT_CAP + 1}) m`,
  );
  const matches = Number(counted?.n ?? 0);
  const manyMatches = matches > COUNT_CAP;
  if (matches === 0 || (!manyMatches && offset >= matches)) return pageOf([], matches);
  const [result] = await queryRows<{ rows: ProviderRecord[] | string }>(
    db,
    sql`select ${providersInOrder(sql`unnest(array(
          select p.id from search_listings p where ${where}
          order by ${orderClause(sort, words, manyMatches)}
          limit ${limit} offset ${offset}
        )) with ordinality as page(id, position)`)} as rows`,
  );
  return pageOf(result?.rows, matches);
}

/**
 * How much further than the matches in a uniform spread a sort's index must be read to meet them: a
 * word's providers sit together in price (their category's prices), less so in rating, and are spread
 * through the quality order (measured at 100,000: `clean:*`, 7,822 matches, 35,000 rows of the price
 * index read before its 101st, against 1,300 in a uniform spread).
 */
const SPREAD: Record<SortOption, number> = { relevance: 1, rating_desc: 3, price_asc: 25, price_desc: 25 };

/**
 * Whether reading a search's `matches` (the planner's estimate) through the filters' indexes and sorting
 * them costs less than reading the sort's index until COUNT_CAP + 1 of them are met. The first reads
 * about `matches` rows, the second about (COUNT_CAP + 1) x catalog / matches rows, times how unevenly
 * the matches sit along the sort (SPREAD); a row costs about the same either way (a heap page).
 */
export function fewMatches({ matches, catalog }: MatchEstimate, sort: SortOption): boolean {
  return matches * matches <= (COUNT_CAP + 1) * SPREAD[sort] * catalog;
}

export type MatchEstimate = { matches: number; catalog: number };

/**
 * The filters of a search that the index of its sort is read under (migrations 0011, 0017): a
 * category (and a city with it) for the quality and price orders, the French providers for the quality
 * order. Reading along that index passes only these rows; the other filters and the words are checked
 * on each of them.
 */
export function walkScope(filters: SearchFilters, sort: SortOption): SearchFilters {
  const { categorySlug, citySlug, frenchOnly } = filters;
  if (sort === 'rating_desc') return { terms: [] };
  if (sort === 'price_asc' || sort === 'price_desc') return { terms: [], categorySlug };
  if (categorySlug !== undefined) return { terms: [], categorySlug, citySlug };
  return { terms: [], frenchOnly };
}

/** Without a statement timer (PGlite), the walk that stands for the first try, in matches' rows. */
const UNTIMED_WALK = 2;

/** The most a walk along the sort may cost, as a share of the sorted read of the matches it precedes. */
const WALK_SHARE = 1 / 10;

/**
 * How many rows to walk along the sort's order before the sorted read of a search's few matches (0:
 * none). The walk is given WALK_SHARE of the sorted read's rows (one a match). Matches spread evenly
 * along the order are met COUNT_CAP + 1 of them within (COUNT_CAP + 1) x catalog / matches rows, and
 * the walk is tried only when that is at most twice its length. Along the quality and rating orders a
 * word's matches are spread about evenly; along the price order they are bunched, which puts them
 * early in one direction or late in the other. When the walk meets them, it saves most of the sorted
 * read; when it does not, it costs WALK_SHARE more (docs/decisions/008, "A short walk first").
 */
export function walkRows({ matches, catalog }: MatchEstimate): number {
  if (!Number.isFinite(matches)) return 0;
  const rows = Math.floor(matches * WALK_SHARE);
  return 2 * rows * matches >= (COUNT_CAP + 1) * catalog ? rows : 0;
}

/**
 * The ids of a search's matches in the sort's order, read through the filters' indexes (the text
 * index, the city's) and sorted: the cost grows with the number of matches, not with the catalog.
 * With `walk` rows, a walk along the sort's index (under the filters it serves, walkScope; the words
 * and the other filters checked on each row) comes first: its rows are the first in the order, so the
 * matches among them are the first matches, and when it meets COUNT_CAP + 1 of them they are the
 * answer. Otherwise the sorted read answers; it is gated on the walk's count, which PostgreSQL
 * evaluates once before deciding to run it (a one-time filter).
 */
export function sortedMatches(
  filters: SearchFilters,
  words: Words | null,
  sort: SortOption,
  walk: number,
): SQL {
  const where = whereClause(filters, words);
  const order = orderClause(sort, words, true);
  const sorted = sql`select p.id from (select ${SORT_COLUMNS} from search_listings p where ${where} offset 0) p order by ${order}`;
  if (walk <= 0) return sorted;
  return sql`
    with walk as materialized (
      select w.id, row_number() over () as pos from (
        select p.id, ${where} as hit from search_listings p
        where ${whereClause(walkScope(filters, sort), null)} order by ${order} limit ${walk}
      ) w where w.hit limit ${COUNT_CAP + 1}
    ), walked as (select count(*) > ${COUNT_CAP} as enough from walk)
    (select walk.id from walk where (select enough from walked) order by walk.pos)
    union all
    (select s.id from (${sorted} limit ${COUNT_CAP + 1}) s where not (select enough from walked))`;
}

/**
 * The planner's estimates of a search's matches and of the catalog's size, from one EXPLAIN (no row is
 * read): a plan with two branches, the search and every provider.
 */
export async function estimateMatches(db: Executor, where: SQL): Promise<MatchEstimate> {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`explain (format json) select 1 from search_listings p where ${where} union all select 1 from search_listings`,
  );
  type Plan = { 'Plan Rows'?: number; 'Parent Relationship'?: string; Plans?: Plan[] };
  const [plan] = jsonValue(Object.values(row ?? {})[0] as [{ Plan: Plan }] | string);
  const [search, all] = (plan?.Plan.Plans ?? []).filter((part) => part['Parent Relationship'] === 'Member');
  // A plan of another shape (a later PostgreSQL's) estimates nothing: the planner's own way then.
  return { matches: search?.['Plan Rows'] ?? Number.POSITIVE_INFINITY, catalog: all?.['Plan Rows'] ?? 0 };
}

/** The columns every order reads, so that an order applies to a subquery aliased `p`. */
const SORT_COLUMNS = sql`p.id, p.is_featured, p.rating, p.review_count, p.price_cents`;

/**
 * The first pages in one statement: `m` holds up to COUNT_CAP + 1 matching ids in the order of the
 * sort's index (quality for relevance), numbered; `matches` selects them in that order. With more than
 * COUNT_CAP matches the page is the index order itself (as the two-statement path orders many
 * matches); with fewer, a relevance search ranks them (rank, then quality), exactly as the
 * two-statement path does.
 */
async function firstPages(
  db: Executor,
  matches: SQL,
  words: Words | null,
  sort: SortOption,
  limit: number,
  offset: number,
): Promise<SearchPage> {
  const ranks = ranksByRelevance(sort, words);
  // The rank is read (a provider's row each) only when it orders the page: the lateral read's
  // condition is evaluated once, before any row is read.
  const pageOrder = ranks ? sql`coalesce(r.rank, 0) desc, m.pos` : sql`m.pos`;
  const ranked = ranks
    ? sql`left join lateral (
          select ts_rank_cd(p.search_vector, to_tsquery('english', ${words.rank})) as rank
          from search_listings p where p.id = m.id and (select n from counted) <= ${COUNT_CAP}
        ) r on true`
    : sql``;
  const [result] = await queryRows<{ n: number; rows: ProviderRecord[] | string }>(
    db,
    sql`
      with m as materialized (
        select id, pos from unnest(array(${matches} limit ${COUNT_CAP + 1})) with ordinality as m(id, pos)
      ),
      counted as (select count(*)::int as n from m),
      page as (
        select m.id, row_number() over (order by ${pageOrder}) as position
        from m ${ranked}
        order by ${pageOrder}
        limit ${limit} offset ${offset}
      )
      select (select n from counted) as n, ${providersInOrder(sql`page`)} as rows
    `,
  );
  return pageOf(result?.rows, Number(result?.n ?? 0));
}

/**
 * The terms with every one that starts no word of the small `search_words` vocabulary replaced by the
 * closest of its words by trigram similarity (pg_trgm); a known term is kept (the `case` runs the
 * comparison, most of the time, only then). A from-item `fixed(terms, changed)`. `offset 0` keeps the
 * correction a subquery of its own: merged into a larger statement, its comparison ran again wherever
 * the word is read (2.8 ms a search instead of 0.4).
 */
const correction = (terms: SQLWrapper) => sql`(
  select array_agg(coalesce(c.word, t.term) order by t.n) as terms, bool_or(c.word is not null) as changed
  from regexp_split_to_table(${terms}, ' ') with ordinality as t(term, n)
  cross join lateral (
    select case when not exists (select 1 from search_words w where w.word like t.term || '%') then
      (select w.word from search_words w where w.word % t.term
        order by similarity(w.word, t.term) desc, w.word limit 1)
    end as word
    offset 0
  ) c
) fixed`;

/** Full text first; only when that finds nothing, correct likely typos from the vocabulary and retry. */
export async function searchProviders(
  db: Executor,
  filters: SearchFilters,
  sort: SortOption,
  limit: number,
  offset: number,
  {
    firstTryMs = FIRST_TRY_MS,
    limited,
    estimates = true,
    walkRows,
    timer,
    expandsPrefixes = true,
    plansOnce = true,
  }: Partial<SearchOptions & { expandsPrefixes: boolean; plansOnce: boolean }> = {},
): Promise<SearchPage> {
  const search = (words: Words | null) =>
    runSearch(db, filters, words, sort, limit, offset, { firstTryMs, limited, estimates, walkRows, timer });
  if (filters.terms.length === 0) return search(null);
  const words = await wordsOf(db, filters.terms, expandsPrefixes);
  const first = words.nothing ? pageOf([], 0) : await search(words);
  if (first.total > 0 || first.totalIsLowerBound) return first;
  const again = await correctedWordsOf(db, filters.terms, expandsPrefixes, plansOnce);
  return again === null || again.nothing ? first : search(again);
}

/**
 * A search's words: `rank`, every term as a prefix (`clean:* & home:*`, to_tsquery text, what relevance
 * ranks by), and `match`, the same query as the text index answers it fastest.
 */
export type Words = {
  match: SQL;
  rank: string;
  /** A term starts no lexeme of any listing: nothing can match, and the search need not run. */
  nothing: boolean;
};

/** At most this many whole lexemes stand for one prefix; a prefix that starts more stays a prefix. */
export const MAX_LEXEMES_PER_PREFIX = 24;

/**
 * The words of a search, each prefix term read as the whole lexemes of the catalog it starts
 * (`event:*` as `'event' | 'eventu'`, from search_lexemes): the text index answers whole lexemes
 * several times faster than a prefix, which collects the postings of every lexeme it starts into a
 * bitmap first (docs/decisions/008, "Prefixes as the words they start"). The same providers match:
 * search_lexemes holds every lexeme of every provider (a trigger keeps it). A term stays a prefix when
 * its stem is not plain ASCII letters and digits, when it starts no known lexeme or more than
 * MAX_LEXEMES_PER_PREFIX, or when one of them would need quoting; a stop word drops out, as
 * `to_tsquery` drops it. A term whose stem starts no lexeme at all matches no listing, so neither
 * does the search (`nothing`): a typo is known before any search runs.
 */
export async function wordsOf(db: Executor, terms: readonly string[], expands: boolean): Promise<Words> {
  const rank = prefixTsQuery(terms);
  if (!expands) return { match: sql`to_tsquery('english', ${rank})`, rank, nothing: false };
  // Terms hold only letters and digits, so one space-separated parameter carries them safely.
  const [row] = await wordsStatement(db).execute({ terms: terms.join(' ') });
  return { match: sql`${row?.query ?? ''}::tsquery`, rank, nothing: row?.nothing ?? false };
}

/**
 * The words of a search whose words matched nothing, every term that starts no known word corrected
 * (`correction`); null when no term needed it (the search stands as it was). Where the database keeps
 * a prepared statement's plan (`plansOnce`, PostgreSQL), the correction and the corrected words are
 * one statement. PGlite plans every statement, and planning the larger one cost more than the round
 * trip it saves, most of all for the searches that need no correction (docs/decisions/008): there the
 * correction comes alone, then the words when a term was corrected.
 */
export async function correctedWordsOf(
  db: Executor,
  terms: readonly string[],
  expands: boolean,
  plansOnce = true,
): Promise<Words | null> {
  if (!plansOnce) {
    const [fixed] = await correctionStatement(db).execute({ terms: terms.join(' ') });
    return fixed?.changed ? wordsOf(db, jsonValue(fixed.terms), expands) : null;
  }
  const [row] = await correctedWordsStatement(db).execute({ terms: terms.join(' ') });
  if (!row?.changed) return null;
  const corrected = jsonValue(row.terms);
  if (!expands) return wordsOf(db, corrected, false);
  return { match: sql`${row.query ?? ''}::tsquery`, rank: prefixTsQuery(corrected), nothing: row.nothing };
}

/**
 * The words' statement over the terms `t(term, n)`: each term's prefix query (`to_tsquery` stems it; a
 * stop word gives '' and drops out), read as the whole lexemes it starts when they are few and plain.
 */
const wordsOver = (terms: SQL, when: SQL = sql`true`) => ({
  fields: {
    query: sql<string | null>`
      string_agg('(' || case when whole.n between 1 and ${MAX_LEXEMES_PER_PREFIX} and whole.plain
        then whole.lexemes else prefix.query::text end || ')', ' & ' order by t.n)
        filter (where prefix.query::text <> '')`,
    nothing: sql<boolean>`coalesce(bool_or(s.stem is not null and whole.n = 0), false)`,
  },
  from: sql`${terms}
    cross join lateral (select to_tsquery('english', t.term || ':*') as query) prefix
    cross join lateral (select substring(prefix.query::text from '^''([a-z0-9]+)'':[*]$') as stem) s
    cross join lateral (
      select count(*) as n, string_agg(quote_literal(l.lexeme), ' | ' order by l.lexeme) as lexemes,
        coalesce(bool_and(strpos(l.lexeme, '''') = 0 and strpos(l.lexeme, chr(92)) = 0), true) as plain
      from (
        select lexeme from search_lexemes
        where ${when} and lexeme ~>=~ s.stem and lexeme ~<~ (left(s.stem, -1) || chr(ascii(right(s.stem, 1)) + 1))
        order by lexeme limit ${MAX_LEXEMES_PER_PREFIX + 1}
      ) l
    ) whole`,
});

// Prepared (db/client.ts, preparedPer): every search with words runs the first, every one whose words
// matched nothing one of the others; planning them took longer than running them (docs/decisions/008).
const wordsStatement = preparedPer((db) => {
  const words = wordsOver(
    sql`regexp_split_to_table(${sql.placeholder('terms')}, ' ') with ordinality as t(term, n)`,
  );
  return db.select(words.fields).from(words.from).prepare('search_words_of');
});
const correctionStatement = preparedPer((db) =>
  db
    .select({
      terms: sql<string[] | string>`array_to_json(fixed.terms)`,
      changed: sql<boolean>`coalesce(fixed.changed, false)`,
    })
    .from(correction(sql.placeholder('terms')))
    .prepare('search_correction'),
);
const correctedWordsStatement = preparedPer((db) =>
  correctedWordsSelect(db, sql.placeholder('terms')).prepare('search_corrected_words_of'),
);

/** The statement of correctedWordsOf, for `terms` space-separated (exported for its plan's test). */
export function correctedWordsSelect(db: Executor, terms: SQLWrapper) {
  // The lexemes are read only when a word was corrected: most searches that match nothing have none.
  const words = wordsOver(
    sql`${correction(terms)} cross join lateral unnest(fixed.terms) with ordinality as t(term, n)`,
    sql`fixed.changed`,
  );
  return db
    .select({
      ...words.fields,
      terms: sql<string[] | string>`array_to_json(array_agg(t.term order by t.n))`,
      changed: sql<boolean>`coalesce(bool_or(fixed.changed), false)`,
    })
    .from(words.from);
}

/**
 * Learns every lexeme of every provider's vector into search_lexemes in one pass, as migration 0018
 * did: for a bulk load that wrote vectors with the learning triggers off.
 */
export async function learnSearchLexemes(db: Executor): Promise<void> {
  await db.execute(sql`
    insert into search_lexemes (lexeme)
    select distinct l from providers p, unnest(tsvector_to_array(p.search_vector)) as l
    where p.search_vector is not null
    order by l
    on conflict (lexeme) do nothing
  `);
}

/**
 * The columns search_listings copies from providers, read from its schema (migration 0019's trigger
 * copies the same): every one has the same name in both tables.
 */
export const SEARCH_LISTING_COLUMNS = Object.values(getTableColumns(searchListings)).map(
  (column) => column.name,
);

/**
 * Copies what a search reads of every provider to search_listings in one pass, as migration 0019 did:
 * for a bulk load that wrote providers with the copying triggers off.
 */
export async function copySearchListings(db: Executor): Promise<void> {
  const columns = sql.raw(SEARCH_LISTING_COLUMNS.join(', '));
  const excluded = sql.raw(SEARCH_LISTING_COLUMNS.map((name) => `excluded.${name}`).join(', '));
  await db.execute(sql`
    insert into search_listings (${columns})
    select ${columns} from providers order by id
    on conflict (id) do update set (${columns}) = (${excluded})
  `);
}

/** Recomputes the denormalised search text and vector of some providers (or all) and learns their words. */
export async function refreshSearchDocuments(db: Executor, providerIds?: readonly number[]): Promise<void> {
  const scope = providerIds
    ? sql`and p.id in (${sql.join(
        providerIds.map((id) => sql`${id}`),
        sql`, `,
      )})`
    : sql``;
  if (providerIds && providerIds.length === 0) return;
  await db.execute(sql`
    with docs as (
      select p.id,
        lower(concat_ws(' ', p.name, c.name, s.names)) as text,
        setweight(to_tsvector('english', p.name), 'A') ||
        setweight(to_tsvector('english', c.name), 'A') ||
        setweight(to_tsvector('english', coalesce(s.names, '')), 'B') ||
        setweight(to_tsvector('english', p.description), 'C') as vector
      from providers p
      join categories c on c.id = p.category_id
      left join lateral (
        select string_agg(ps.name, ' ' order by ps.sort_order) as names from provider_services ps where ps.provider_id = p.id
      ) s on true
      where true ${scope}
    )
    update providers set search_text = docs.text, search_vector = docs.vector
    from docs where providers.id = docs.id
  `);
  await db.execute(sql`
    insert into search_words (word)
    select distinct w from providers p, regexp_split_to_table(p.search_text, '[^[:alnum:]]+') as w
    where length(w) >= 3 ${scope}
    on conflict (word) do nothing
  `);
}

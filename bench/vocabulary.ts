import { sql } from 'drizzle-orm';
import { type Executor, queryRows } from '../src/server/db/client';

/**
 * The catalog's own vocabulary, most frequent first: the words of its service names, provider names
 * and descriptions, which is what people type (the realistic search workload draws from it).
 */
export async function catalogVocabulary(db: Executor): Promise<string[]> {
  const rows = await queryRows<{ word: string }>(
    db,
    // The first 100,000 providers' words: at a million, reading every description took longer than the
    // 5-second statement timeout, and the seed's word frequencies are the same in any 100,000 of them.
    sql`select w as word from (
          select regexp_split_to_table(lower(s.name), '[^a-z]+') as w from provider_services s
            where s.provider_id <= 100000
          union all
          select regexp_split_to_table(lower(p.name || ' ' || p.description), '[^a-z]+') from providers p
            where p.id <= 100000
        ) t where length(w) >= 3
          and w not in ('and', 'the', 'for', 'with', 'our', 'you', 'your', 'are', 'from', 'all', 'per', 'inc')
        group by w order by count(*) desc, w limit 3000`,
  );
  return rows.map((row) => row.word);
}

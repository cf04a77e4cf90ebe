// temp: run realistic searches one at a time against URL, print slowest
import pg from 'pg';
import { realisticSearches } from './workload';
import { CATEGORY_SEEDS } from '../src/server/db/seed/catalog-data';
import { CITIES } from '../src/shared/domain/ontario';
const [base, dbUrl, countArg, seedArg] = process.argv.slice(2);
const client = new pg.Client({ connectionString: dbUrl });
await client.connect();
const vocab = (await client.query(`select w as word from (
          select regexp_split_to_table(lower(s.name), '[^a-z]+') as w from provider_services s where s.provider_id <= 100000
          union all
          select regexp_split_to_table(lower(p.name || ' ' || p.description), '[^a-z]+') from providers p where p.id <= 100000
        ) t where length(w) >= 3 and w not in ('and', 'the', 'for', 'with', 'our', 'you', 'your', 'are', 'from', 'all', 'per', 'inc')
        group by w order by count(*) desc, w limit 3000`)).rows.map((r) => r.word);
await client.end();
const urls = realisticSearches({ vocabulary: vocab, cities: CITIES.map((c) => c.value), categories: CATEGORY_SEEDS.map((c) => c.slug), count: Number(countArg ?? 500), seed: Number(seedArg ?? 42) });
const times: [number, string, string][] = [];
for (const u of urls) {
  const t = performance.now();
  const r = await fetch(base + u, { headers: { 'x-forwarded-for': `10.1.${times.length >> 8}.${times.length & 255}` } });
  await r.arrayBuffer();
  times.push([performance.now() - t, u, `${r.status} ${r.headers.get('x-total-count')}`]);
}
const sorted = times.map((t) => t[0]).sort((a, b) => a - b);
const q = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!.toFixed(1);
console.log(`n=${sorted.length} p50=${q(0.5)} p95=${q(0.95)} p99=${q(0.99)} max=${q(0.999)}`);
for (const [ms, u, s] of times.sort((a, b) => b[0] - a[0]).slice(0, Number(process.env.TOP ?? 25))) console.log(ms.toFixed(0).padStart(6), s, decodeURIComponent(u));

import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { CATEGORY_SEEDS } from '../src/server/db/seed/catalog-data';
import { openDatabase } from '../src/server/db/client';
import { CITIES } from '../src/shared/domain/ontario';
import { type PairedTimes, pairedSummary } from './paired';
import { catalogVocabulary } from './vocabulary';
import { realisticSearches } from './workload';

/**
 * `npm run bench:compare -- --a URL --b URL`: two running builds of the server, timed side by side on
 * the realistic search workload. Each search goes to both in turn (which one first alternates), for
 * `--passes` passes 31 seconds apart (past the catalog cache's 30), and each is compared with its own
 * twin. Alternating whole runs of two builds cannot resolve a difference of a millisecond on these
 * machines, whose speed drifts more than that within minutes (docs/decisions/008, "The words'
 * statements, prepared"). The searches without words are reported apart: when a change does not touch
 * them they are the control, and their difference is the two processes' own.
 *
 * The vocabulary comes from the catalog: `DATABASE_URL` (PostgreSQL), or `--vocabulary FILE` (a JSON
 * array of words, or the benchmark's prepared data with its `vocabulary`), for PGlite servers, whose
 * database their process holds.
 */
const { values } = parseArgs({
  options: {
    a: { type: 'string' },
    b: { type: 'string' },
    seed: { type: 'string' },
    count: { type: 'string', default: '1500' },
    passes: { type: 'string', default: '3' },
    vocabulary: { type: 'string' },
  },
});
if (!values.a || !values.b) {
  console.error(
    'usage: npm run bench:compare -- --a http://host:port --b http://host:port [--seed N] [--count 1500] [--passes 3] [--vocabulary FILE]',
  );
  process.exit(2);
}
const [a, b] = [values.a, values.b];
const seed = values.seed ? Number(values.seed) : Math.floor(Math.random() * 2 ** 31);
const passes = Math.max(1, Number(values.passes));

async function vocabulary(): Promise<string[]> {
  if (values.vocabulary) {
    const data = JSON.parse(readFileSync(values.vocabulary, 'utf8')) as string[] | { vocabulary: string[] };
    return Array.isArray(data) ? data : data.vocabulary;
  }
  if (!process.env.DATABASE_URL) throw new Error('set DATABASE_URL, or pass --vocabulary FILE');
  const database = await openDatabase({ kind: 'postgres', url: process.env.DATABASE_URL, poolSize: 1 });
  try {
    return await catalogVocabulary(database.db);
  } finally {
    await database.close();
  }
}

const urls = realisticSearches({
  vocabulary: await vocabulary(),
  cities: CITIES.map((city) => city.value),
  categories: CATEGORY_SEEDS.map((category) => category.slug),
  count: Number(values.count),
  seed,
});
console.log(
  `Side by side: ${urls.length} realistic searches, seed ${seed}, ${passes} passes; a = ${a}, b = ${b}`,
);

async function timed(base: string, url: string, i: number): Promise<number> {
  const started = performance.now();
  // One visitor per search, as in the benchmark: the rate limit is per address.
  const res = await fetch(base + url, { headers: { 'x-forwarded-for': `10.7.${i % 250}.${i % 200}` } });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${base}${url} answered ${res.status}`);
  return performance.now() - started;
}

const times: PairedTimes[] = urls.map(() => ({ a: [], b: [] }));
for (let pass = 0; pass < passes; pass++) {
  if (pass > 0) await new Promise((resolve) => setTimeout(resolve, 31_000));
  for (const [i, url] of urls.entries()) {
    const twin = times[i]!;
    if ((i + pass) % 2 === 0) {
      twin.a.push(await timed(a, url, i));
      twin.b.push(await timed(b, url, i));
    } else {
      twin.b.push(await timed(b, url, i));
      twin.a.push(await timed(a, url, i));
    }
  }
  console.log(`pass ${pass + 1} of ${passes} done`);
}

const withWords = (url: string) => new URL(url, 'http://x').searchParams.has('q');
const groups: [string, PairedTimes[]][] = [
  ['all searches', times],
  ['with words', times.filter((_t, i) => withWords(urls[i]!))],
  ['without words', times.filter((_t, i) => !withWords(urls[i]!))],
];
console.log(
  '\n| searches | n | a p50 / p95 ms | b p50 / p95 ms | median of (b - a) per search, ms |\n|---|---|---|---|---|',
);
for (const [name, group] of groups) {
  if (group.length === 0) continue;
  const s = pairedSummary(group);
  console.log(
    `| ${name} | ${s.requests} | ${s.a.p50.toFixed(2)} / ${s.a.p95.toFixed(2)} | ${s.b.p50.toFixed(2)} / ${s.b.p95.toFixed(2)} | ${s.medianDifference.toFixed(2)} |`,
  );
}
console.log(
  '\nEach side counts its fastest pass per search. The times are higher than one server alone (each waits while the other runs): compare the differences, and the control (searches without words) when the change leaves it alone.',
);

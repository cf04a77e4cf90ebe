import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadDotEnv, loadEnv } from '../../env';
import { databaseOptionsFromEnv } from '../../server';
import { createLocalStorage, uploadsFolder } from '../../modules/applications/storage';
import { openDatabase } from '../client';
import { seedBulkProviders } from './bulk';
import { seedDemo } from './demo';

/**
 * `npm run seed`: migrates and seeds the demo data into the configured database (DATABASE_URL or DATA_DIR).
 * `npm run seed -- --providers 100000` adds that many generated providers, for benchmarks.
 */
async function main() {
  const { values } = parseArgs({ options: { providers: { type: 'string' } } });
  loadDotEnv();
  const env = loadEnv();
  // Bulk seeding runs statements far longer than the 5-second limit requests get.
  const options = databaseOptionsFromEnv(env);
  const database = await openDatabase(
    options.kind === 'postgres' ? { ...options, statementTimeoutMs: 0 } : options,
  );
  try {
    await database.withStartupLock(() => database.migrate());
    const count = values.providers === undefined ? 0 : Number(values.providers);
    if (!Number.isInteger(count) || count < 0) throw new Error('--providers takes a whole number');
    if (count > 0) {
      const started = Date.now();
      await seedBulkProviders(database.db, count, (done, total) => {
        if (done % 10_000 === 0 || done === total) process.stdout.write(`  ${done}/${total} providers\n`);
      });
      await database.db.execute(sql`vacuum analyze`);
      console.log(`Seeded ${count} providers in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
    } else {
      const storage = createLocalStorage(uploadsFolder(env.DATA_DIR));
      const result = await seedDemo(database.db, { env, storage });
      console.log(result.created ? 'Seeded the demo data.' : 'The demo data was already there.');
    }
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadDotEnv, loadEnv } from '../src/server/env';
import { BackupError, backup } from './backup-archive';

/**
 * `npm run backup [-- FILE] [--force]`: the database and the uploads folder of the configured
 * DATA_DIR / DATABASE_URL in one .tar.gz (default: backups/trillium-<time>.tar.gz). On PostgreSQL it
 * runs beside the server (pg_dump takes a consistent snapshot); the embedded database must be closed
 * (stop the server first).
 */
async function main() {
  const { values, positionals } = parseArgs({
    options: { force: { type: 'boolean', default: false }, out: { type: 'string' } },
    allowPositionals: true,
  });
  loadDotEnv();
  const env = loadEnv();
  const stamp = new Date()
    .toISOString()
    .replace(/[:.]/g, '-')
    .replace(/-\d{3}Z$/, 'Z');
  const out = values.out ?? positionals[0] ?? path.join('backups', `trillium-${stamp}.tar.gz`);
  const manifest = await backup(env, out, { force: values.force });
  const { users, bookings, documents, uploads } = manifest.counts;
  console.log(
    `Backed up the ${manifest.database === 'postgres' ? 'PostgreSQL' : 'embedded'} database (${users} users, ${bookings} bookings, ${documents} documents) and ${uploads} uploaded files to ${out}`,
  );
}

main().catch((error) => {
  // A sentence for the person at the terminal; an unforeseen failure keeps its message, not its stack.
  console.error(
    error instanceof BackupError ? error.message : `Failed: ${(error as Error)?.message ?? error}`,
  );
  process.exit(1);
});

import { parseArgs } from 'node:util';
import { loadDotEnv, loadEnv } from '../src/server/env';
import { BackupError, restore } from './backup-archive';

/**
 * `npm run restore FILE`: a backup made by `npm run backup`, into an empty DATA_DIR (embedded database)
 * or an empty database (DATABASE_URL) and an empty DATA_DIR/uploads. Anything not empty is refused,
 * before anything is written.
 */
async function main() {
  const { positionals } = parseArgs({ allowPositionals: true });
  const file = positionals[0];
  if (!file || positionals.length > 1) {
    console.error('Usage: npm run restore FILE   (a .tar.gz made by npm run backup)');
    process.exit(2);
  }
  loadDotEnv();
  const env = loadEnv();
  const { manifest, restored } = await restore(env, file);
  console.log(
    `Restored the backup of ${manifest.createdAt}: ${restored.users} users, ${restored.bookings} bookings, ${restored.documents} documents and ${restored.uploads} uploaded files. Start the server as usual; it applies any newer migrations.`,
  );
}

main().catch((error) => {
  // A sentence for the person at the terminal; an unforeseen failure keeps its message, not its stack.
  console.error(
    error instanceof BackupError ? error.message : `Failed: ${(error as Error)?.message ?? error}`,
  );
  process.exit(1);
});

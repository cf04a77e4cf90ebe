import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { seedDemo } from '../../src/server/db/seed/demo';
import { createLocalStorage, uploadsFolder } from '../../src/server/modules/applications/storage';
import { filesIn, runScript, snapshot } from '../support/backups';

/**
 * `npm run backup` and `npm run restore FILE` on the embedded database (issue 19): the demo data
 * (bookings, users, application documents and their files) backed up, restored into another, empty
 * DATA_DIR, and found the same there; a target that is not empty, an open database and a file that is
 * not a backup are refused with a clear message.
 */
// The embedded database's own: the PGlite pass runs it, and the PostgreSQL pass would only repeat it
// (docs/decisions/016-test-run-time.md).
describe.skipIf(process.env.TEST_DATABASE_URL)('backup and restore of the embedded database', () => {
  let root: string;
  let original: Awaited<ReturnType<typeof snapshot>>;
  const dataDir = () => path.join(root, 'original');

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'trillium-backup-test-'));
    const database = await openDatabase({ kind: 'pglite', dataDir: dataDir() });
    await database.migrate();
    await seedDemo(database.db, { storage: createLocalStorage(uploadsFolder(dataDir())) });
    original = await snapshot(database.db);
    await database.close();
  }, 120_000);
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('restores the same bookings, users, documents and files into an empty DATA_DIR', async () => {
    expect(original.bookings.length).toBeGreaterThan(10);
    expect(original.users.length).toBeGreaterThan(3);
    expect(original.documents.length).toBeGreaterThan(3);
    const files = filesIn(uploadsFolder(dataDir()));
    expect(Object.keys(files).length).toBeGreaterThanOrEqual(original.documents.length);

    const file = path.join(root, 'backups', 'first.tar.gz');
    const made = await runScript('backup', [file], { DATA_DIR: dataDir() });
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    expect(made.stdout).toContain(
      `(${original.users.length} users, ${original.bookings.length} bookings, ${original.documents.length} documents)`,
    );

    const elsewhere = path.join(root, 'restored');
    const restored = await runScript('restore', [file], { DATA_DIR: elsewhere });
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain(`${original.bookings.length} bookings`);

    const database = await openDatabase({ kind: 'pglite', dataDir: elsewhere });
    try {
      // Usable as the server opens it: migrations already applied, nothing pending.
      await database.migrate();
      expect(await snapshot(database.db)).toEqual(original);
    } finally {
      await database.close();
    }
    expect(filesIn(uploadsFolder(elsewhere))).toEqual(files);
  }, 180_000);

  it('refuses to restore into a DATA_DIR that is not empty, and changes nothing there', async () => {
    const file = path.join(root, 'backups', 'first.tar.gz');
    const before = filesIn(dataDir());
    const refused = await runScript('restore', [file], { DATA_DIR: dataDir() });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/is not empty: restore into an empty DATA_DIR\./);
    expect(filesIn(dataDir())).toEqual(before);
  }, 60_000);

  it('refuses to back up the embedded database while it is open', async () => {
    const database = await openDatabase({ kind: 'pglite', dataDir: dataDir() });
    try {
      const refused = await runScript('backup', [path.join(root, 'backups', 'open.tar.gz')], {
        DATA_DIR: dataDir(),
      });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('stop the server first');
    } finally {
      await database.close();
    }
  }, 60_000);

  it('refuses a file that is not a backup, and a restore without a file', async () => {
    const bogus = path.join(root, 'not-a-backup.tar.gz');
    writeFileSync(bogus, 'hello');
    const refused = await runScript('restore', [bogus], { DATA_DIR: path.join(root, 'empty') });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('could not be read as a .tar.gz backup');
    const usage = await runScript('restore', [], { DATA_DIR: path.join(root, 'empty') });
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('Usage: npm run restore FILE');
  }, 60_000);
});

import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { seedDemo } from '../../src/server/db/seed/demo';
import { createLocalStorage, uploadsFolder } from '../../src/server/modules/applications/storage';
import { filesIn, hasTools, runScript, snapshot } from '../support/backups';

const adminUrl = process.env.TEST_DATABASE_URL;

/**
 * `npm run backup` / `npm run restore FILE` on PostgreSQL (pg_dump's custom format, pg_restore in one
 * transaction): the demo data restored into a new, empty database and another DATA_DIR is the same;
 * a database that is not empty, and a backup of the other kind, are refused.
 */
describe.skipIf(!adminUrl || !hasTools)('backup and restore on PostgreSQL', () => {
  const suffix = randomBytes(4).toString('hex');
  const names = { source: `trillium_t_backup_${suffix}`, target: `trillium_t_restore_${suffix}` };
  const urlOf = (name: string) => {
    const url = new URL(adminUrl!);
    url.pathname = `/${name}`;
    return url.toString();
  };
  let root: string;
  let original: Awaited<ReturnType<typeof snapshot>>;

  async function admin(statement: string) {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  }

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'trillium-pg-backup-'));
    await admin(`create database ${names.source}`);
    await admin(`create database ${names.target}`);
    const database = await openDatabase({ kind: 'postgres', url: urlOf(names.source) });
    try {
      await database.migrate();
      const dataDir = path.join(root, 'original');
      await seedDemo(database.db, { storage: createLocalStorage(uploadsFolder(dataDir)) });
      original = await snapshot(database.db);
    } finally {
      await database.close();
    }
  }, 120_000);
  afterAll(async () => {
    for (const name of Object.values(names)) await admin(`drop database if exists ${name} with (force)`);
    rmSync(root, { recursive: true, force: true });
  }, 60_000);

  it('restores the same bookings, users, documents and files into an empty database', async () => {
    const file = path.join(root, 'pg.tar.gz');
    const sourceDir = path.join(root, 'original');
    const made = await runScript('backup', [file], {
      DATA_DIR: sourceDir,
      DATABASE_URL: urlOf(names.source),
    });
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    expect(made.stdout).toContain('Backed up the PostgreSQL database');

    // A backup of PostgreSQL does not go into an embedded database.
    const wrongKind = await runScript('restore', [file], { DATA_DIR: path.join(root, 'embedded') });
    expect(wrongKind.code).toBe(1);
    expect(wrongKind.stderr).toContain('This backup is of a PostgreSQL database');

    const elsewhere = path.join(root, 'restored');
    const restored = await runScript('restore', [file], {
      DATA_DIR: elsewhere,
      DATABASE_URL: urlOf(names.target),
    });
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    const database = await openDatabase({ kind: 'postgres', url: urlOf(names.target) });
    try {
      await database.migrate();
      expect(await snapshot(database.db)).toEqual(original);
    } finally {
      await database.close();
    }
    expect(filesIn(uploadsFolder(elsewhere))).toEqual(filesIn(uploadsFolder(sourceDir)));
    expect(Object.keys(filesIn(uploadsFolder(elsewhere))).length).toBeGreaterThan(0);

    // Again into the same database (now holding the data): refused before anything is written.
    const again = await runScript('restore', [file], {
      DATA_DIR: path.join(root, 'third'),
      DATABASE_URL: urlOf(names.target),
    });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('The database at DATABASE_URL is not empty');
    expect(existsSync(uploadsFolder(path.join(root, 'third')))).toBe(false);
  }, 180_000);
});

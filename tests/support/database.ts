import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/client';

/** The migrated template, read once per worker (a Blob is immutable: each database reads its own copy). */
let template: Blob | undefined;

/** A fresh, migrated database for one test file: PGlite by default, PostgreSQL when TEST_DATABASE_URL is set. */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const adminUrl = inject('postgresAdminUrl');
  if (adminUrl) {
    const name = `trillium_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
    } finally {
      await admin.end();
    }
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 5 });
    const close = handle.close;
    return {
      ...handle,
      async close() {
        await close();
        const cleanup = new pg.Client({ connectionString: adminUrl });
        await cleanup.connect();
        await cleanup.query(`drop database if exists ${name} with (force)`).catch(() => {});
        await cleanup.end();
      },
    };
  }
  return openDatabase({ kind: 'pglite', loadDataDir: pgliteTemplate() });
}

/** The migrated PGlite template of this run, for a test that opens PGlite itself. */
export function pgliteTemplate(): Blob {
  template ??= new Blob([readFileSync(inject('pgliteTemplate'))]);
  return template;
}

/**
 * A data folder holding a migrated PGlite database (a copy of the template), for a test that opens it
 * itself, in a worker thread or again after a restart: copying it costs a fraction of migrating anew.
 */
export async function migratedDataDir(dataDir: string): Promise<void> {
  const database = await openDatabase({ kind: 'pglite', dataDir, loadDataDir: pgliteTemplate() });
  await database.close();
}

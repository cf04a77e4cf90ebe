import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: a data folder (an uncompressed tar), migrated once, that each test file loads. */
    pgliteTemplate: string;
    /** PostgreSQL: admin URL and the name of a migrated template database (when TEST_DATABASE_URL is set). */
    postgresAdminUrl: string;
    postgresTemplate: string;
  }
}

/**
 * Migrates one template database for the whole run; each test file then gets a fresh copy
 * (PGlite: loads the dumped folder; PostgreSQL: CREATE DATABASE ... TEMPLATE).
 */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const templateName = `trillium_template_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${templateName}`);
    const url = new URL(adminUrl);
    url.pathname = `/${templateName}`;
    const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 });
    await handle.migrate();
    await handle.close();
    project.provide('postgresAdminUrl', adminUrl);
    project.provide('postgresTemplate', templateName);
    project.provide('pgliteTemplate', '');
    return async () => {
      const rows = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like 'trillium_t\\_%' or datname = $1`,
        [templateName],
      );
      for (const row of rows.rows) await admin.query(`drop database if exists "${row.datname}" with (force)`);
      await admin.end();
    };
  }

  const dir = mkdtempSync(path.join(tmpdir(), 'trillium-template-'));
  const file = path.join(dir, 'template.tar');
  const handle = await openDatabase({ kind: 'pglite' });
  await handle.migrate();
  // Uncompressed (44 MB against 5 MB): each of the run's ~120 openings then skips a gunzip and a failed
  // first untar of a type-less blob, 0.2-0.5 s each here.
  const dump = await handle.pglite!.dumpDataDir('none');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('pgliteTemplate', file);
  project.provide('postgresAdminUrl', '');
  project.provide('postgresTemplate', '');
  return () => rmSync(dir, { recursive: true, force: true });
}

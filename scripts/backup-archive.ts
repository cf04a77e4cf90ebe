import { execFile } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { cp, mkdir, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import * as tar from 'tar';
import type { Env } from '../src/server/env';
import { uploadsFolder } from '../src/server/modules/applications/storage';

/**
 * `npm run backup` and `npm run restore FILE` (README, docs/decisions/011-backups.md): one .tar.gz
 * holding `manifest.json`, the database (PGlite's data-dir dump, or `pg_dump`'s custom format) and the
 * uploads folder. A restore goes only into an empty DATA_DIR or an empty database.
 */

const run = promisify(execFile);
export const BACKUP_FORMAT = 'trillium-backup';

type Kind = 'pglite' | 'postgres';
export type Manifest = {
  format: typeof BACKUP_FORMAT;
  version: 1;
  createdAt: string;
  database: Kind;
  /** What the database held when the backup began, and the files saved. */
  counts: { users: number; bookings: number; documents: number; uploads: number };
};

/** A refusal or failure with a sentence for the person at the terminal. */
export class BackupError extends Error {}

const COUNTS = `select (select count(*) from users)::int as users, (select count(*) from bookings)::int as bookings,
  (select count(*) from documents)::int as documents`;

/** `pg_dump` / `pg_restore`: PG_BIN first, then PostgreSQL 15's own folder, then the PATH. */
function pgTool(name: 'pg_dump' | 'pg_restore'): string {
  for (const dir of [process.env.PG_BIN, '/usr/lib/postgresql/15/bin']) {
    if (dir && existsSync(path.join(dir, name))) return path.join(dir, name);
  }
  return name;
}

async function runTool(name: 'pg_dump' | 'pg_restore', args: string[]) {
  try {
    await run(pgTool(name), args, { maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const { code, stderr } = error as { code?: string; stderr?: string };
    if (code === 'ENOENT')
      throw new BackupError(
        `${name} was not found. Install PostgreSQL's client tools (apt-get install postgresql-client-15) or set PG_BIN.`,
      );
    throw new BackupError(`${name} failed:\n${(stderr ?? String(error)).trim()}`);
  }
}

const pgliteFolder = (env: Env) => path.resolve(env.DATA_DIR, 'pglite');
const isEmptyFolder = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

function countFiles(dir: string): number {
  if (!existsSync(dir)) return 0;
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;
}

async function openPglite(dir: string, loadDataDir?: Blob) {
  return PGlite.create(dir, { extensions: { pg_trgm, btree_gist }, loadDataDir });
}

async function postgresCounts(url: string): Promise<Omit<Manifest['counts'], 'uploads'>> {
  const client = new pg.Client({ connectionString: url, application_name: 'trillium-backup' });
  await client.connect();
  try {
    return (await client.query(COUNTS)).rows[0];
  } finally {
    await client.end();
  }
}

/** Writes the backup to `out`; answers its manifest. */
export async function backup(env: Env, out: string, { force = false } = {}): Promise<Manifest> {
  const staging = mkdtempSync(path.join(tmpdir(), 'trillium-backup-'));
  try {
    await mkdir(path.join(staging, 'database'));
    let counts: Omit<Manifest['counts'], 'uploads'>;
    const kind: Kind = env.DATABASE_URL ? 'postgres' : 'pglite';
    if (env.DATABASE_URL) {
      // One transaction (repeatable read) on a running server: a consistent snapshot.
      counts = await postgresCounts(env.DATABASE_URL);
      const file = path.join(staging, 'database', 'postgres.dump');
      await runTool('pg_dump', [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        `--file=${file}`,
        env.DATABASE_URL,
      ]);
    } else {
      const dir = pgliteFolder(env);
      if (isEmptyFolder(dir)) throw new BackupError(`There is no embedded database in ${dir} to back up.`);
      // The embedded database is one process's: while the server has it open, its files are changing.
      if (existsSync(path.join(dir, 'postmaster.pid')) && !force)
        throw new BackupError(
          `The embedded database in ${dir} is open (postmaster.pid): stop the server first (Ctrl-C), then run the backup again. If no server is running (it stopped abruptly), add --force.`,
        );
      const database = await openPglite(dir);
      try {
        counts = (await database.query<Omit<Manifest['counts'], 'uploads'>>(COUNTS)).rows[0]!;
        const dump = await database.dumpDataDir('gzip');
        writeFileSync(path.join(staging, 'database', 'pglite.tar.gz'), Buffer.from(await dump.arrayBuffer()));
      } finally {
        await database.close();
      }
    }
    // Files after the database: every file the snapshot names is already there (uploads are stored
    // before their rows are written).
    const uploads = uploadsFolder(env.DATA_DIR);
    const entries = ['manifest.json', 'database'];
    if (existsSync(uploads)) {
      await symlink(path.resolve(uploads), path.join(staging, 'uploads'), 'dir');
      entries.push('uploads');
    }
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      version: 1,
      createdAt: new Date().toISOString(),
      database: kind,
      counts: { ...counts, uploads: countFiles(uploads) },
    };
    writeFileSync(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    await mkdir(path.dirname(path.resolve(out)), { recursive: true });
    // Written aside, then renamed: a backup file that exists is a whole one.
    const partial = `${out}.partial`;
    await tar.c({ gzip: true, file: partial, cwd: staging, portable: true, follow: true }, entries);
    renameSync(partial, out);
    return manifest;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Refuses a database that holds anything: a restore never mixes two databases. */
async function assertEmptyPostgres(url: string) {
  const client = new pg.Client({ connectionString: url, application_name: 'trillium-restore' });
  await client.connect().catch((error: Error) => {
    throw new BackupError(`Cannot connect to DATABASE_URL: ${error.message}`);
  });
  try {
    const { rows } = await client.query<{ name: string }>(
      `select table_schema || '.' || table_name as name from information_schema.tables
       where table_schema not in ('pg_catalog', 'information_schema') order by 1 limit 3`,
    );
    if (rows.length > 0)
      throw new BackupError(
        `The database at DATABASE_URL is not empty (it has ${rows.map((r) => r.name).join(', ')}...). Restore into a new, empty database (createdb), never over one in use.`,
      );
  } finally {
    await client.end();
  }
}

function readManifest(staging: string): Manifest {
  const file = path.join(staging, 'manifest.json');
  const manifest = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<Manifest>) : {};
  if (manifest.format !== BACKUP_FORMAT || manifest.version !== 1 || !manifest.database)
    throw new BackupError(
      'This file is not a Trillium backup (no manifest.json of format trillium-backup, version 1).',
    );
  return manifest as Manifest;
}

/** Restores `file` into the empty DATA_DIR (and database) `env` names; answers what was restored. */
export async function restore(
  env: Env,
  file: string,
): Promise<{ manifest: Manifest; restored: Manifest['counts'] }> {
  if (!existsSync(file) || !statSync(file).isFile()) throw new BackupError(`No backup file at ${file}.`);
  const staging = mkdtempSync(path.join(tmpdir(), 'trillium-restore-'));
  try {
    try {
      await tar.x({ file, cwd: staging, strict: true });
    } catch (error) {
      throw new BackupError(`${file} could not be read as a .tar.gz backup: ${(error as Error).message}`);
    }
    const manifest = readManifest(staging);
    const target: Kind = env.DATABASE_URL ? 'postgres' : 'pglite';
    if (manifest.database !== target)
      throw new BackupError(
        manifest.database === 'pglite'
          ? 'This backup is of an embedded (PGlite) database: restore it with DATABASE_URL unset and DATA_DIR naming an empty folder.'
          : 'This backup is of a PostgreSQL database: restore it with DATABASE_URL naming a new, empty database.',
      );
    // Every check before anything is written.
    const uploads = uploadsFolder(env.DATA_DIR);
    if (!isEmptyFolder(uploads))
      throw new BackupError(`${path.resolve(uploads)} is not empty: restore into an empty DATA_DIR.`);
    if (env.DATABASE_URL) await assertEmptyPostgres(env.DATABASE_URL);
    else if (!isEmptyFolder(pgliteFolder(env)))
      throw new BackupError(`${pgliteFolder(env)} is not empty: restore into an empty DATA_DIR.`);

    let restored: Omit<Manifest['counts'], 'uploads'>;
    if (env.DATABASE_URL) {
      await runTool('pg_restore', [
        '--no-owner',
        '--no-privileges',
        '--exit-on-error',
        '--single-transaction',
        `--dbname=${env.DATABASE_URL}`,
        path.join(staging, 'database', 'postgres.dump'),
      ]);
      restored = await postgresCounts(env.DATABASE_URL);
    } else {
      await mkdir(pgliteFolder(env), { recursive: true });
      const dump = readFileSync(path.join(staging, 'database', 'pglite.tar.gz'));
      const database = await openPglite(pgliteFolder(env), new Blob([new Uint8Array(dump)]));
      try {
        restored = (await database.query<Omit<Manifest['counts'], 'uploads'>>(COUNTS)).rows[0]!;
        await database.query('checkpoint');
      } finally {
        await database.close();
      }
    }
    if (existsSync(path.join(staging, 'uploads'))) {
      await cp(path.join(staging, 'uploads'), uploads, { recursive: true, errorOnExist: true, force: false });
    }
    return { manifest, restored: { ...restored, uploads: countFiles(uploads) } };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

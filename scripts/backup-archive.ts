import { execFile } from 'node:child_process';
import {
  closeSync,
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
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
import { MIGRATIONS_FOLDER } from '../src/server/db/client';
import { claimRestoreLock, isAlive, RESTORE_LOCK } from '../src/server/db/restore-lock';
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
  /**
   * The newest migration the database had (drizzle's `created_at`, the journal's `when`): a build that
   * does not know it refuses the backup. Missing in backups made before 2026-11-27.
   */
  lastMigration?: number;
};

/** A refusal or failure with a sentence for the person at the terminal. */
export class BackupError extends Error {}

const COUNTS = `select (select count(*) from users)::int as users, (select count(*) from bookings)::int as bookings,
  (select count(*) from documents)::int as documents`;
const LAST_MIGRATION = 'select max(created_at)::float8 as "lastMigration" from drizzle.__drizzle_migrations';
type DatabaseFacts = Omit<Manifest['counts'], 'uploads'> & { lastMigration: number | null };

/** The newest migration this build knows (its journal's last `when`). */
function newestKnownMigration(): number {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

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

async function pgliteFacts(database: PGlite): Promise<DatabaseFacts> {
  const counts = (await database.query<Omit<Manifest['counts'], 'uploads'>>(COUNTS)).rows[0]!;
  const last = (await database.query<{ lastMigration: number | null }>(LAST_MIGRATION)).rows[0]!;
  return { ...counts, lastMigration: last.lastMigration };
}

async function postgresFacts(client: pg.Client): Promise<DatabaseFacts> {
  const counts = (await client.query(COUNTS)).rows[0];
  const last = (await client.query(LAST_MIGRATION)).rows[0];
  return { ...counts, lastMigration: last.lastMigration };
}

async function connectPostgres(url: string, name: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, application_name: name });
  await client.connect().catch((error: Error) => {
    throw new BackupError(`Cannot connect to DATABASE_URL: ${error.message}`);
  });
  return client;
}

/**
 * `pg_dump` of the database, and its counts read in the same snapshot: a transaction (repeatable read)
 * exports its snapshot, and pg_dump reads that one while the transaction stays open. The counts a
 * backup reports are then the rows it holds, however busy the server is meanwhile.
 */
async function dumpPostgres(url: string, file: string): Promise<DatabaseFacts> {
  const client = await connectPostgres(url, 'trillium-backup');
  try {
    await client.query('begin isolation level repeatable read read only');
    const snapshot = (await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0]!.id;
    const facts = await postgresFacts(client);
    await runTool('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--snapshot=${snapshot}`,
      `--file=${file}`,
      url,
    ]);
    await client.query('commit');
    return facts;
  } finally {
    await client.end();
  }
}

/** Runs `step`, turning a file system error into a sentence (no stack trace at the terminal). */
async function fileStep<T>(what: string, step: () => T | Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof BackupError) throw error;
    throw new BackupError(`${what}: ${(error as Error).message}`);
  }
}

/** `trillium-backup-<pid>-XXXXXX` or `trillium-restore-<pid>-XXXXXX`: a staging folder and its owner. */
const STAGING = /^trillium-(?:backup|restore)-(\d+)-[A-Za-z0-9]{6}$/;

/**
 * A staging folder in the system's temporary folder (owner-only, as mkdtemp makes it), named after this
 * process. A backup or restore killed half-way (SIGKILL, a power cut) never reaches its `finally`, and
 * its folder holds a whole database dump: the next backup or restore removes the folders of processes
 * that no longer run, as a restore does with the drafts of its lock (docs/decisions/011-backups.md).
 */
function stagingFolder(kind: 'backup' | 'restore'): string {
  for (const name of readdirSync(tmpdir())) {
    const owner = STAGING.exec(name)?.[1];
    if (owner === undefined || Number(owner) === process.pid || isAlive(Number(owner))) continue;
    try {
      rmSync(path.join(tmpdir(), name), { recursive: true, force: true });
    } catch {
      // Another user's (a shared /tmp): theirs to remove.
    }
  }
  return mkdtempSync(path.join(tmpdir(), `trillium-${kind}-${process.pid}-`));
}

/**
 * Writes the backup to `out`, readable by its owner only (it holds password hashes and personal data);
 * an existing file is never replaced. Answers its manifest.
 */
export async function backup(env: Env, out: string, { force = false } = {}): Promise<Manifest> {
  if (existsSync(out))
    throw new BackupError(`${out} already exists: name another file, or move that one away first.`);
  const staging = stagingFolder('backup');
  try {
    await mkdir(path.join(staging, 'database'));
    let facts: DatabaseFacts;
    const kind: Kind = env.DATABASE_URL ? 'postgres' : 'pglite';
    if (env.DATABASE_URL) {
      // On a running server: one snapshot for the dump and its counts.
      facts = await dumpPostgres(env.DATABASE_URL, path.join(staging, 'database', 'postgres.dump'));
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
        facts = await pgliteFacts(database);
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
    const { lastMigration, ...counts } = facts;
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      version: 1,
      createdAt: new Date().toISOString(),
      database: kind,
      counts: { ...counts, uploads: countFiles(uploads) },
      ...(lastMigration === null ? {} : { lastMigration: Number(lastMigration) }),
    };
    writeFileSync(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    await fileStep(`Cannot write ${out}`, async () => {
      await mkdir(path.dirname(path.resolve(out)), { recursive: true, mode: 0o700 });
      // Written aside, owner-only from its first byte, then linked under its name: a backup file that
      // exists is a whole one, and a link never replaces a file that appeared meanwhile.
      const partial = `${out}.partial`;
      rmSync(partial, { force: true });
      closeSync(openSync(partial, 'wx', 0o600));
      await tar.c({ gzip: true, file: partial, cwd: staging, portable: true, follow: true }, entries);
      try {
        linkSync(partial, out);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST')
          throw new BackupError(`${out} already exists: name another file, or move that one away first.`);
        throw error;
      } finally {
        rmSync(partial, { force: true });
      }
    });
    return manifest;
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** Refuses a database that holds anything: a restore never mixes two databases. */
async function assertEmptyPostgres(url: string) {
  const client = await connectPostgres(url, 'trillium-restore');
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
  let manifest: Partial<Manifest> = {};
  try {
    if (existsSync(file)) manifest = JSON.parse(readFileSync(file, 'utf8')) as Partial<Manifest>;
  } catch {
    // Not JSON: refused below like any other file that is no backup.
  }
  if (manifest.format !== BACKUP_FORMAT || manifest.version !== 1 || !manifest.database || !manifest.counts)
    throw new BackupError(
      'This file is not a Trillium backup (no manifest.json of format trillium-backup, version 1).',
    );
  return manifest as Manifest;
}

/**
 * What must hold before anything is written: the backup is whole (its dump is there, and as many
 * uploaded files as its manifest counts), this build knows its migrations, and the target is empty.
 */
async function checkBeforeRestore(env: Env, file: string, staging: string, manifest: Manifest) {
  const target: Kind = env.DATABASE_URL ? 'postgres' : 'pglite';
  if (manifest.database !== target)
    throw new BackupError(
      manifest.database === 'pglite'
        ? 'This backup is of an embedded (PGlite) database: restore it with DATABASE_URL unset and DATA_DIR naming an empty folder.'
        : 'This backup is of a PostgreSQL database: restore it with DATABASE_URL naming a new, empty database.',
    );
  if (!existsSync(dumpIn(staging, target)))
    throw new BackupError(
      `${file} holds no database (database/${path.basename(dumpIn(staging, target))}): it is not a whole backup. Nothing was restored.`,
    );
  const files = countFiles(path.join(staging, 'uploads'));
  // More is harmless (a file uploaded while a PostgreSQL backup was being written); fewer is a cut file.
  if (files < manifest.counts.uploads)
    throw new BackupError(
      `${file} holds ${files} uploaded files where its manifest counts ${manifest.counts.uploads}: it is cut short or damaged. Nothing was restored.`,
    );
  if (manifest.lastMigration !== undefined && manifest.lastMigration > newestKnownMigration())
    throw new BackupError(
      'This backup was made by a newer Trillium: its database has migrations this build does not know. Upgrade Trillium first, then restore it. Nothing was restored.',
    );
  const uploads = uploadsFolder(env.DATA_DIR);
  if (!isEmptyFolder(uploads))
    throw new BackupError(`${path.resolve(uploads)} is not empty: restore into an empty DATA_DIR.`);
  if (env.DATABASE_URL) await assertEmptyPostgres(env.DATABASE_URL);
  else if (!isEmptyFolder(pgliteFolder(env)))
    throw new BackupError(`${pgliteFolder(env)} is not empty: restore into an empty DATA_DIR.`);
}

const dumpIn = (staging: string, kind: Kind) =>
  path.join(staging, 'database', kind === 'postgres' ? 'postgres.dump' : 'pglite.tar.gz');

/** The database's counts must be the manifest's (taken in the dump's own snapshot). */
function checkCounts(manifest: Manifest, facts: DatabaseFacts, where: string) {
  const differs = (['users', 'bookings', 'documents'] as const).filter(
    (k) => facts[k] !== manifest.counts[k],
  );
  if (differs.length > 0)
    throw new BackupError(
      `The restored database holds ${differs.map((k) => `${facts[k]} ${k}`).join(', ')} where the backup counts ${differs.map((k) => manifest.counts[k]).join(', ')}: the backup is damaged. ${where}`,
    );
}

/** A restore's own claim on DATA_DIR: a second restore at once is refused, not interleaved. */
function claimDataDir(env: Env): () => void {
  const lock = path.join(env.DATA_DIR, RESTORE_LOCK);
  let claimed: boolean;
  try {
    mkdirSync(env.DATA_DIR, { recursive: true });
    claimed = claimRestoreLock(env.DATA_DIR);
  } catch (error) {
    throw new BackupError(`Cannot write in ${path.resolve(env.DATA_DIR)}: ${(error as Error).message}`);
  }
  if (!claimed)
    throw new BackupError(
      `Another restore into ${path.resolve(env.DATA_DIR)} is under way (${lock}). If none is running, remove that file and try again.`,
    );
  return () => rmSync(lock, { force: true });
}

/** Puts a folder built aside into place; its place was checked empty (or absent). */
function moveIntoPlace(built: string, place: string) {
  if (existsSync(place)) rmdirSync(place);
  renameSync(built, place);
}

/**
 * Restores `file` into the empty DATA_DIR (and database) `env` names; answers what was restored. The
 * embedded database and the uploads are built aside and moved into place only when whole: a restore
 * that fails leaves DATA_DIR as it found it (PostgreSQL's is one transaction).
 */
export async function restore(
  env: Env,
  file: string,
): Promise<{ manifest: Manifest; restored: Manifest['counts'] }> {
  if (!existsSync(file) || !statSync(file).isFile()) throw new BackupError(`No backup file at ${file}.`);
  const staging = stagingFolder('restore');
  try {
    try {
      await tar.x({ file, cwd: staging, strict: true });
    } catch (error) {
      throw new BackupError(`${file} could not be read as a .tar.gz backup: ${(error as Error).message}`);
    }
    const manifest = readManifest(staging);
    await checkBeforeRestore(env, file, staging, manifest);
    const release = claimDataDir(env);
    const uploads = uploadsFolder(env.DATA_DIR);
    const aside = { database: `${pgliteFolder(env)}.restoring`, uploads: `${uploads}.restoring` };
    try {
      rmSync(aside.database, { recursive: true, force: true });
      rmSync(aside.uploads, { recursive: true, force: true });
      let facts: DatabaseFacts;
      if (env.DATABASE_URL) {
        await runTool('pg_restore', [
          '--no-owner',
          '--no-privileges',
          '--exit-on-error',
          '--single-transaction',
          `--dbname=${env.DATABASE_URL}`,
          dumpIn(staging, 'postgres'),
        ]);
        const client = await connectPostgres(env.DATABASE_URL, 'trillium-restore');
        facts = await postgresFacts(client).finally(() => client.end());
        // Counts taken in the dump's snapshot since 2026-11-27 (lastMigration came with them).
        if (manifest.lastMigration !== undefined)
          checkCounts(manifest, facts, 'Drop the database at DATABASE_URL and restore into a new one.');
      } else {
        await fileStep('Cannot restore the embedded database', async () => {
          await mkdir(aside.database, { recursive: true });
          const dump = readFileSync(dumpIn(staging, 'pglite'));
          const database = await openPglite(aside.database, new Blob([new Uint8Array(dump)]));
          try {
            facts = await pgliteFacts(database);
            await database.query('checkpoint');
          } finally {
            await database.close();
          }
        });
        checkCounts(manifest, facts!, 'Nothing was restored.');
      }
      await fileStep('Cannot restore the uploaded files', async () => {
        if (existsSync(path.join(staging, 'uploads')))
          await cp(path.join(staging, 'uploads'), aside.uploads, {
            recursive: true,
            errorOnExist: true,
            force: false,
          });
        if (!env.DATABASE_URL) moveIntoPlace(aside.database, pgliteFolder(env));
        if (existsSync(aside.uploads)) moveIntoPlace(aside.uploads, uploads);
      });
      const { lastMigration: _, ...counts } = facts!;
      return { manifest, restored: { ...counts, uploads: countFiles(uploads) } };
    } finally {
      rmSync(aside.database, { recursive: true, force: true });
      rmSync(aside.uploads, { recursive: true, force: true });
      release();
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

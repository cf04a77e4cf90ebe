import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS_FOLDER, openDatabase, queryRows } from '../../src/server/db/client';
import { insertUser } from '../../src/server/db/seed/factories';
import { uploadsFolder } from '../../src/server/modules/applications/storage';
import { filesIn, hasTools, runScript } from '../support/backups';
import { ROOT } from '../support/processes';

// `npm run backup` / `npm run restore FILE` (README "Backups", docs/decisions/011-backups.md), attacked
// by a hostile review as an unlucky or careless operator (2026-11-27): the first group's tests failed
// before their fixes (scripts/backup-archive.ts); the second group's probes held and guard it.
// The PostgreSQL cases run only under scripts/with-postgres.sh.

let root: string;
let template: Blob;
let knownMigrations = 0;
const SOURCE_FILES = { 'a.pdf': 'first', 'b.pdf': 'second', 'c.jpg': 'third' };

/** A migrated embedded database in `dataDir` (a copy of the test template), with one user and the files. */
async function makeSource(
  dataDir: string,
  prepare?: (db: Awaited<ReturnType<typeof openDatabase>>) => Promise<void>,
) {
  const database = await openDatabase({ kind: 'pglite', dataDir, loadDataDir: template });
  try {
    await insertUser(database.db, {
      email: `owner-${randomBytes(3).toString('hex')}@example.com`,
      fullName: 'Olive Owner',
      passwordHash: '$argon2id$fake',
    });
    await prepare?.(database);
  } finally {
    await database.close();
  }
  mkdirSync(uploadsFolder(dataDir), { recursive: true });
  for (const [name, text] of Object.entries(SOURCE_FILES))
    writeFileSync(path.join(uploadsFolder(dataDir), name), text.repeat(700), { mode: 0o640 });
}

async function loadTemplate(): Promise<Blob> {
  const file = inject('pgliteTemplate');
  if (file) return new Blob([readFileSync(file)]);
  // Under PostgreSQL the run provides no PGlite template: migrate one here.
  const handle = await openDatabase({ kind: 'pglite' });
  await handle.migrate();
  const dump = await handle.pglite!.dumpDataDir('gzip');
  await handle.close();
  return dump;
}

const pglite = (dataDir: string) => ({ DATA_DIR: dataDir });
const fresh = (name: string) => path.join(root, name);
const noStackTrace = /\n\s+at /;

/** `npm start`'s entry on `dataDir`, stopped as soon as it listens; answers how it ended and what it said. */
function runServerOnce(dataDir: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'src', 'server', 'main.ts')], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, PORT: '0', SEED_DEMO: 'false' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.stdout.on('data', (chunk) => {
      if (String(chunk).includes('Trillium is ready')) child.kill('SIGTERM');
    });
    child.on('exit', (code) => resolve({ code, stderr }));
  });
}

/** A ustar archive of the entries given, as a crafted backup would be; gzipped. */
type Entry = { name: string; type?: '0' | '1' | '2' | '3' | '5'; body?: Buffer; link?: string };
function craft(entries: Entry[], { end = true } = {}): Buffer {
  const blocks: Buffer[] = [];
  for (const entry of entries) {
    const body = entry.body ?? Buffer.alloc(0);
    const header = Buffer.alloc(512);
    header.write(entry.name, 0, 100);
    header.write('0000644\0', 100);
    header.write('0000000\0', 108);
    header.write('0000000\0', 116);
    header.write(`${body.length.toString(8).padStart(11, '0')}\0`, 124);
    header.write('00000000000\0', 136);
    header.write('        ', 148);
    header.write(entry.type ?? '0', 156);
    header.write(entry.link ?? '', 157, 100);
    header.write('ustar\0', 257);
    header.write('00', 263);
    if (entry.type === '3') {
      header.write('0000001\0', 329);
      header.write('0000003\0', 337);
    }
    let sum = 0;
    for (const byte of header) sum += byte;
    header.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
    blocks.push(header, body, Buffer.alloc((512 - (body.length % 512)) % 512));
  }
  if (end) blocks.push(Buffer.alloc(1024));
  return gzipSync(Buffer.concat(blocks));
}

/** The good backup's parts, to build crafted ones from. */
let good: string;
let parts: { manifest: Buffer; dump: Buffer };
const base = (): Entry[] => [
  { name: 'manifest.json', body: parts.manifest },
  { name: 'database/pglite.tar.gz', body: parts.dump },
];
function write(name: string, content: Buffer) {
  const file = path.join(root, 'crafted', name);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  return file;
}

const adminUrl = inject('postgresAdminUrl');
const onPostgres = Boolean(adminUrl) && hasTools;

beforeAll(async () => {
  root = mkdtempSync(path.join(tmpdir(), 'trillium-backup-attack-'));
  // The embedded backups below are for the embedded groups, which the PostgreSQL pass skips: there they
  // took some 25 s (a PGlite migrated from nothing, three backups) for nothing.
  if (onPostgres) return;
  template = await loadTemplate();
  await makeSource(fresh('source'));
  await makeSource(fresh('newer-source'), async (database) => {
    // What a later release's migration leaves: a row in drizzle's table, dated after every known one.
    await database.db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-a-newer-release', 4102444800000)`,
    );
  });
  // Migrated by a build one migration behind this one (whichever migration is the last today).
  const olderMigrations = fresh('older-migrations');
  cpSync(MIGRATIONS_FOLDER, olderMigrations, { recursive: true });
  const journalFile = path.join(olderMigrations, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: unknown[] };
  knownMigrations = journal.entries.length;
  journal.entries.pop();
  writeFileSync(journalFile, JSON.stringify(journal));
  const older = await openDatabase({ kind: 'pglite', dataDir: fresh('older-source') });
  await migratePglite(older.db as never, { migrationsFolder: olderMigrations });
  await older.close();
  // Into a folder that does not exist yet: created.
  good = path.join(root, 'backups', 'not', 'yet', 'there', 'good.tar.gz');
  const made = await Promise.all([
    runScript('backup', [good], pglite(fresh('source'))),
    runScript('backup', [path.join(root, 'backups', 'newer.tar.gz')], pglite(fresh('newer-source'))),
    runScript('backup', [path.join(root, 'backups', 'older.tar.gz')], pglite(fresh('older-source'))),
  ]);
  for (const result of made) {
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
  }
  const unpacked = fresh('unpacked');
  mkdirSync(unpacked);
  await tar.x({ file: good, cwd: unpacked });
  parts = {
    manifest: readFileSync(path.join(unpacked, 'manifest.json')),
    dump: readFileSync(path.join(unpacked, 'database', 'pglite.tar.gz')),
  };
}, 90_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

// The embedded database's cases run in `npm test`; the PostgreSQL pass runs only its own below.
describe.skipIf(onPostgres)('found by the review, fixed', () => {
  it('writes the backup (password hashes, addresses) readable by its owner only, not by everyone', () => {
    // With the usual umask 022 it is -rw-r--r--: any account on the machine can copy every password hash.
    expect(statSync(good).mode & 0o077).toBe(0);
  });

  it('a restore that fails while loading the database leaves DATA_DIR empty, so a retry with a good backup works', async () => {
    // The database dump inside the archive ends early (a damaged copy): PGlite stops half-way.
    const cut = gzipSync(gunzipSync(parts.dump).subarray(0, 2_000_000));
    const damaged = write(
      'damaged-db.tar.gz',
      craft([base()[0]!, { name: 'database/pglite.tar.gz', body: cut }]),
    );
    const target = fresh('retry-target');
    const failed = await runScript('restore', [damaged], pglite(target));
    expect(failed.code).toBe(1);
    // Today: DATA_DIR/pglite keeps ~50 half-written files, and the retry is refused as "not empty".
    expect(filesIn(target)).toEqual({});
    const retry = await runScript('restore', [good], pglite(target));
    expect(retry.stderr).toBe('');
    expect(retry.code).toBe(0);
  }, 60_000);

  it('refuses an archive that ends early, missing files its manifest counts, instead of reporting it restored', async () => {
    // The good archive cut at the header of its last uploaded file: gzip and tar both end cleanly.
    const plain = gunzipSync(readFileSync(good));
    let offset = 0;
    let lastUpload = -1;
    while (offset < plain.length && plain[offset] !== 0) {
      const name = plain
        .subarray(offset, offset + 100)
        .toString()
        .replace(/\0.*$/s, '');
      const size = Number.parseInt(
        plain
          .subarray(offset + 124, offset + 136)
          .toString()
          .replace(/\0.*$/s, ''),
        8,
      );
      if (name.startsWith('uploads/') && size > 0) lastUpload = offset;
      offset += 512 + Math.ceil(size / 512) * 512;
    }
    expect(lastUpload).toBeGreaterThan(0);
    const short = write('ends-early.tar.gz', gzipSync(plain.subarray(0, lastUpload)));
    const target = fresh('ends-early-target');
    const restored = await runScript('restore', [short], pglite(target));
    // Today: code 0, "... and 2 uploaded files", though the manifest says 3 and the backup command said 3.
    expect(restored.code).toBe(1);
    expect(restored.stderr).toMatch(/3/);
    expect(Object.keys(filesIn(uploadsFolder(target)))).toHaveLength(0);
  }, 60_000);

  it('refuses a backup made by a newer Trillium (a migration this build does not know)', async () => {
    const file = path.join(root, 'backups', 'newer.tar.gz');
    const restored = await runScript('restore', [file], pglite(fresh('newer-target')));
    // Today: code 0 and "it applies any newer migrations"; the server then runs old code on a newer
    // schema, its migrate() a silent no-op.
    expect(restored.code).toBe(1);
    expect(restored.stderr).toMatch(/newer/i);
  }, 60_000);

  it('does not silently replace an existing file with a new backup', async () => {
    const existing = path.join(root, 'backups', 'monday.tar.gz');
    writeFileSync(existing, readFileSync(good));
    const before = readFileSync(existing);
    const made = await runScript('backup', [existing], pglite(fresh('source')));
    // Today: code 0, and last Monday's backup is gone (renameSync replaces it).
    expect(made.code).toBe(1);
    expect(made.stderr).toMatch(/exists/);
    expect(readFileSync(existing).equals(before)).toBe(true);
  }, 60_000);

  it('says what went wrong in a sentence, never with a stack trace', async () => {
    // A backup whose manifest is right but which holds no database dump (an archive put together by hand).
    const noDump = write(
      'no-dump.tar.gz',
      craft([base()[0]!, { name: 'uploads/a.pdf', body: Buffer.from('x') }]),
    );
    const [restored, made] = await Promise.all([
      runScript('restore', [noDump], pglite(fresh('no-dump-target'))),
      // A backup to a path under a regular file (a typo in the folder name).
      (async () => {
        writeFileSync(path.join(root, 'a-file'), 'not a folder');
        return runScript('backup', [path.join(root, 'a-file', 'x.tar.gz')], pglite(fresh('source')));
      })(),
    ]);
    expect(restored.code).toBe(1);
    expect(made.code).toBe(1);
    // Today: "Error: ENOENT: no such file or directory, open '/tmp/trillium-restore-.../database/pglite.tar.gz'
    // at Object.openSync ..." and "Error: ENOTDIR: not a directory, mkdir ... at ...".
    expect(restored.stderr).not.toMatch(noStackTrace);
    expect(made.stderr).not.toMatch(noStackTrace);
  }, 60_000);
});

describe.skipIf(onPostgres)('found after the review, fixed', () => {
  it('a restore killed half-way does not lock DATA_DIR for good: a server refuses to start on it, and the next restore takes over', async () => {
    // Its claim (.restoring) stayed behind, and every later restore was refused as "under way".
    const target = fresh('killed-target');
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'scripts', 'restore.ts'), good],
      {
        cwd: ROOT,
        env: { ...process.env, DATABASE_URL: '', DATA_DIR: target },
        stdio: 'ignore',
      },
    );
    const exited = new Promise((resolve) => child.on('exit', resolve));
    const lock = path.join(target, '.restoring');
    const deadline = Date.now() + 30_000;
    while (!existsSync(lock) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 2));
    child.kill('SIGKILL');
    await exited;
    expect(existsSync(lock)).toBe(true);
    // A server started now would create and seed an empty database where the restore was going.
    const server = await runServerOnce(target);
    expect(server.code).toBe(1);
    expect(server.stderr).toContain('stopped before it finished');
    expect(server.stderr).not.toMatch(noStackTrace);
    expect(existsSync(path.join(target, 'pglite'))).toBe(false);
    const retry = await runScript('restore', [good], pglite(target));
    expect(retry.stderr).toBe('');
    expect(retry.code).toBe(0);
    expect(readdirSync(target).sort()).toEqual(['pglite', 'uploads']);
    expect(filesIn(uploadsFolder(target))).toEqual(filesIn(uploadsFolder(fresh('source'))));
  }, 90_000);

  it('two restores started at once into one empty DATA_DIR: one restores whole, the other is refused in a sentence', async () => {
    // Both passed the emptiness check; one said restored, the other failed with a raw ERR_FS_CP_EEXIST.
    const target = fresh('twice-target');
    const both = await Promise.all([
      runScript('restore', [good], pglite(target)),
      runScript('restore', [good], pglite(target)),
    ]);
    expect(both.map((r) => r.code).sort()).toEqual([0, 1]);
    const refused = both.find((r) => r.code === 1)!;
    expect(refused.stderr).toMatch(/under way|is not empty/);
    expect(refused.stderr).not.toMatch(noStackTrace);
    expect(filesIn(uploadsFolder(target))).toEqual(filesIn(uploadsFolder(fresh('source'))));
    expect(readdirSync(target).sort()).toEqual(['pglite', 'uploads']);
  }, 60_000);

  it('a backup or restore killed half-way leaves its staging folder (a database dump) only until the next one runs', async () => {
    // Each killed run left a folder in /tmp holding a whole dump, for good (found 2026-11-27: ten there).
    const temp = fresh('killed-staging-tmp');
    mkdirSync(temp);
    const staged = () =>
      readdirSync(temp)
        .filter((name) => name.startsWith('trillium-'))
        .sort();
    async function killWhenStaged(
      script: 'backup' | 'restore',
      args: string[],
      dataDir: string,
      file: string,
    ) {
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', path.join(ROOT, 'scripts', `${script}.ts`), ...args],
        {
          cwd: ROOT,
          env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, TMPDIR: temp },
          stdio: 'ignore',
        },
      );
      const exited = new Promise((resolve) => child.on('exit', resolve));
      const prefix = `trillium-${script}-${child.pid}-`;
      const folder = () => staged().find((name) => name.startsWith(prefix));
      const deadline = Date.now() + 30_000;
      while (!(folder() && existsSync(path.join(temp, folder()!, file))) && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 2));
      child.kill('SIGKILL');
      await exited;
      expect(folder(), `${script}'s staging folder with ${file}`).toBeDefined();
      return folder()!;
    }
    const killedBackup = await killWhenStaged(
      'backup',
      [path.join(root, 'backups', 'killed.tar.gz')],
      fresh('source'),
      'database',
    );
    const killedRestore = await killWhenStaged(
      'restore',
      [good],
      fresh('killed-staging-target'),
      'manifest.json',
    );
    // The restore removed the killed backup's folder as it began; its own stayed when it was killed.
    expect(killedBackup).not.toBe(killedRestore);
    expect(staged()).toEqual([killedRestore]);
    // A folder of a process that runs (this one), and a folder that is not a staging folder, stay.
    const living = `trillium-backup-${process.pid}-aB3dE9`;
    mkdirSync(path.join(temp, living));
    mkdirSync(path.join(temp, 'trillium-backup-notes'));

    const next = await runScript('backup', [path.join(root, 'backups', 'after-killed.tar.gz')], {
      DATA_DIR: fresh('source'),
      TMPDIR: temp,
    });
    expect(next.stderr).toBe('');
    expect(next.code).toBe(0);
    expect(staged()).toEqual([living, 'trillium-backup-notes'].sort());
  }, 90_000);
});

describe.skipIf(onPostgres)('checked: held, kept', () => {
  it('restores the good backup whole: the user, the files, byte for byte', async () => {
    const target = fresh('good-target');
    const restored = await runScript('restore', [good], pglite(target));
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain('1 users');
    expect(filesIn(uploadsFolder(target))).toEqual(filesIn(uploadsFolder(fresh('source'))));
    // The uploaded files keep their owner-only permissions.
    expect(statSync(path.join(uploadsFolder(target), 'a.pdf')).mode & 0o777).toBe(0o640);
  }, 60_000);

  it('refuses to restore over a database a server has open, and changes nothing there', async () => {
    const live = fresh('source');
    const database = await openDatabase({ kind: 'pglite', dataDir: live });
    try {
      const before = filesIn(uploadsFolder(live));
      const refused = await runScript('restore', [good], pglite(live));
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/is not empty: restore into an empty DATA_DIR\./);
      expect(filesIn(uploadsFolder(live))).toEqual(before);
      expect(await queryRows(database.db, sql`select count(*)::int as n from users`)).toEqual([{ n: 1 }]);
    } finally {
      await database.close();
    }
  }, 60_000);

  it('refuses zero-byte, cut, non-gzip and unrelated archives with a sentence, writing nothing', async () => {
    const bytes = readFileSync(good);
    const cases = {
      'empty.tar.gz': Buffer.alloc(0),
      'cut-gzip.tar.gz': bytes.subarray(0, bytes.length - 40),
      'text.tar.gz': Buffer.from('this is a letter, not a backup\n'),
      'other.tar.gz': craft([{ name: 'notes.txt', body: Buffer.from('hello') }]),
    };
    const results = await Promise.all(
      Object.entries(cases).map(async ([name, content]) => {
        const target = fresh(`bad-${name}`);
        const result = await runScript('restore', [write(name, content)], pglite(target));
        return { name, ...result, written: existsSync(target) ? readdirSync(target) : [] };
      }),
    );
    for (const result of results) {
      expect(result.code, result.name).toBe(1);
      expect(result.stderr, result.name).toMatch(
        /could not be read as a \.tar\.gz backup|is not a Trillium backup/,
      );
      expect(result.stderr, result.name).not.toMatch(noStackTrace);
      expect(result.written, result.name).toEqual([]);
    }
  }, 60_000);

  it('refuses crafted entries that would write outside DATA_DIR: .., absolute paths, links out, devices', async () => {
    const outside = fresh('outside');
    mkdirSync(outside);
    writeFileSync(path.join(outside, 'victim.txt'), 'victim');
    const cases: Record<string, Entry[]> = {
      dotdot: [{ name: `uploads/../../../../../../../..${outside}/dotdot.txt`, body: Buffer.from('x') }],
      absolute: [{ name: `${outside}/absolute.txt`, body: Buffer.from('x') }],
      'absolute symlink': [{ name: 'uploads/evil.pdf', type: '2', link: '/etc/hostname' }],
      'relative symlink out': [
        { name: 'uploads/evil.pdf', type: '2', link: `../../../../../../..${outside}/victim.txt` },
      ],
      'uploads as a symlink, then a file through it': [
        { name: 'uploads', type: '2', link: `../../../../../../..${outside}` },
        { name: 'uploads/through.txt', body: Buffer.from('x') },
      ],
      'hard link out': [{ name: 'uploads/hard.pdf', type: '1', link: `${outside}/victim.txt` }],
      'character device': [{ name: 'uploads/null', type: '3' }],
    };
    const results = await Promise.all(
      Object.entries(cases).map(async ([name, entries], index) => {
        const target = fresh(`crafted-target-${index}`);
        const file = write(`crafted-${index}.tar.gz`, craft([...entries, base()[0]!]));
        const result = await runScript('restore', [file], pglite(target));
        return { name, ...result, written: existsSync(target) ? readdirSync(target) : [] };
      }),
    );
    for (const result of results) {
      expect(result.code, result.name).toBe(1);
      expect(result.stderr, result.name).toContain('could not be read as a .tar.gz backup');
      expect(result.written, result.name).toEqual([]);
    }
    expect(readdirSync(outside)).toEqual(['victim.txt']);
    expect(readFileSync(path.join(outside, 'victim.txt'), 'utf8')).toBe('victim');
  }, 60_000);

  it('refuses to back up a DATA_DIR with no database (a typo), writing no file', async () => {
    const out = path.join(root, 'backups', 'typo.tar.gz');
    const refused = await runScript('backup', [out], pglite(fresh('no-such-data-dir')));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/There is no embedded database in .* to back up\./);
    expect(existsSync(out)).toBe(false);
  }, 60_000);

  it('a backup killed while writing its archive leaves no file under the name asked for', async () => {
    const source = fresh('source');
    const out = path.join(root, 'backups', 'crash.tar.gz');
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'scripts', 'backup.ts'), out], {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL: '', DATA_DIR: source },
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    const deadline = Date.now() + 30_000;
    while (!existsSync(`${out}.partial`) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 2));
    child.kill('SIGKILL');
    await exited;
    expect(existsSync(`${out}.partial`)).toBe(true);
    expect(existsSync(out)).toBe(false);
  }, 60_000);

  it('an older backup (a migration it predates) restores, and the server start applies that migration', async () => {
    const file = path.join(root, 'backups', 'older.tar.gz');
    const target = fresh('older-target');
    const restored = await runScript('restore', [file], pglite(target));
    expect(restored.code).toBe(0);
    const database = await openDatabase({ kind: 'pglite', dataDir: target });
    try {
      const count = sql`select count(*)::int as n from drizzle.__drizzle_migrations`;
      expect(await queryRows(database.db, count)).toEqual([{ n: knownMigrations - 1 }]);
      await database.migrate();
      expect(await queryRows(database.db, count)).toEqual([{ n: knownMigrations }]);
    } finally {
      await database.close();
    }
  }, 60_000);
});

// PostgreSQL: pg_dump beside a server that keeps writing.
const suffix = randomBytes(4).toString('hex');
const urlOf = (name: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};
async function admin(statement: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** One backup taken while pairs of users are written in single transactions, then restored. */
let busy:
  | Promise<{ backedUp: number; restored: number; pairs: { a: number; b: number; whole: number } }>
  | undefined;
function backupWhileBusy() {
  busy ??= (async () => {
    const source = `trillium_t_bkatk_src_${suffix}`;
    const target = `trillium_t_bkatk_dst_${suffix}`;
    await admin(`create database ${source} template ${inject('postgresTemplate')}`);
    await admin(`create database ${target}`);
    const writer = new pg.Client({ connectionString: urlOf(source) });
    await writer.connect();
    let writing = true;
    const loop = (async () => {
      for (let n = 0; writing; n++) {
        await writer.query(`begin;
          insert into users (email, username, full_name, password_hash) values ('pair${n}a@example.com', 'pair${n}a', 'Pat Pair', 'x');
          insert into users (email, username, full_name, password_hash) values ('pair${n}b@example.com', 'pair${n}b', 'Pat Pair', 'x');
          commit;`);
      }
    })();
    const file = path.join(root, 'backups', 'busy-pg.tar.gz');
    const made = await runScript('backup', [file], {
      DATA_DIR: fresh('pg-source'),
      DATABASE_URL: urlOf(source),
    });
    writing = false;
    await loop;
    await writer.end();
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    const restored = await runScript('restore', [file], {
      DATA_DIR: fresh('pg-target'),
      DATABASE_URL: urlOf(target),
    });
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    const reader = new pg.Client({ connectionString: urlOf(target) });
    await reader.connect();
    try {
      const { rows } = await reader.query<{ a: number; b: number; whole: number }>(`select
        (select count(*)::int from users where email like 'pair%a@example.com') as a,
        (select count(*)::int from users where email like 'pair%b@example.com') as b,
        (select count(*)::int from users x join users y on y.email = replace(x.email, 'a@', 'b@')
          where x.email like 'pair%a@example.com') as whole`);
      return {
        backedUp: Number(/\((\d+) users/.exec(made.stdout)?.[1]),
        restored: Number(/: (\d+) users/.exec(restored.stdout)?.[1]),
        pairs: rows[0]!,
      };
    } finally {
      await reader.end();
    }
  })();
  return busy;
}

describe.skipIf(!onPostgres)('PostgreSQL: found by the review, fixed', () => {
  it('the backup reports the users it holds, even while the server writes', async () => {
    const { backedUp, restored } = await backupWhileBusy();
    // Today the counts come from their own transaction before pg_dump's snapshot: the command says
    // "(N users", the file holds more (and so the manifest cannot be used to check a restore).
    expect(restored).toBeGreaterThan(0);
    expect(backedUp).toBe(restored);
  }, 60_000);
});

describe.skipIf(!onPostgres)('PostgreSQL: checked: held, kept', () => {
  it('a backup taken during writes holds each transaction whole (both users of a pair, or neither)', async () => {
    const { pairs } = await backupWhileBusy();
    expect(pairs.a).toBeGreaterThan(0);
    expect(pairs.b).toBe(pairs.a);
    expect(pairs.whole).toBe(pairs.a);
  }, 60_000);

  it('a damaged dump is refused whole: the database stays empty and a retry works', async () => {
    await backupWhileBusy();
    const target = `trillium_t_bkatk_retry_${suffix}`;
    await admin(`create database ${target}`);
    const unpacked = fresh('pg-unpacked');
    mkdirSync(unpacked);
    await tar.x({ file: path.join(root, 'backups', 'busy-pg.tar.gz'), cwd: unpacked });
    const dump = readFileSync(path.join(unpacked, 'database', 'postgres.dump'));
    const damaged = write(
      'pg-damaged.tar.gz',
      craft([
        { name: 'manifest.json', body: readFileSync(path.join(unpacked, 'manifest.json')) },
        { name: 'database/postgres.dump', body: dump.subarray(0, dump.length >> 1) },
      ]),
    );
    const env = { DATA_DIR: fresh('pg-retry'), DATABASE_URL: urlOf(target) };
    const failed = await runScript('restore', [damaged], env);
    expect(failed.code).toBe(1);
    expect(failed.stderr).toContain('pg_restore failed');
    const retry = await runScript('restore', [path.join(root, 'backups', 'busy-pg.tar.gz')], env);
    expect(retry.stderr).toBe('');
    expect(retry.code).toBe(0);
  }, 90_000);
});

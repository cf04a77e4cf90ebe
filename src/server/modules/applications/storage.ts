import { createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { STORED_FILENAME } from '../../../shared/contract/applications';

/**
 * Where uploaded files live, behind one small interface so an object store can replace the disk.
 * Names are the server-made stored names only: anything else is refused before touching storage.
 */
export type FileStorage = {
  put(filename: string, content: Buffer | Readable): Promise<void>;
  get(filename: string): Readable;
  exists(filename: string): Promise<boolean>;
  /** Removes a stored file, or a temporary one a write left (`{name}.part`). */
  delete(filename: string): Promise<void>;
  /** Every stored file's name, and the temporary ones writes left behind (`{name}.part`). */
  list(): Promise<string[]>;
};

const PARTIAL = '.part';

export class UnsafeFilenameError extends Error {
  constructor() {
    super('unsafe stored filename');
    this.name = 'UnsafeFilenameError';
  }
}

/** A folder on local disk (by default DATA_DIR/uploads, outside the served web root). */
export function createLocalStorage(root: string): FileStorage {
  const base = path.resolve(root);
  let ready: Promise<unknown> | undefined;
  const locate = (filename: string) => {
    if (!isStoredName(filename)) throw new UnsafeFilenameError();
    const full = path.resolve(base, filename);
    if (path.dirname(full) !== base) throw new UnsafeFilenameError();
    return full;
  };
  return {
    async put(filename, content) {
      const target = locate(filename);
      ready ??= mkdir(base, { recursive: true });
      await ready;
      // Written under a temporary name first, so a half-written file is never served.
      const temporary = `${target}${PARTIAL}`;
      try {
        await pipeline(
          Buffer.isBuffer(content) ? Readable.from([content]) : content,
          createWriteStream(temporary, { flags: 'wx', mode: 0o640 }),
        );
        await rename(temporary, target);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },
    get(filename) {
      return createReadStream(locate(filename));
    },
    async exists(filename) {
      try {
        await access(locate(filename));
        return true;
      } catch (error) {
        // Missing is an answer; anything else (EACCES, EIO) is a fault the caller must hear of.
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw error;
      }
    },
    async delete(filename) {
      const partial = filename.endsWith(PARTIAL);
      const target = locate(partial ? filename.slice(0, -PARTIAL.length) : filename);
      await rm(partial ? `${target}${PARTIAL}` : target, { force: true });
    },
    async list() {
      let entries: import('node:fs').Dirent[];
      try {
        entries = await readdir(base, { withFileTypes: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
        throw error;
      }
      return entries
        .filter((e) => e.isFile())
        .map((e) => e.name)
        .filter((name) => isStoredName(name.endsWith(PARTIAL) ? name.slice(0, -PARTIAL.length) : name));
    },
  };
}

function isStoredName(filename: string): boolean {
  return STORED_FILENAME.test(filename) && !filename.includes('..');
}

export function uploadsFolder(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalStorage, UnsafeFilenameError } from './storage';

const dir = mkdtempSync(path.join(tmpdir(), 'storage-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const NAME = '0123456789abcdef-licence.pdf';

describe('local file storage', () => {
  it('answers whether a file exists, and refuses names it did not make', async () => {
    const storage = createLocalStorage(path.join(dir, 'uploads'));
    expect(await storage.exists(NAME)).toBe(false);
    await storage.put(NAME, Buffer.from('%PDF-1.4'));
    expect(await storage.exists(NAME)).toBe(true);
    await expect(storage.exists('../etc/passwd')).rejects.toBeInstanceOf(UnsafeFilenameError);
  });

  it('reports a fault of the disk instead of saying the file does not exist', async () => {
    // The uploads folder is a file: looking inside it fails with ENOTDIR, not ENOENT (as EACCES would).
    const notAFolder = path.join(dir, 'not-a-folder');
    writeFileSync(notAFolder, 'x');
    const storage = createLocalStorage(notAFolder);
    await expect(storage.exists(NAME)).rejects.toMatchObject({ code: 'ENOTDIR' });
  });

  it('lists its files and the temporary ones a write left, and removes either; nothing else', async () => {
    const folder = path.join(dir, 'listed');
    const storage = createLocalStorage(folder);
    expect(await storage.list()).toEqual([]);
    await storage.put(NAME, Buffer.from('%PDF-1.4'));
    writeFileSync(path.join(folder, `${NAME}.part`), 'half');
    writeFileSync(path.join(folder, 'notes.txt'), 'not ours');
    expect((await storage.list()).sort()).toEqual([NAME, `${NAME}.part`]);
    await storage.delete(`${NAME}.part`);
    expect(await storage.list()).toEqual([NAME]);
    await expect(storage.delete('notes.txt')).rejects.toBeInstanceOf(UnsafeFilenameError);
    await expect(storage.delete('../x.part')).rejects.toBeInstanceOf(UnsafeFilenameError);
  });
});

import { linkSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A restore's claim on DATA_DIR (docs/decisions/011-backups.md): the file `.restoring`, holding the
 * restoring process's id. A second restore is refused while that process lives; a restore killed
 * half-way leaves the file behind, and the next restore takes it over. Nothing opens DATA_DIR while a
 * restore is under way: a server started then would create and seed an empty database in its place.
 */
export const RESTORE_LOCK = '.restoring';

/** A refusal to start, said in a sentence (main.ts prints it without a stack trace). */
export class StartupRefused extends Error {}

/** Whether process `pid` runs on this machine (as far as this process can tell). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it lives, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The restore that holds DATA_DIR: its process id and whether it still runs; null when none does. */
export function restoreHolding(dataDir: string): { file: string; pid: number | null; alive: boolean } | null {
  const file = path.join(dataDir, RESTORE_LOCK);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const pid = /^\d+$/.test(text.trim()) ? Number(text.trim()) : null;
  return { file, pid, alive: pid !== null && isAlive(pid) };
}

/** The drafts (`.restoring.<pid>`) of restores killed before they removed theirs. */
function removeLeftDrafts(dataDir: string) {
  for (const name of readdirSync(dataDir)) {
    const pid = name.startsWith(`${RESTORE_LOCK}.`) ? Number(name.slice(RESTORE_LOCK.length + 1)) : NaN;
    if (Number.isInteger(pid) && pid !== process.pid && !isAlive(pid))
      rmSync(path.join(dataDir, name), { force: true });
  }
}

/** Creates the lock for this process; answers false when another (living) restore holds it. */
export function claimRestoreLock(dataDir: string): boolean {
  const file = path.join(dataDir, RESTORE_LOCK);
  // Written whole aside, then linked into place (a link fails where the name exists): the lock is never
  // seen without its process id, even by a restore killed between the two.
  const mine = `${file}.${process.pid}`;
  writeFileSync(mine, `${process.pid}\n`, { mode: 0o600 });
  try {
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        linkSync(mine, file);
        removeLeftDrafts(dataDir);
        return true;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        if (restoreHolding(dataDir)?.alive) return false;
        // Its process is gone (killed half-way): what it built aside is removed by the next restore.
        rmSync(file, { force: true });
      }
    }
    return false;
  } finally {
    rmSync(mine, { force: true });
  }
}

/** Refuses to open DATA_DIR while a restore writes into it, or after one that stopped half-way. */
export function assertNoRestoreUnderWay(dataDir: string) {
  const holder = restoreHolding(dataDir);
  if (!holder) return;
  throw new StartupRefused(
    holder.alive
      ? `A restore into ${path.resolve(dataDir)} is under way (process ${holder.pid}). Start Trillium once it has finished.`
      : `A restore into ${path.resolve(dataDir)} stopped before it finished (${holder.file}). Run the restore again into an empty DATA_DIR, then start Trillium.`,
  );
}

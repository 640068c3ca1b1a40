import fs, { type Stats } from 'node:fs';
import { join } from 'node:path';
import { lockSync } from 'proper-lockfile';

/** A holder refreshes its lock's mtime every UPDATE_MS; one untouched for STALE_MS is dead. */
export const LOCK_STALE_MS = 10_000;
const UPDATE_MS = 2_000;
/** A takeover claim lives for a few milliseconds; one this old belongs to a process that died. */
const CLAIM_STALE_MS = 5_000;
export const LOCK_NAME = 'server.lock';

export class DataDirLockedError extends Error {}

/**
 * PGlite takes no lock of its own, and two processes writing one data directory corrupt it.
 * Whoever opens DATA_DIR's database (the server, `npm run db:migrate`, `npm run admin`) holds
 * `DATA_DIR/server.lock` first, and another refuses with the same message. Returns the release.
 *
 * The lock is proper-lockfile's: a directory made with mkdir (atomic), its mtime refreshed while
 * the holder lives, judged dead once untouched for LOCK_STALE_MS (a `kill -9` leaves it behind).
 * Its own stale takeover has a race (node-proper-lockfile#121): two processes see the same dead
 * lock, one removes it and takes a new one, and the other, a moment late, removes that fresh
 * lock. So here proper-lockfile never removes a lock it does not hold (`guardedFs`), and a dead
 * lock is removed by `removeIfDead` only under a claim made with mkdir and named after that very
 * lock (its inode and mtime): one process wins the claim, checks that the lock is still the dead
 * one, and removes it; then everyone races on mkdir again, which exactly one wins. The only
 * assumption is the one every lease lock makes: a process does not stall for seconds between
 * two adjacent file-system calls.
 */
export function lockDataDir(dataDir: string): () => void {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = join(dataDir, LOCK_NAME);
  let held = false;
  const guardedFs = {
    ...fs,
    rmdirSync(path: fs.PathLike) {
      if (!held) throw Object.assign(new Error('not ours to remove'), { code: 'ELOCKED' });
      fs.rmdirSync(path);
    },
  };
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const release = lockSync(dataDir, {
        lockfilePath: lockPath,
        stale: LOCK_STALE_MS,
        update: UPDATE_MS,
        realpath: false,
        fs: guardedFs,
        onCompromised: () => {
          // Someone removed or replaced our lock: two writers on one database must not go on.
          console.error(`Lost the lock on ${dataDir}; stopping so that one process owns it.`);
          process.exit(1);
        },
      });
      held = true;
      sweepDeadClaims(dataDir);
      return () => {
        if (!held) return;
        release();
        held = false;
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
      if (!removeIfDead(lockPath)) break;
    }
  }
  throw new DataDirLockedError(
    `Another Doers process (a server, db:migrate or admin) is using ${dataDir}. ` +
      'Stop it first, or set DATA_DIR to another folder. ' +
      `A process that was killed frees it within ${LOCK_STALE_MS / 1000} seconds.`,
  );
}

/** Removes the lock if its holder is dead; false if it is alive or another process is on it. */
function removeIfDead(lockPath: string): boolean {
  const seen = statOrNull(lockPath);
  if (!seen) return true;
  if (!isOlderThan(seen, LOCK_STALE_MS)) return false;
  const id = `${seen.dev}-${seen.ino}-${seen.mtimeMs}`;
  // Claims of one dead lock are numbered: a claimant that died hands over to the next number.
  for (let n = 1; ; n++) {
    const claim = `${lockPath}.takeover-${id}-${n}`;
    try {
      fs.mkdirSync(claim);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const other = statOrNull(claim);
      if (other && !isOlderThan(other, CLAIM_STALE_MS)) return false;
      continue;
    }
    try {
      // Only a claimant of this very lock removes it, so it cannot change between these two.
      const now = statOrNull(lockPath);
      if (now && now.dev === seen.dev && now.ino === seen.ino && now.mtimeMs === seen.mtimeMs)
        fs.rmdirSync(lockPath);
      return true;
    } finally {
      fs.rmdirSync(claim);
    }
  }
}

/** Claims left by a process killed in the middle of a takeover (harmless, but litter). */
function sweepDeadClaims(dataDir: string): void {
  for (const name of fs.readdirSync(dataDir)) {
    if (!name.startsWith(`${LOCK_NAME}.takeover-`)) continue;
    const claim = statOrNull(join(dataDir, name));
    if (claim && isOlderThan(claim, CLAIM_STALE_MS))
      fs.rmSync(join(dataDir, name), { force: true, recursive: true });
  }
}

function statOrNull(path: string): Stats | null {
  try {
    return fs.statSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function isOlderThan(stats: Stats, ms: number): boolean {
  return stats.mtimeMs < Date.now() - ms;
}

import { mkdirSync, openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs';
import { join } from 'node:path';

/**
 * PGlite takes no lock of its own, and two processes writing one data directory corrupt it.
 * The server owning DATA_DIR holds a pid file; another server refuses to start.
 */
export function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'server.lock');
  try {
    const fd = openSync(file, 'wx');
    writeSync(fd, String(process.pid));
    closeSync(fd);
  } catch {
    const pid = Number(readFileSync(file, 'utf8'));
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new Error(
        `Another Doers server (pid ${pid}) is using ${dataDir}. ` +
          'Stop it first, or set DATA_DIR to another folder.',
      );
    }
    // A stale lock from a server that died: take it over.
    rmSync(file, { force: true });
    return lockDataDir(dataDir);
  }
  return () => rmSync(file, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

import { spawn } from 'node:child_process';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockDataDir } from './data-dir-lock.js';

describe('lockDataDir', () => {
  it('refuses a second server while the first is alive', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'doers-lock-'));
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)']);
    try {
      await writeFile(join(dir, 'server.lock'), String(other.pid));
      expect(() => lockDataDir(dir)).toThrow(/Another Doers server \(pid \d+\) is using/);
    } finally {
      other.kill();
    }
  });

  it('takes over the lock of a server that died', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'doers-lock-'));
    await writeFile(join(dir, 'server.lock'), '999999');
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).not.toThrow(); // our own pid: re-entrant
    release();
  });
});

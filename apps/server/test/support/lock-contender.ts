import { createInterface } from 'node:readline';
import { DataDirLockedError, lockDataDir } from '../../src/platform/data-dir-lock.js';

// A process that takes DATA_DIR's lock when told: `lock <dir>` answers `won` or `refused`,
// `release` lets it go. Tests start several and say `lock` to all at the same moment.
let release: (() => void) | undefined;
for await (const line of createInterface({ input: process.stdin })) {
  const [command, dir] = line.split(' ');
  if (command === 'lock' && dir) {
    try {
      release = lockDataDir(dir);
      console.log('won');
    } catch (error) {
      console.log(error instanceof DataDirLockedError ? 'refused' : `failed ${String(error)}`);
    }
  } else if (command === 'release') {
    release?.();
    release = undefined;
    console.log('released');
  }
}

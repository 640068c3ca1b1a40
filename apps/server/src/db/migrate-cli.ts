import pino from 'pino';
import { ConfigError, loadConfig } from '../platform/config.js';
import { DataDirLockedError, lockDataDir } from '../platform/data-dir-lock.js';
import { openRuntime } from '../runtime.js';

// `npm run db:migrate`: the server migrates on start too; this is for deploy pipelines. On PGlite
// it holds DATA_DIR's lock as the server does, so it never touches a database a server has open.
try {
  const config = loadConfig();
  const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  try {
    const runtime = await openRuntime(config, pino({ level: config.logLevel }));
    await runtime.close();
  } finally {
    unlock();
  }
} catch (error) {
  if (!(error instanceof ConfigError || error instanceof DataDirLockedError)) throw error;
  console.error(error.message);
  process.exit(1);
}

import pino from 'pino';
import { buildApp } from './app.js';
import { serveSnapshots } from './backup/snapshot-socket.js';
import { appliedMigrations } from './db/migrate.js';
import { systemClock } from './platform/clock.js';
import { ConfigError, loadConfig } from './platform/config.js';
import { lockDataDir } from './platform/data-dir-lock.js';
import { openRuntime } from './runtime.js';
import { seedDemo } from './seed/demo-seed.js';
import { stopOnSignals } from './shutdown.js';
import { serverVersion } from './version.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const log = pino({ level: config.logLevel });
  // PGlite is one process's: a second server, db:migrate or admin on DATA_DIR would corrupt it.
  const unlock = config.databaseUrl ? () => {} : lockDataDir(config.dataDir);
  const runtime = await openRuntime(config, log);
  const app = await buildApp({ config, ...runtime, clock: systemClock, version: serverVersion });

  if (config.seedDemo) await seedDemo(runtime.db, config, log, systemClock, runtime.storage);
  // `npm run backup` asks for the database here: this process owns PGlite (decision 17).
  const { db } = runtime;
  const dump = db.dump?.bind(db);
  const stopSnapshots = dump
    ? await serveSnapshots({
        dataDir: config.dataDir,
        appVersion: serverVersion,
        log,
        snapshot: async () => ({
          migrations: await appliedMigrations(db),
          tar: Buffer.from(await (await dump()).arrayBuffer()),
        }),
      })
    : async () => {};

  // The snapshot socket closes with the runtime, before the database it reads.
  const closeAll = {
    close: async () => {
      await stopSnapshots();
      await runtime.close();
    },
  };
  stopOnSignals(app, closeAll, unlock);

  await app.listen({ port: config.port, host: config.host });
  const engine = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}/db`;
  app.log.info(`Doers is running at ${config.publicUrl} (database: ${engine})`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

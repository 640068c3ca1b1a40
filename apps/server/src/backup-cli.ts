import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { BackupError, writeBackup } from './backup/backup.js';
import { systemClock } from './platform/clock.js';
import { ConfigError, loadDataConfig } from './platform/config.js';
import { serverVersion } from './version.js';

const USAGE = 'Usage: npm run backup [-- --out <folder>]   (default folder: backups)';

/**
 * `npm run backup`: the embedded database, the local media and the kept secrets of DATA_DIR in
 * one archive, whether the server runs or not (src/backup/backup.ts). On PostgreSQL the database
 * is backed up with pg_dump instead (docs/operations/backup.md).
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { out: { type: 'string', default: 'backups' }, help: { type: 'boolean' } },
  });
  if (values.help) return console.log(USAGE);
  const config = loadDataConfig();
  if (config.databaseUrl)
    throw new BackupError(
      'DATABASE_URL is set: back PostgreSQL up with pg_dump (docs/operations/backup.md).',
    );
  // npm runs scripts from the repository's root; a relative folder means the caller's.
  const outDir = resolve(process.env['INIT_CWD'] ?? process.cwd(), values.out);
  const { file, manifest } = await writeBackup({
    dataDir: config.dataDir,
    outDir,
    s3: config.s3,
    now: systemClock.now(),
    appVersion: serverVersion,
  });
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
  console.log(
    `Backed up ${config.dataDir} to ${file}: the database (${mb(manifest.database.bytes)} MB, ` +
      `${manifest.migrations.length} migrations, from the ${manifest.source.replace(/-/g, ' ')}), ` +
      (manifest.media.storage === 's3'
        ? 'no media (they are in S3: see docs/operations/backup.md)'
        : `${manifest.media.files} media files (${mb(manifest.media.bytes)} MB)`) +
      '. It holds the secrets of DATA_DIR: keep it private.',
  );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    const known =
      error instanceof BackupError ||
      error instanceof ConfigError ||
      (error as { code?: string }).code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION';
    console.error(known ? (error as Error).message : error);
    if (known) console.error(USAGE);
    process.exit(1);
  },
);

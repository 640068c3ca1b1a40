import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { RestoreError, restoreBackup } from './backup/restore.js';
import { ConfigError, loadDataConfig } from './platform/config.js';

const USAGE = 'Usage: npm run restore <backup file>   (into DATA_DIR, which must be empty)';

/**
 * `npm run restore <file>`: an archive of `npm run backup` back into an empty DATA_DIR, checked
 * whole before anything lands there (src/backup/restore.ts). Start the server on it afterwards.
 */
async function main(): Promise<void> {
  const { positionals } = parseArgs({ allowPositionals: true });
  if (positionals.length !== 1) throw new RestoreError('Name one backup file.');
  const config = loadDataConfig();
  if (config.databaseUrl)
    throw new RestoreError(
      'DATABASE_URL is set: restore PostgreSQL with pg_restore (docs/operations/backup.md).',
    );
  const file = resolve(process.env['INIT_CWD'] ?? process.cwd(), positionals[0]!);
  const manifest = await restoreBackup({ file, dataDir: config.dataDir });
  console.log(
    `Restored ${file} (taken ${manifest.createdAt}, version ${manifest.appVersion}) into ` +
      `${config.dataDir}: the database with ${manifest.migrations.length} migrations and ` +
      `${manifest.media.files} media files.`,
  );
  if (manifest.media.storage === 's3')
    console.log('Its media were in S3 and are not in the archive: point S3_* at that bucket.');
  else if (config.s3)
    console.log(
      'S3_* is set, but these media were on disk, now in DATA_DIR/media: copy them to the bucket ' +
        '(docs/operations/backup.md) or unset S3_*.',
    );
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    const known = error instanceof RestoreError || error instanceof ConfigError;
    console.error(known ? error.message : error);
    if (error instanceof RestoreError && error.message === 'Name one backup file.')
      console.error(USAGE);
    process.exit(1);
  },
);

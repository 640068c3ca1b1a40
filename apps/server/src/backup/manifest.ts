import { z } from 'zod';

/**
 * What an archive holds (`manifest.json`, its last entry): every other entry with its size and
 * SHA-256, so a restore knows the archive is whole before it writes a thing where it belongs.
 */
export const ARCHIVE = {
  manifest: 'manifest.json',
  /** PGlite's own dump of its data directory (a tar inside the archive). */
  database: 'database.tar',
  /** Files of DATA_DIR under their path in it: `files/media/ab/<key>`, `files/jwt-secret`. */
  filesPrefix: 'files/',
} as const;

/** A path inside DATA_DIR that a restore may write: plain names, no way out of the folder. */
const dataPath = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/, 'not a plain relative path')
  .max(90);

const entry = z.object({
  name: z.string(),
  bytes: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type ManifestEntry = z.infer<typeof entry>;

export const manifest = z.object({
  format: z.literal(1),
  createdAt: z.iso.datetime(),
  /** The version of the server that wrote the database (apps/server/package.json). */
  appVersion: z.string(),
  /** The migrations applied in the database, in order. */
  migrations: z.array(z.string()),
  /** Whether the snapshot came from the running server or from a stopped data directory. */
  source: z.enum(['running-server', 'stopped-data-dir']),
  /** `s3`: media live in the bucket and are not in the archive (docs/operations/backup.md). */
  media: z.object({ storage: z.enum(['disk', 's3']), files: z.number().int(), bytes: z.number() }),
  database: entry,
  files: z.array(entry.extend({ name: dataPath })),
});
export type Manifest = z.infer<typeof manifest>;

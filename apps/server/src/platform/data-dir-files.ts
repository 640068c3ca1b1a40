/**
 * What the server keeps in DATA_DIR, named once: the backup (src/backup/) takes the database,
 * the media and the kept secrets, and leaves the rest (temp files, uploads in progress, the mail
 * outbox), so a new folder here needs a thought about whether a restore must bring it back.
 */
export const DATA_DIR_FILES = {
  /** PGlite's data directory. */
  database: 'db',
  /** Uploaded media on local disk (without S3). */
  media: 'media',
  /**
   * Generated once and kept (0600): a restore without them would sign everyone out (the JWT
   * secret) and orphan every push subscription (the VAPID keys).
   */
  secrets: {
    jwt: 'jwt-secret',
    founderInviteCode: 'founder-invite-code',
    vapid: 'vapid.json',
  },
} as const;

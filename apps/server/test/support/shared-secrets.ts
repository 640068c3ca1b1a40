// What config.ts requires of a server on PostgreSQL besides PUBLIC_URL (which every helper
// gives): one set per test process, so that instances started together share it, as the
// instances of one deployment do.
import { randomBytes } from 'node:crypto';
import webPush from 'web-push';

const vapid = webPush.generateVAPIDKeys();

export const SHARED_SECRETS = {
  JWT_SECRET: `test-shared-${randomBytes(24).toString('hex')}`,
  VAPID_PUBLIC_KEY: vapid.publicKey,
  VAPID_PRIVATE_KEY: vapid.privateKey,
} as const;

/** The VAPID pair alone, for a helper that gives its own JWT_SECRET. */
export const SHARED_VAPID = {
  VAPID_PUBLIC_KEY: vapid.publicKey,
  VAPID_PRIVATE_KEY: vapid.privateKey,
} as const;

import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webPush from 'web-push';
import { z } from 'zod';
import { DATA_DIR_FILES } from './data-dir-files.js';

const optional = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

const base64url = /^[A-Za-z0-9_-]+$/;

/** The environment variables of Web Push (part of config.ts's schema). */
export const pushEnv = {
  VAPID_PUBLIC_KEY: optional.refine((v) => !v || isKey(v, 65), {
    message: 'must be an uncompressed P-256 public key, base64url (87 characters)',
  }),
  VAPID_PRIVATE_KEY: optional.refine((v) => !v || isKey(v, 32), {
    message: 'must be a P-256 private key, base64url (43 characters)',
  }),
  VAPID_SUBJECT: optional.refine((v) => !v || /^(mailto:.+@.+|https:\/\/.+)$/.test(v), {
    message: 'must be a mailto: address or an https:// URL',
  }),
  PUSH_ALLOW_PRIVATE: z.enum(['true', 'false', '1', '0']).optional(),
  PUSH_SERVICE_HOSTS: optional.refine(
    (v) => !v || v.split(',').every((h) => /^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(h.trim())),
    { message: 'must be host names separated by commas (*.example.com for any subdomain)' },
  ),
};

/**
 * The push services of the browsers people use (Chrome, Edge, Firefox, Safari): a subscription
 * names an endpoint on one of them. `*.` matches any subdomain.
 */
export const KNOWN_PUSH_SERVICES: readonly string[] = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  'web.push.apple.com',
  '*.push.apple.com',
  '*.notify.windows.com',
];

type PushEnv = z.output<z.ZodObject<typeof pushEnv>> & { MAIL_FROM: string };

function isKey(value: string, bytes: number): boolean {
  return base64url.test(value) && Buffer.from(value, 'base64url').length === bytes;
}

/** The two keys go together: one without the other is a mistake worth stopping for. */
export function checkVapidEnv(e: Omit<PushEnv, 'MAIL_FROM'>, ctx: z.RefinementCtx): void {
  if (Boolean(e.VAPID_PUBLIC_KEY) === Boolean(e.VAPID_PRIVATE_KEY)) return;
  const missing = e.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY';
  const set = e.VAPID_PUBLIC_KEY ? 'VAPID_PUBLIC_KEY' : 'VAPID_PRIVATE_KEY';
  ctx.addIssue({ code: 'custom', path: [missing], message: `must be set too when ${set} is` });
}

/** Which endpoints a subscription may name: the server POSTs to them (push-endpoint.ts). */
export type PushEndpointRules = {
  /** The push services' hosts (PUSH_SERVICE_HOSTS, else KNOWN_PUSH_SERVICES). */
  pushServices: readonly string[];
  /**
   * Accept any endpoint, on this machine or a private network and over plain http too: tests
   * with a push service of their own. Off in production (SSRF).
   */
  allowPrivateEndpoints: boolean;
};

export type PushSettings = PushEndpointRules & {
  /** The VAPID key pair (base64url) that signs every push; browsers subscribe with the public one. */
  vapid: { publicKey: string; privateKey: string; subject: string };
};

export function pushSettings(e: PushEnv, dataDir: string): PushSettings {
  const keys =
    e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
      ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
      : persistedVapidKeys(dataDir);
  return {
    vapid: { ...keys, subject: e.VAPID_SUBJECT ?? subjectFrom(e.MAIL_FROM) },
    allowPrivateEndpoints: e.PUSH_ALLOW_PRIVATE === 'true' || e.PUSH_ALLOW_PRIVATE === '1',
    pushServices: e.PUSH_SERVICE_HOSTS
      ? e.PUSH_SERVICE_HOSTS.split(',').map((h) => h.trim().toLowerCase())
      : KNOWN_PUSH_SERVICES,
  };
}

/** Push services may write to the subject about problems: the address mails come from. */
function subjectFrom(mailFrom: string): string {
  const address = /<([^<>\s]+@[^<>\s]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return /^[^\s@]+@[^\s@]+$/.test(address) ? `mailto:${address}` : 'mailto:no-reply@doers.local';
}

const vapidFile = z.object({
  publicKey: z.string().refine((v) => isKey(v, 65)),
  privateKey: z.string().refine((v) => isKey(v, 32)),
});

/**
 * Unset keys are generated on first start and kept in DATA_DIR/vapid.json (0600): a new key
 * would orphan every subscription, since browsers bound each one to the key they were given.
 */
function persistedVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = join(dataDir, DATA_DIR_FILES.secrets.vapid);
  const read = () => {
    const parsed = vapidFile.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (!parsed.success) throw new Error(`${file} does not hold a VAPID key pair`);
    return parsed.data;
  };
  try {
    return read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const keys = webPush.generateVAPIDKeys();
  try {
    // 'wx': of two processes starting at once, one writes and the other reads its keys.
    writeFileSync(file, `${JSON.stringify(keys)}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return read();
    throw error;
  }
  chmodSync(file, 0o600);
  return keys;
}

import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import webPush from 'web-push';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('Web Push settings', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'doers-push-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('generates the VAPID keys once, private to the server, and reuses them after a restart', () => {
    const dir = tempDir();
    const first = loadConfig({ DATA_DIR: dir }).push;
    expect(statSync(join(dir, 'vapid.json')).mode & 0o777).toBe(0o600);
    const again = loadConfig({ DATA_DIR: dir }).push;
    expect(again.vapid).toEqual(first.vapid);
    expect(Buffer.from(first.vapid.publicKey, 'base64url')).toHaveLength(65);
    // The address mails come from is the one push services may write to.
    expect(first.vapid.subject).toBe('mailto:no-reply@doers.local');
    expect(first.allowPrivateEndpoints).toBe(false);
  });

  it('takes keys and a subject from the environment, checked', () => {
    const keys = webPush.generateVAPIDKeys();
    const push = loadConfig({
      DATA_DIR: tempDir(),
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      VAPID_SUBJECT: 'https://doers.example',
      PUSH_ALLOW_PRIVATE: '1',
    }).push;
    expect(push.vapid).toEqual({ ...keys, subject: 'https://doers.example' });
    expect(push.allowPrivateEndpoints).toBe(true);

    const dir = tempDir();
    expect(() => loadConfig({ DATA_DIR: dir, VAPID_PUBLIC_KEY: keys.publicKey })).toThrow(
      /VAPID_PRIVATE_KEY: must be set too when VAPID_PUBLIC_KEY is/,
    );
    expect(() =>
      loadConfig({ DATA_DIR: dir, VAPID_PUBLIC_KEY: 'abc', VAPID_PRIVATE_KEY: keys.privateKey }),
    ).toThrow(/VAPID_PUBLIC_KEY: must be an uncompressed P-256 public key/);
    expect(() => loadConfig({ DATA_DIR: dir, VAPID_SUBJECT: 'doers.example' })).toThrow(
      ConfigError,
    );
  });

  it("takes the push services' hosts from PUSH_SERVICE_HOSTS, or the browsers' own", () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).push.pushServices).toContain('fcm.googleapis.com');
    const push = loadConfig({
      DATA_DIR: tempDir(),
      PUSH_SERVICE_HOSTS: 'push.example.com, *.Push.Example.org',
    }).push;
    expect(push.pushServices).toEqual(['push.example.com', '*.push.example.org']);
    expect(() =>
      loadConfig({ DATA_DIR: tempDir(), PUSH_SERVICE_HOSTS: 'https://push.example.com/x' }),
    ).toThrow(/PUSH_SERVICE_HOSTS: must be host names separated by commas/);
  });
});

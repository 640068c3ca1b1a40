import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AuthResponse, PushKey, PushMessage } from '@doers/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, registerFounder, vibe } from '../../../../test/support/people.js';
import {
  browserKeys,
  readVapid,
  startPushReceiver,
  type PushReceiver,
} from '../../../../test/support/push-receiver.js';
import { SHARED_VAPID } from '../../../../test/support/shared-secrets.js';
import { startTestServer, type TestServer } from '../../../../test/support/test-server.js';

describe('Web Push', () => {
  let server: TestServer;
  let receiver: PushReceiver;
  beforeAll(async () => {
    // The test's push service is on this machine, over plain http: allowed for this server only.
    server = await startTestServer({
      PUSH_ALLOW_PRIVATE: 'true',
      RATE_LIMIT_FACTOR: '20',
    });
    receiver = await startPushReceiver();
  });
  afterAll(async () => {
    await server.close();
    await receiver.close();
  });

  let devices = 0;
  /** A browser of `who` subscribing: its endpoint is a path of the test's push service. */
  async function subscribeDevice(who: AuthResponse) {
    devices += 1;
    const path = `/push/device-${devices}`;
    const keys = browserKeys();
    const res = await server.request('PUT', '/api/push/subscriptions', {
      ...as(who),
      body: keys.json(`${receiver.url}${path}`),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(204);
    return { path, endpoint: `${receiver.url}${path}`, ...keys };
  }
  const pushesTo = (path: string) => receiver.received.filter((r) => r.path === path);
  const subscriptionsOf = (who: AuthResponse) =>
    server.db.query<{ endpoint: string; failures: number }>(
      'SELECT endpoint, failures FROM push_subscriptions WHERE user_id = $1',
      [who.user.id],
    );

  it('gives browsers its VAPID public key: generated once into DATA_DIR, or on PostgreSQL the one set', async () => {
    const { auth } = await registerFounder(server);
    const res = await server.request<PushKey>('GET', '/api/push/key', as(auth));
    expect(res.status).toBe(200);
    const expected = process.env['DATABASE_URL']
      ? SHARED_VAPID.VAPID_PUBLIC_KEY
      : (
          JSON.parse(readFileSync(join(server.dataDir, 'vapid.json'), 'utf8')) as {
            publicKey: string;
          }
        ).publicKey;
    expect(res.body.publicKey).toBe(expected);
    expect(Buffer.from(res.body.publicKey, 'base64url')).toHaveLength(65);
    expect((await server.request('GET', '/api/push/key')).status).toBe(401);
  });

  it('sends a vibe to every device of the person, encrypted (RFC 8291) and signed (VAPID)', async () => {
    const [{ auth: maya }, { auth: sam }] = [
      await registerFounder(server),
      await registerFounder(server),
    ];
    const phone = await subscribeDevice(maya);
    const laptop = await subscribeDevice(maya);

    await vibe(server, sam, maya, 'proud');
    await server.app.jobs.drain();

    const key = (await server.request<PushKey>('GET', '/api/push/key', as(maya))).body.publicKey;
    for (const device of [phone, laptop]) {
      const pushes = pushesTo(device.path);
      expect(pushes).toHaveLength(1);
      const push = pushes[0]!;
      expect(push.headers['content-encoding']).toBe('aes128gcm');
      expect(Number(push.headers['ttl'])).toBeGreaterThan(0);
      expect(push.headers['topic']).toMatch(/^[\w-]{1,32}$/);
      const vapid = readVapid(push.headers['authorization']);
      expect(vapid.publicKey).toBe(key);
      expect(vapid.claims.aud).toBe(receiver.url);
      expect(vapid.claims.sub).toMatch(/^mailto:/);
      expect(vapid.claims.exp).toBeGreaterThan(Date.now() / 1000);

      const message = JSON.parse(device.decrypt(push.body)) as PushMessage;
      expect(message).toMatchObject({
        title: 'New vibe',
        body: `${sam.user.displayName || sam.user.username} sent you a vibe (proud)`,
        url: '/vibes',
        type: 'vibe',
      });
      expect(message.tag).toMatch(/^vibe:/);
      expect(message.notificationId).toMatch(/^[0-9a-f-]{36}$/);
    }
    // The sender has no device: nothing went anywhere for them.
    expect(receiver.received).toHaveLength(2);
    expect((await subscriptionsOf(maya)).map((s) => s.failures)).toEqual([0, 0]);
  });

  it('removes a subscription its push service says is gone (410), and sends it nothing more', async () => {
    const [{ auth: maya }, { auth: sam }, { auth: lee }] = [
      await registerFounder(server),
      await registerFounder(server),
      await registerFounder(server),
    ];
    const gone = await subscribeDevice(maya);
    const alive = await subscribeDevice(maya);
    receiver.answer(gone.path, 410);

    await vibe(server, sam, maya);
    await server.app.jobs.drain();
    expect(pushesTo(gone.path)).toHaveLength(1);
    expect((await subscriptionsOf(maya)).map((s) => s.endpoint)).toEqual([alive.endpoint]);

    await vibe(server, lee, maya);
    await server.app.jobs.drain();
    expect(pushesTo(gone.path)).toHaveLength(1);
    expect(pushesTo(alive.path)).toHaveLength(2);
  });

  it('tries a push service that is down again, and keeps the subscription', async () => {
    const [{ auth: maya }, { auth: sam }] = [
      await registerFounder(server),
      await registerFounder(server),
    ];
    const device = await subscribeDevice(maya);
    receiver.answer(device.path, 503);

    await vibe(server, sam, maya);
    await server.app.jobs.drain();
    const tries = pushesTo(device.path).length;
    expect(tries).toBeGreaterThan(1);
    expect(await subscriptionsOf(maya)).toEqual([{ endpoint: device.endpoint, failures: tries }]);
  });

  it('sends nothing for a type whose push switch is off, still for the others', async () => {
    const [{ auth: maya }, { auth: sam }] = [
      await registerFounder(server),
      await registerFounder(server),
    ];
    const device = await subscribeDevice(maya);
    const off = await server.request('PUT', '/api/notifications/settings', {
      ...as(maya),
      body: { types: { vibe: { inApp: true, push: false } } },
    });
    expect(off.status, JSON.stringify(off.body)).toBe(200);

    await vibe(server, sam, maya);
    await server.app.jobs.drain();
    expect(pushesTo(device.path)).toHaveLength(0);
    const inApp = await server.db.query('SELECT 1 FROM notifications WHERE user_id = $1', [
      maya.user.id,
    ]);
    expect(inApp).toHaveLength(1);
  });

  it('stops when the device unsubscribes or signs out; one person cannot remove another’s', async () => {
    const [{ auth: maya }, { auth: sam }, { auth: lee }] = [
      await registerFounder(server),
      await registerFounder(server),
      await registerFounder(server),
    ];
    const device = await subscribeDevice(maya);
    const other = await server.request('DELETE', '/api/push/subscriptions', {
      ...as(sam),
      body: { endpoint: device.endpoint },
    });
    expect(other.status).toBe(204);
    expect(await subscriptionsOf(maya)).toHaveLength(1);

    const mine = await server.request('DELETE', '/api/push/subscriptions', {
      ...as(maya),
      body: { endpoint: device.endpoint },
    });
    expect(mine.status).toBe(204);
    expect(await subscriptionsOf(maya)).toHaveLength(0);

    // Subscribed again, then signed out: the sign-in that subscribed ended, so did the device's pushes.
    await subscribeDevice(maya);
    const out = await server.request('POST', '/api/auth/logout', {
      body: { refreshToken: maya.tokens.refreshToken },
    });
    expect(out.status).toBe(204);
    expect(await subscriptionsOf(maya)).toHaveLength(0);
    await vibe(server, lee, maya);
    await server.app.jobs.drain();
    expect(receiver.received.filter((r) => r.path.startsWith('/push/device-')).length).toBe(
      receiver.received.length,
    );
  });

  it('hands a browser to whoever subscribes it last: the one signed in there now', async () => {
    const [{ auth: maya }, { auth: sam }, { auth: lee }] = [
      await registerFounder(server),
      await registerFounder(server),
      await registerFounder(server),
    ];
    const device = await subscribeDevice(maya);
    const again = await server.request('PUT', '/api/push/subscriptions', {
      ...as(sam),
      body: device.json(device.endpoint),
    });
    expect(again.status).toBe(204);
    expect(await subscriptionsOf(maya)).toHaveLength(0);
    expect(await subscriptionsOf(sam)).toHaveLength(1);

    await vibe(server, lee, maya);
    await server.app.jobs.drain();
    expect(pushesTo(device.path)).toHaveLength(0);
    await vibe(server, lee, sam);
    await server.app.jobs.drain();
    expect(pushesTo(device.path)).toHaveLength(1);
  });

  it('refuses a subscription that is not one, with a message naming what is wrong', async () => {
    const { auth } = await registerFounder(server);
    const res = await server.request<{ message: string; errors: { field: string }[] }>(
      'PUT',
      '/api/push/subscriptions',
      { ...as(auth), body: { endpoint: 'not a url', keys: { p256dh: '', auth: 'x' } } },
    );
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e) => e.field).sort()).toEqual(['endpoint', 'keys.p256dh']);
  });
});

describe('Web Push endpoints in production (SSRF)', () => {
  let server: TestServer;
  let maya: AuthResponse;
  beforeAll(async () => {
    server = await startTestServer();
    maya = (await registerFounder(server)).auth;
  });
  afterAll(() => server.close());

  const subscribe = (endpoint: string) =>
    server.request<{ message: string }>('PUT', '/api/push/subscriptions', {
      ...as(maya),
      body: browserKeys().json(endpoint),
    });

  it('refuses endpoints on this machine, a private network or plain http', async () => {
    const refused: [string, string][] = [
      ['http://push.example.com/x', 'A push endpoint must use https'],
      ['https://127.0.0.1:8443/x', 'This push endpoint is not on the internet'],
      ['https://[::1]/x', 'This push endpoint is not on the internet'],
      ['https://[::ffff:127.0.0.1]/x', 'This push endpoint is not on the internet'],
      ['https://169.254.169.254/latest/meta-data', 'This push endpoint is not on the internet'],
      ['https://10.0.0.8/x', 'This push endpoint is not on the internet'],
      ['https://192.168.1.20/x', 'This push endpoint is not on the internet'],
      ['https://localhost/x', 'This push endpoint is not on the internet'],
      ['https://metadata.google.internal/x', 'This push endpoint is not on the internet'],
      [
        'https://user:secret@fcm.googleapis.com/x',
        'A push endpoint cannot carry a user name or password',
      ],
    ];
    for (const [endpoint, message] of refused) {
      const res = await subscribe(endpoint);
      expect(res.status, endpoint).toBe(400);
      expect(res.body.message, endpoint).toBe(message);
    }
    const rows = await server.db.query('SELECT 1 FROM push_subscriptions');
    expect(rows).toHaveLength(0);
  });

  it("refuses any host that is not a browser's push service, and any port but 443", async () => {
    const notAService = "This push endpoint is not a browser's push service";
    for (const endpoint of [
      'https://example.com/webhook',
      'https://fcm.googleapis.com.example.com/fcm/send/abc',
      'https://evilpush.apple.com.attacker.net/x',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://push.apple.com/3/device/abc',
    ]) {
      const res = await subscribe(endpoint);
      expect(res.status, endpoint).toBe(400);
      expect(res.body.message, endpoint).toBe(notAService);
    }
    expect(await server.db.query('SELECT 1 FROM push_subscriptions')).toHaveLength(0);
  });

  it("accepts the endpoints of Chrome's, Firefox's, Safari's and Edge's push services", async () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://fcm.googleapis.com:443/fcm/send/ghi:jkl',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABk',
      'https://web.push.apple.com/QGx3Yr',
      'https://api.push.apple.com/3/device/abc',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAAB',
    ]) {
      const res = await subscribe(endpoint);
      expect(res.status, endpoint).toBe(204);
    }
  });

  it("takes an operator's own list of push services (PUSH_SERVICE_HOSTS)", async () => {
    const own = await startTestServer({ PUSH_SERVICE_HOSTS: 'push.example.org' });
    try {
      const { auth } = await registerFounder(own);
      const subscribeOn = (endpoint: string) =>
        own.request('PUT', '/api/push/subscriptions', {
          ...as(auth),
          body: browserKeys().json(endpoint),
        });
      expect((await subscribeOn('https://push.example.org/x')).status).toBe(204);
      expect((await subscribeOn('https://fcm.googleapis.com/fcm/send/abc')).status).toBe(400);
    } finally {
      await own.close();
    }
  });
});

describe('the service worker file', () => {
  let server: TestServer;
  let webDist: string;
  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'doers-web-'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Doers</title>');
    writeFileSync(join(webDist, 'sw.js'), "self.addEventListener('push', () => {});");
    server = await startTestServer({ WEB_DIST: webDist });
  });
  afterAll(async () => {
    await server.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('is served at the root as JavaScript the browser checks for updates every time', async () => {
    const res = await fetch(`${server.url}/sw.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^(text|application)\/javascript/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toContain("addEventListener('push'");
  });
});

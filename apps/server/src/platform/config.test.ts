import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import webPush from 'web-push';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const postgres = 'postgres://db.example/doers';
const vapid = webPush.generateVAPIDKeys();
/** What a server on PostgreSQL must be given, besides DATABASE_URL. */
const shared = {
  JWT_SECRET: 'a-secret-every-instance-of-the-deployment-shares',
  PUBLIC_URL: 'https://doers.example',
  VAPID_PUBLIC_KEY: vapid.publicKey,
  VAPID_PRIVATE_KEY: vapid.privateKey,
};

describe('loadConfig', () => {
  it('uses the documented defaults', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'doers-config-'));
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      port: 3000,
      founderSeats: 100,
      databaseUrl: undefined,
      redisUrl: undefined,
      publicUrl: 'http://localhost:3000',
    });
  });

  it('takes Stripe only with both of its secrets, and says which one is missing', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'doers-config-'));
    expect(loadConfig({ DATA_DIR: dir }).payments.stripe).toBeNull();
    expect(() => loadConfig({ DATA_DIR: dir, STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(
      'STRIPE_WEBHOOK_SECRET: must be set too when STRIPE_SECRET_KEY is',
    );
    expect(() =>
      loadConfig({
        DATA_DIR: dir,
        STRIPE_SECRET_KEY: 'pk_test_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_x',
      }),
    ).toThrow('STRIPE_SECRET_KEY: must be a Stripe secret key');
    const stripe = loadConfig({
      DATA_DIR: dir,
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
    }).payments.stripe;
    expect(stripe).toEqual({ secretKey: 'sk_test_x', webhookSecret: 'whsec_x', api: undefined });
  });

  it('stops on a bad value and names it', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(
      /DATABASE_URL: must start with postgres/,
    );
    expect(() => loadConfig({ JWT_SECRET: 'short' })).toThrow(
      /JWT_SECRET: must be at least 32 characters/,
    );
    expect(() => loadConfig({ FOUNDER_SEATS: '-1' })).toThrow(/FOUNDER_SEATS/);
    expect(() => loadConfig({ METRICS_TOKEN: 'guessable' })).toThrow(
      /METRICS_TOKEN: must be at least 24 characters/,
    );
  });

  it('TRUST_PROXY takes a hop count or proxy addresses, never "true"', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'doers-config-'));
    const trust = (value?: string) =>
      loadConfig({ DATA_DIR: dir, ...(value === undefined ? {} : { TRUST_PROXY: value }) })
        .trustProxy;
    expect(trust()).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('1')).toBe(1);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.1, 10.1.0.0/16,::1,fd00::/8')).toEqual([
      '10.0.0.1',
      '10.1.0.0/16',
      '::1',
      'fd00::/8',
    ]);
    expect(() => trust('true')).toThrow(ConfigError);
    expect(() => trust('true')).toThrow(/TRUST_PROXY: "true" would believe any X-Forwarded-For/);
    expect(() => trust('yes')).toThrow(/TRUST_PROXY: not a proxy count, address or network/);
    expect(() => trust('10.0.0.0/33')).toThrow(/TRUST_PROXY: .*10\.0\.0\.0\/33/);
    expect(() => trust('10.0.0.1,')).toThrow(/TRUST_PROXY/);
  });

  it('generates a JWT secret and a founder code once and keeps them in DATA_DIR', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'doers-config-'));
    const first = loadConfig({ DATA_DIR: dir });
    const second = loadConfig({ DATA_DIR: dir });
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(second.founderInviteCode).toBe(first.founderInviteCode);
    expect(await readFile(join(dir, 'jwt-secret'), 'utf8')).toBe(first.jwtSecret);
  });
  it('seeds demo people on the embedded database only, unless SEED_DEMO says otherwise', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'doers-config-'));
    expect(loadConfig({ DATA_DIR: dir }).seedDemo).toBe(true);
    expect(loadConfig({ DATA_DIR: dir, SEED_DEMO: 'false' }).seedDemo).toBe(false);
    const onPostgres = { DATA_DIR: dir, DATABASE_URL: postgres, ...shared };
    expect(loadConfig(onPostgres).seedDemo).toBe(false);
    expect(loadConfig({ ...onPostgres, SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(() => loadConfig({ DATA_DIR: dir, SEED_DEMO: 'yes' })).toThrow(/SEED_DEMO/);
  });

  it('on PostgreSQL, refuses to start without the secrets and address instances must share, naming each and why', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'doers-config-'));
    const error = (() => {
      try {
        loadConfig({ DATA_DIR: dir, DATABASE_URL: postgres });
      } catch (caught) {
        return caught;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message).toMatch(/JWT_SECRET: must be set with DATABASE_URL: every instance must sign/);
    expect(message).toMatch(/PUBLIC_URL: must be set with DATABASE_URL: links in mails/);
    expect(message).toMatch(
      /VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: must be set with DATABASE_URL: a browser subscribes/,
    );
    // Nothing was generated for an instance that did not start.
    await expect(readFile(join(dir, 'jwt-secret'), 'utf8')).rejects.toThrow(/ENOENT/);

    // Each one missing alone is named alone.
    for (const name of ['JWT_SECRET', 'PUBLIC_URL'] as const) {
      const { [name]: _left, ...rest } = shared;
      const run = () => loadConfig({ DATA_DIR: dir, DATABASE_URL: postgres, ...rest });
      expect(run).toThrow(new RegExp(`${name}: must be set with DATABASE_URL`));
      expect(run).toThrow(/^Invalid configuration:\n[^\n]+$/);
    }
    const { VAPID_PUBLIC_KEY: _public, VAPID_PRIVATE_KEY: _private, ...noKeys } = shared;
    expect(() => loadConfig({ DATA_DIR: dir, DATABASE_URL: postgres, ...noKeys })).toThrow(
      /VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: must be set with DATABASE_URL/,
    );

    const config = loadConfig({ DATA_DIR: dir, DATABASE_URL: postgres, ...shared });
    expect(config.jwtSecret).toBe(shared.JWT_SECRET);
    expect(config.publicUrl).toBe(shared.PUBLIC_URL);
    expect(config.push.vapid.publicKey).toBe(vapid.publicKey);
  });

  it('on PGlite, keeps generating those into DATA_DIR', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'doers-config-'));
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.jwtSecret).toBe(await readFile(join(dir, 'jwt-secret'), 'utf8'));
    const stored = JSON.parse(await readFile(join(dir, 'vapid.json'), 'utf8')) as {
      publicKey: string;
    };
    expect(config.push.vapid.publicKey).toBe(stored.publicKey);
    expect(config.publicUrl).toBe('http://localhost:3000');
  });
});

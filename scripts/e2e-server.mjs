#!/usr/bin/env node
// The server the end-to-end suite drives, as `npm start` runs it (the bundle of
// apps/server/build.ts, built here from the sources as they are, one file per port so that two
// runs side by side never read each other's half-written build): the built web app on a fresh
// PGlite database, mail written to the outbox (the suite reads the reset link from there).
// Payments go to a local stand-in for Stripe (apps/server/test/support/stripe-stand-in.ts): the
// one outside party the suite does not run; its checkout page sends Stripe's signed events.
import { rmSync } from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';
import { tsImport } from 'tsx/esm/api';

/** The moderator every run has (e2e/support/accounts.ts signs in with it). */
const MODERATOR = {
  username: 'e2e_moderator',
  email: 'e2e_moderator@example.com',
  password: 'steady-moderation-42',
};

async function waitForHealth(url) {
  for (let i = 0; i < 600; i++) {
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`${url} did not answer`);
}

const port = process.env.PORT ?? '3100';
const dataDir = `.test-data/e2e-${port}`;
rmSync(dataDir, { recursive: true, force: true });
const bundle = `e2e-${port}.js`;
const build = spawnSync(
  process.execPath,
  ['--import', 'tsx', '-e', `(await import('./apps/server/build.ts')).buildServer('${bundle}')`],
  { stdio: 'inherit' },
);
if (build.status !== 0) process.exit(build.status ?? 1);
const webhookSecret = 'whsec_e2e_stand_in';
const { startStripeStandIn } = await tsImport(
  '../apps/server/test/support/stripe-stand-in.ts',
  import.meta.url,
);
const stripe = await startStripeStandIn({
  url: `http://localhost:${port}/api/billing/stripe/webhook`,
  secret: webhookSecret,
});
const serverEnv = (listenOn) => ({
  ...process.env,
  PORT: listenOn,
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  REDIS_URL: '',
  SMTP_URL: '',
  PUBLIC_URL: `http://localhost:${port}`,
  FOUNDER_INVITE_CODE: 'E2E-FOUNDERS',
  SEED_DEMO: 'false',
  LOG_LEVEL: 'warn',
  // Many sign-ups come from one IP here; the limits themselves are covered by the API suite.
  RATE_LIMIT_FACTOR: '50',
  STRIPE_SECRET_KEY: 'sk_test_e2e_stand_in',
  STRIPE_WEBHOOK_SECRET: webhookSecret,
  STRIPE_API_URL: stripe.url,
});
const startServer = (listenOn) =>
  spawn(process.execPath, ['--enable-source-maps', `apps/server/dist/${bundle}`], {
    stdio: 'inherit',
    env: serverEnv(listenOn),
  });

// A moderator, as an operator makes one: signed up, then granted moderation tools with
// `npm run admin` while the server is stopped (it owns the PGlite database while it runs).
const setupPort = String(Number(port) + 1000);
const setup = startServer(setupPort);
await waitForHealth(`http://localhost:${setupPort}/api/health`);
const signUp = await fetch(`http://localhost:${setupPort}/api/auth/register`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({
    ...MODERATOR,
    referralCode: '',
    inviteCode: 'E2E-FOUNDERS',
    paymentMethodId: '',
    device: { id: 'e2e-moderator-setup' },
  }),
});
if (signUp.status !== 201)
  throw new Error(`moderator sign-up: ${signUp.status} ${await signUp.text()}`);
await new Promise((resolve) => {
  setup.on('exit', resolve);
  setup.kill('SIGTERM');
});
const grant = spawnSync(
  process.execPath,
  [
    '--import',
    'tsx',
    'apps/server/src/admin-cli.ts',
    'grant',
    MODERATOR.username,
    '--only',
    'moderation',
  ],
  { stdio: 'inherit', env: serverEnv(setupPort) },
);
if (grant.status !== 0) process.exit(grant.status ?? 1);

const child = startServer(port);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));

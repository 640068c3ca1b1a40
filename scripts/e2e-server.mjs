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
const child = spawn(process.execPath, ['--enable-source-maps', `apps/server/dist/${bundle}`], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: port,
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
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));

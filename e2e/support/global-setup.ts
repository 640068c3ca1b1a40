// The server the end-to-end suite drives, as `npm start` runs it (the server's bundle, built from
// the sources as they are): the built web app on a fresh PGlite database of its own, on a free
// port, mail written to its outbox (the suite reads reset links there). Payments go to a local
// stand-in for Stripe (apps/server/test/support/stripe-stand-in.ts): the one outside party the
// suite does not run; its checkout page sends Stripe's signed events. Voice notes are transcribed
// by a local stand-in engine (apps/server/test/support/transcription-stand-in.ts) that hears the
// same words in every note (TRANSCRIBED_WORDS).
//
// Before the suite, a moderator, as an operator makes one: signed up, then granted moderation
// tools with `npm run admin` while the server is stopped (it owns the PGlite database while it
// runs). Workers learn the server's address and outbox from E2E_BASE_URL and E2E_OUTBOX.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { serverBundle, startServerProcess } from '../../apps/server/test/support/server-process.js';
import { startStripeStandIn } from '../../apps/server/test/support/stripe-stand-in.js';
import { startTranscriptionStandIn } from '../../apps/server/test/support/transcription-stand-in.js';
import { FOUNDER_CODE, MODERATOR, TRANSCRIBED_WORDS } from './accounts.js';

const root = resolve(import.meta.dirname, '../..');
const WEBHOOK_SECRET = 'whsec_e2e_stand_in';

export default async function globalSetup(): Promise<() => Promise<void>> {
  const runDir = process.env['DOERS_TEST_RUN_DIR'] ?? mkdtempSync(join(tmpdir(), 'doers-e2e-'));
  const dataDir = join(resolve(root, runDir), 'e2e-data');
  rmSync(dataDir, { recursive: true, force: true });
  const webhook = { url: '', secret: WEBHOOK_SECRET };
  const stripe = await startStripeStandIn(webhook);
  const transcriber = await startTranscriptionStandIn(TRANSCRIBED_WORDS);
  const bundle = await serverBundle();
  const server = await startServerProcess({
    name: 'e2e-server',
    logDir: resolve(root, runDir),
    dataDir,
    bundle: bundle.path,
    hostname: 'localhost',
    pglite: true,
    env: {
      // npm test builds the app into its run's folder; `npm run test:e2e` into apps/web/dist.
      WEB_DIST: process.env['DOERS_WEB_DIST'] ?? join(root, 'apps/web/dist'),
      FOUNDER_INVITE_CODE: FOUNDER_CODE,
      // Many sign-ups come from one address here; the limits themselves are the API suite's.
      RATE_LIMIT_FACTOR: '50',
      STRIPE_SECRET_KEY: 'sk_test_e2e_stand_in',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
      SMTP_URL: '',
      TRANSCRIBE_URL: transcriber.url,
    },
  });
  try {
    await makeModerator(server.url);
    await server.stop();
    const grant = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/admin-cli.ts', 'grant', MODERATOR.username],
      {
        cwd: root,
        stdio: 'inherit',
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' },
      },
    );
    if (grant.status !== 0) throw new Error(`npm run admin grant: exit ${grant.status}`);
    await server.start();
  } catch (error) {
    await server.dispose();
    bundle.remove();
    await stripe.close();
    await transcriber.close();
    throw error;
  }
  webhook.url = `${server.url}/api/billing/stripe/webhook`;
  process.env['E2E_BASE_URL'] = server.url;
  process.env['E2E_OUTBOX'] = join(dataDir, 'outbox');
  return async () => {
    await server.dispose();
    bundle.remove();
    await stripe.close();
    await transcriber.close();
  };
}

async function makeModerator(url: string): Promise<void> {
  const res = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      ...MODERATOR,
      referralCode: '',
      inviteCode: FOUNDER_CODE,
      paymentMethodId: '',
      device: { id: 'e2e-moderator-setup' },
    }),
  });
  if (res.status !== 201) throw new Error(`moderator sign-up: ${res.status} ${await res.text()}`);
}

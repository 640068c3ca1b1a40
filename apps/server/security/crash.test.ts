// Power cut for the process: kill -9 while eight writers have requests in flight, halfway
// through 1,000 acknowledged writes; the writers go on after the restart. Every write the server
// acknowledged, before or after the kill, must be in the database at the end.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@doers/contract';
import { call, closeAgents, loopback } from './support/http.js';
import { startServer, type ServerProcess } from './support/servers.js';
import { registerFounder, suite, type Person } from './support/suite.js';

const WRITES = 1_000;
const IN_FLIGHT = 8;
const from = loopback(14, 0);
let server: ServerProcess;
let sender: Person;
let target: Person;

beforeAll(async () => {
  server = await startServer({
    name: 'crash',
    runDir: suite().runDir,
    bundle: suite().bundle,
    env: { RATE_LIMIT_FACTOR: '1000000' },
  });
  [sender, target] = [await registerFounder(server.url), await registerFounder(server.url)];
});
afterAll(async () => {
  await closeAgents();
  await server?.dispose();
});

describe('crash', () => {
  it('kill -9 in the middle of 1,000 acknowledged writes → all 1,000 present after restart', async () => {
    const acknowledged: string[] = [];
    let sent = 0;
    let cutOff = 0;
    let restarting: Promise<void> | undefined;
    let inFlightAtKill = 0;
    let inFlight = 0;
    const engine = process.env['DATABASE_URL'] ? 'PostgreSQL' : 'PGlite';
    const started = performance.now();

    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (acknowledged.length < WRITES) {
          if (restarting) await restarting;
          sent += 1;
          inFlight += 1;
          try {
            const res = await call<{ id: string }>(server.url, 'POST', '/api/vibes', {
              token: sender.accessToken,
              body: { targetUserId: target.id, vibeReason: 'rooting for you' },
              from,
            });
            if (res.status !== 201) throw new Error(`${res.status} ${res.text}`);
            acknowledged.push(res.body.id);
          } catch (error) {
            // The connection died with the process: not acknowledged, so nothing was promised.
            if (!restarting) throw error;
            cutOff += 1;
            continue;
          } finally {
            inFlight -= 1;
          }
          if (acknowledged.length === WRITES / 2) {
            // The other writers' requests are on the wire: the process dies under them.
            inFlightAtKill = inFlight;
            restarting = server.kill().then(() => server.start());
            void restarting.then(() => (restarting = undefined));
          }
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const lockWait = server.lockWaitSeconds;

    const profile = await call<User>(server.url, 'GET', `/api/users/${target.id}`, {
      token: target.accessToken,
      from,
    });
    await server.stop();
    const rows = await server.query<{ id: string }>('SELECT id FROM vibes WHERE sender_id = $1', [
      sender.id,
    ]);
    const present = new Set(rows.map((r) => r.id));
    const missing = acknowledged.filter((id) => !present.has(id));
    const acked = acknowledged.length;
    console.log(
      `crash (${engine}): ${IN_FLIGHT} writers, kill -9 at ${WRITES / 2} acknowledged vibes with ` +
        `${inFlightAtKill} requests in flight (${cutOff} cut off), restart waited ` +
        `${lockWait.toFixed(1)} s for the stale DATA_DIR lock; ${sent} sent, ${acked} ` +
        `acknowledged in ${seconds.toFixed(1)} s; after restart ${acked - missing.length}/${acked} ` +
        `present, ${rows.length - (acked - missing.length)} cut-off ones committed too; the ` +
        `target's vibe count ${profile.body.stats.totalVibes} for ${rows.length} rows`,
    );
    expect(acked).toBeGreaterThanOrEqual(WRITES);
    expect(new Set(acknowledged).size).toBe(acked);
    expect(missing).toEqual([]);
    // The counter is written in the same transaction as the row: no crash tears them apart.
    expect(profile.body.stats.totalVibes).toBe(rows.length);
  });
});

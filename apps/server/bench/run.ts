// `npm run bench`: figures for the hot paths, printed, never asserted. Real HTTP against a
// server on PGlite in memory (or PostgreSQL with DATABASE_URL).
import { startTestServer } from '../test/support/test-server.js';
import { newPerson, device } from '../test/support/people.js';
import type { AuthResponse } from '@doers/contract';

const server = await startTestServer({ RATE_LIMIT_FACTOR: '100000', FOUNDER_SEATS: '100000' });

async function measure(
  label: string,
  concurrency: number,
  seconds: number,
  call: () => Promise<number>,
) {
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        if ((await call()) >= 400) errors++;
        latencies.push(performance.now() - t);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const pct = (p: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))]!.toFixed(1);
  console.log(
    `${label.padEnd(38)} ${String(Math.round(latencies.length / seconds)).padStart(6)} req/s   p50 ${pct(0.5).padStart(6)} ms   p95 ${pct(0.95).padStart(6)} ms   errors ${errors}`,
  );
}

try {
  console.log(`Doers API benchmark — ${server.db.engine}, concurrency as shown, 5 s each\n`);
  const founder = newPerson({ inviteCode: 'FOUNDERS-TEST-CODE' });
  const auth = (await server.request<AuthResponse>('POST', '/api/auth/register', { body: founder }))
    .body;
  const token = auth.tokens.accessToken;

  await measure(
    'GET /api/health',
    20,
    5,
    async () => (await server.request('GET', '/api/health')).status,
  );
  await measure(
    'GET /api/users/:id (signed in)',
    20,
    5,
    async () => (await server.request('GET', `/api/users/${auth.user.id}`, { token })).status,
  );
  await measure(
    'GET /api/notifications/unread-counts',
    20,
    5,
    async () => (await server.request('GET', '/api/notifications/unread-counts', { token })).status,
  );
  const quest = (
    await server.request<{ id: string }>('POST', '/api/quests', {
      token,
      body: {
        title: 'Bench quest',
        category: 'fitness',
        tasks: [{ title: 'One' }, { title: 'Two' }],
        allowOthersToJoin: true,
      },
    })
  ).body;
  await measure(
    'GET /api/quests (my active quests)',
    20,
    5,
    async () => (await server.request('GET', '/api/quests', { token })).status,
  );
  await measure(
    'GET /api/quests/:id',
    20,
    5,
    async () => (await server.request('GET', `/api/quests/${quest.id}`, { token })).status,
  );
  await measure(
    'GET /api/shared-quests/:id (signed out)',
    20,
    5,
    async () => (await server.request('GET', `/api/shared-quests/${quest.id}`)).status,
  );
  await measure(
    'POST /api/auth/login (argon2id)',
    4,
    5,
    async () =>
      (
        await server.request('POST', '/api/auth/login', {
          body: { email: founder.username, password: founder.password, device: device() },
        })
      ).status,
  );
  await measure(
    'POST /api/auth/register (founder)',
    4,
    5,
    async () =>
      (
        await server.request('POST', '/api/auth/register', {
          body: newPerson({ inviteCode: 'FOUNDERS-TEST-CODE' }),
        })
      ).status,
  );
} finally {
  await server.close();
}

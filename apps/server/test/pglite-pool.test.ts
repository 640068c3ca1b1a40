import { describe, expect, it } from 'vitest';
import { FOUNDER_CODE } from './support/people-data.js';
import { newPerson, registerFounder } from './support/people.js';
import { failRegistrationsOf } from './support/server-error.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/** The value this database session was marked with, or '' (a database opened afresh). */
async function markOf(server: TestServer): Promise<string> {
  const [row] = await server.db.query<{ mark: string | null }>(
    `SELECT current_setting('doers.pool_mark', true) AS mark`,
  );
  return row?.mark ?? '';
}

// Opening a migrated PGlite is most of a test server's start: the pool exists so that each one
// is opened once per worker and handed on, emptied, from server to server.
describe.skipIf(Boolean(process.env['DATABASE_URL']))('the pool of test databases', () => {
  it('hands the same database, emptied, to server after server', async () => {
    const first = await startTestServer();
    await first.db.query(`SELECT set_config('doers.pool_mark', 'lent before', false)`);
    await registerFounder(first);
    await first.close();
    // Rows written and truncated move the catalogue's rows about: the database must still be
    // recognised as the template's shape each time it comes back, not only the first.
    for (let round = 0; round < 3; round += 1) {
      const server = await startTestServer();
      try {
        expect(await markOf(server), `round ${round}`).toBe('lent before');
        const [users] = await server.db.query<{ count: number }>(
          'SELECT count(*)::int AS count FROM users',
        );
        expect(users?.count).toBe(0);
        await registerFounder(server);
      } finally {
        await server.close();
      }
    }
  });

  it('never lends on a database a test added a constraint to', async () => {
    const altered = await startTestServer();
    await altered.db.query(`SELECT set_config('doers.pool_mark', 'altered', false)`);
    await failRegistrationsOf(altered, 'refused_here');
    await altered.close();

    const next = await startTestServer();
    try {
      expect(await markOf(next)).not.toBe('altered');
      const res = await next.request('POST', '/api/auth/register', {
        body: newPerson({ username: 'refused_here', inviteCode: FOUNDER_CODE }),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    } finally {
      await next.close();
    }
  });
});

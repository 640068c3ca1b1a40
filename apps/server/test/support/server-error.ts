import type { TestServer } from './test-server.js';

/**
 * Makes registering `username` fail inside the database with a real CHECK violation, which the
 * server does not expect: a 500 whose error carries PostgreSQL's `detail`, "Failing row contains
 * (…)", with every value of the row, the new password's hash among them.
 */
export async function failRegistrationsOf(server: TestServer, username: string): Promise<void> {
  await server.db.query(
    `ALTER TABLE users ADD CONSTRAINT test_refused_username CHECK (username <> '${username}')`,
  );
}

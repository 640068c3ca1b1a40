/**
 * PGlite in a thread of its own (pglite-thread.ts starts it): the server's thread answers HTTP
 * and computes while the database works, on the machine's other core.
 *
 * Requests are answered one at a time, in the order they came: the thread that sends them
 * decides what may run between a transaction's statements (database.ts).
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { parentPort, workerData } from 'node:worker_threads';
import { preparedRunner } from './pglite-runner.js';
import type { Reply, Request, Start } from './pglite-thread.js';

const port = parentPort!;
const start = workerData as Start;

// No dataDir means in memory: what the test suites use. pg_trgm ships with PGlite as a contrib
// extension: loading it here makes it available, and migration 011 creates it (search).
const db = await PGlite.create({
  ...(start.dataDir ? { dataDir: start.dataDir } : {}),
  ...(start.template ? { loadDataDir: new Blob([start.template]) } : {}),
  extensions: { pg_trgm },
});
// Prepared statements keep one generic plan: by default PostgreSQL re-plans a statement whose
// parameters can fold away (`$3 IS NULL OR …`, `= ANY($1)`) on every run, which on PGlite costs
// more than running it (a quest page: 545 → 1,247 req/s in `npm run bench`).
await db.exec('SET plan_cache_mode = force_generic_plan');
const run = preparedRunner(db);

async function answer(request: Request): Promise<Reply> {
  switch (request.op) {
    case 'query':
      return { id: request.id, rows: await run(request.sql, request.params) };
    case 'exec': {
      // Simple protocol: VACUUM may not run as a prepared statement; COMMIT says whether it
      // rolled back instead.
      const [result] = await db.exec(request.sql);
      return {
        id: request.id,
        rows: (result?.rows ?? []) as Record<string, unknown>[],
        command: (result as { command?: string } | undefined)?.command,
      };
    }
    case 'dump': {
      const file = await db.dumpDataDir('none');
      return { id: request.id, dump: await file.arrayBuffer() };
    }
    case 'close':
      await db.close();
      return { id: request.id, rows: [] };
  }
}

let queue = Promise.resolve();
port.on('message', (request: Request) => {
  queue = queue.then(async () => {
    let reply: Reply;
    try {
      reply = await answer(request);
    } catch (error) {
      // A DatabaseError's fields (code, constraint, detail…) are its own properties.
      const e = error as Error;
      reply = { id: request.id, error: { ...e, name: e.name, message: e.message } };
    }
    port.postMessage(reply, 'dump' in reply ? [reply.dump] : []);
  });
});
port.postMessage({ id: 0, rows: [] } satisfies Reply);

/**
 * PGlite in a thread of its own (pglite-thread.ts starts it): the server's thread answers HTTP,
 * builds requests and parses rows (pglite-runner.ts) while the database works, on the machine's
 * other core.
 *
 * Requests are answered one at a time, in the order they came: the thread that sends them
 * decides what may run between a transaction's statements (database.ts).
 */
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { parentPort, workerData } from 'node:worker_threads';
import { concat, type ArrayType } from './pglite-runner.js';
import type { Reply, Request, Start } from './pglite-thread.js';

const port = parentPort!;
const start = workerData as Start;

// No dataDir means in memory: what the test suites use. pg_trgm ships with PGlite as a contrib
// extension: loading it here makes it available, and migration 011 creates it (search).
const db = await PGlite.create({
  ...(start.dataDir ? { dataDir: start.dataDir } : {}),
  ...(start.template ? { loadDataDir: new Blob([start.template]) } : {}),
  extensions: { pg_trgm },
}).catch((error: unknown) => {
  // Said as the first answer; thrown from here it would reach the server as "a promise
  // rejected" with no reason (PGlite's file system errors are not Errors).
  const errno = (error as { errno?: number } | null)?.errno;
  const reason =
    error instanceof Error
      ? error.message
      : `file system error ${errno ?? String(error)} (is it a directory this process may write?)`;
  const message = `PGlite could not open ${start.dataDir ?? 'its database in memory'}: ${reason}`;
  port.postMessage({ id: 0, error: { name: 'Error', message } } satisfies Reply);
  return process.exit(1);
});
// Prepared statements keep one generic plan: by default PostgreSQL re-plans a statement whose
// parameters can fold away (`$3 IS NULL OR …`, `= ANY($1)`) on every run, which on PGlite costs
// more than running it (docs/decisions/0001-embedded-postgres-by-default.md, "Plans and upkeep").
await db.exec('SET plan_cache_mode = force_generic_plan');
// The server's thread parses rows as PGlite would (pglite-runner.ts), array types included.
const { rows: arrayTypes } = await db.query<ArrayType>(
  `SELECT b.oid, b.typarray FROM pg_catalog.pg_type a
     JOIN pg_catalog.pg_type b ON b.oid = a.typelem
    WHERE a.typcategory = 'A' GROUP BY b.oid, b.typarray`,
);

/** The bytes of PGlite's answer to the bytes of a request, not parsed here. */
async function raw(request: Uint8Array): Promise<ArrayBuffer> {
  const chunks: Uint8Array[] = [];
  await db.execProtocolRawStream(request, {
    syncToFs: false,
    // A view into PGlite's memory, which the next statement overwrites.
    onRawData: (chunk) => void chunks.push(chunk.slice()),
  });
  return concat(chunks).buffer as ArrayBuffer;
}

async function answer(request: Request): Promise<Reply> {
  switch (request.op) {
    case 'raw':
      return { id: request.id, raw: await raw(new Uint8Array(request.bytes)) };
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
      // Written to the data files first: a copy of them then opens without replaying the log.
      await db.exec('CHECKPOINT');
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
    const transfer = 'dump' in reply ? [reply.dump] : 'raw' in reply ? [reply.raw] : [];
    port.postMessage(reply, transfer);
  });
});
port.postMessage({ id: 0, rows: arrayTypes } satisfies Reply);

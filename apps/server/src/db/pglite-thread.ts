import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { parsersFor, type ArrayType, type Parsers } from './pglite-runner.js';

/** What the database thread starts from. */
export type Start = { dataDir?: string | undefined; template?: ArrayBuffer | undefined };

type Ask =
  | { op: 'raw'; bytes: ArrayBuffer }
  | { op: 'exec'; sql: string }
  | { op: 'dump' }
  | { op: 'close' };

export type Request = { id: number } & Ask;

export type Reply = { id: number } & (
  | { rows: Record<string, unknown>[]; command?: string | undefined }
  | { raw: ArrayBuffer }
  | { dump: ArrayBuffer }
  | { error: { name: string; message: string } & Record<string, unknown> }
);

/**
 * What a PGlite database runs on: a thread of its own, or one the API suites lend from their pool
 * of migrated databases (test/support/pglite-pool.ts).
 */
export type PgliteConnection = Pick<PgliteThread, 'raw' | 'exec' | 'dump' | 'close' | 'parsers'>;

type Waiting = { ok: (reply: Reply) => void; fail: (error: Error) => void };

/**
 * The server's side of PGlite's thread (pglite-worker.ts): each call posts a request and is
 * answered in turn. Database errors come back with their fields (code, constraint…), thrown here
 * with this side's stack.
 */
export class PgliteThread {
  readonly #waiting = new Map<number, Waiting>();
  #next = 1;
  #stopped: Error | null = null;

  private constructor(private readonly worker: Worker) {
    worker.on('message', (reply: Reply) => {
      const waiting = this.#waiting.get(reply.id);
      this.#waiting.delete(reply.id);
      waiting?.ok(reply);
    });
    const stop = (error: Error) => {
      this.#stopped = error;
      for (const w of this.#waiting.values()) w.fail(error);
      this.#waiting.clear();
    };
    worker.on('error', stop);
    worker.on('exit', (code) => stop(new Error(`The database thread stopped (exit code ${code})`)));
  }

  static async start(start: Start): Promise<PgliteThread> {
    const options = { workerData: start, transferList: start.template ? [start.template] : [] };
    const worker = workerFile.pathname.endsWith('.ts')
      ? new Worker(throughTsx(workerFile), { ...options, eval: true })
      : new Worker(workerFile, options);
    const thread = new PgliteThread(worker);
    // Its first message says PGlite is open, with its array types; an error before it, that it
    // could not open.
    const ready = await new Promise<Reply>((ok, fail) => thread.#waiting.set(0, { ok, fail }));
    if ('error' in ready) throw new Error(ready.error.message);
    thread.#parsers = parsersFor('rows' in ready ? (ready.rows as ArrayType[]) : []);
    return thread;
  }

  #parsers: Parsers = {};

  /** How rows are parsed, as PGlite itself would (pglite-runner.ts). */
  get parsers(): Parsers {
    return this.#parsers;
  }

  /** A request's bytes in the wire protocol, answered with the bytes of PGlite's answer. */
  async raw(request: Uint8Array): Promise<Uint8Array> {
    // `concat` made it: its buffer is its own, and moves to the other thread.
    const reply = await this.#call({ op: 'raw', bytes: request.buffer as ArrayBuffer }, [
      request.buffer as ArrayBuffer,
    ]);
    if (!('raw' in reply)) throw new Error('The database thread answered no bytes');
    return new Uint8Array(reply.raw);
  }

  /** Simple protocol, no parameters; answers the command's tag with its rows. */
  exec(sql: string): Promise<{ rows: Record<string, unknown>[]; command?: string | undefined }> {
    return this.#rows({ op: 'exec', sql });
  }

  async dump(): Promise<Blob> {
    const reply = await this.#call({ op: 'dump' });
    if (!('dump' in reply)) throw new Error('The database thread answered no dump');
    return new Blob([reply.dump]);
  }

  /** Whether its thread keeps the process alive (the test suites' pool lets idle ones go). */
  keepAlive(on: boolean): void {
    if (on) this.worker.ref();
    else this.worker.unref();
  }

  async close(): Promise<void> {
    if (this.#stopped) return;
    await this.#call({ op: 'close' });
    await this.worker.terminate();
  }

  async #rows(request: Ask) {
    const reply = await this.#call(request);
    if (!('rows' in reply)) throw new Error('The database thread answered no rows');
    return reply;
  }

  #call(request: Ask, transfer: ArrayBuffer[] = []): Promise<Reply> {
    if (this.#stopped) return Promise.reject(this.#stopped);
    const id = this.#next++;
    const here = new Error();
    return new Promise<Reply>((ok, fail) => {
      this.#waiting.set(id, {
        ok: (reply) => {
          if (!('error' in reply)) return ok(reply);
          const { name, message, ...fields } = reply.error;
          fail(
            Object.assign(new Error(message), fields, { name, stack: rename(here, name, message) }),
          );
        },
        fail,
      });
      this.worker.postMessage({ ...request, id } as Request, transfer);
    });
  }
}

/** Built, it sits beside the server's bundle (build.ts); in the sources, beside this file. */
const workerFile = new URL(
  import.meta.url.endsWith('.ts') ? './pglite-worker.ts' : './pglite-worker.js',
  import.meta.url,
);

/**
 * Run from the TypeScript sources (tests, tsx), the worker is loaded through tsx's API: a loader
 * given to the server's process (`--import tsx`) does not reach its threads on Node 20.
 */
function throughTsx(file: URL): string {
  // Its ES module build: the CommonJS one finds its hooks relative to a script, which this is not.
  const cjs = createRequire(import.meta.url).resolve('tsx/esm/api');
  const api = pathToFileURL(cjs.replace(/\.cjs$/, '.mjs')).href;
  const [fileUrl, apiUrl] = [JSON.stringify(file.href), JSON.stringify(api)];
  return `import(${apiUrl}).then((tsx) => tsx.tsImport(${fileUrl}, ${fileUrl}));`;
}

function rename(here: Error, name: string, message: string): string {
  return `${name}: ${message}${here.stack?.slice(here.stack.indexOf('\n')) ?? ''}`;
}

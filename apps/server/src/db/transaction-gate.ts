/**
 * What may run between the statements of PGlite's one connection (database.ts). Its thread
 * answers requests in the order they are sent, so a statement sent while a transaction is open
 * would run inside it: a lone statement is sent at once unless a run that must be alone (a
 * transaction, closing) is open or waiting, and then after it.
 */
export class TransactionGate {
  /** Runs that must be alone, open or waiting. */
  #alone = 0;
  /** Settles when the last of them has finished. */
  #last: Promise<void> = Promise.resolve();

  /** One request: sent now, or after the runs that must be alone. */
  single<T>(send: () => Promise<T>): Promise<T> {
    return this.#alone === 0 ? send() : this.#last.then(send);
  }

  /** Several requests with nothing else between them, after what was sent before. */
  alone<T>(run: () => Promise<T>): Promise<T> {
    this.#alone++;
    const result = this.#last.then(run);
    this.#last = result.then(
      () => void this.#alone--,
      () => void this.#alone--,
    );
    return result;
  }
}

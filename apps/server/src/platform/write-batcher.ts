/**
 * Group commit for hot writes (docs/decisions/0010-feed-timelines.md, "Writes in batches"): what
 * arrives while a batch is being written waits for the next one, and each batch is written with
 * a few multi-row statements instead of a few statements per write. Idle, a write goes alone at
 * the end of the current turn of the event loop (every request already read by then joins it);
 * busy, batches grow with the load, which is what keeps a single-threaded database ahead of it.
 * Every caller still gets its own answer, or its own error, after its batch has committed; a
 * batch that fails is written again one item at a time, so that only the faulty one fails.
 * Reads that arrive together can go the same way (a check-in's read: progress/quests/quests.repository.ts).
 */
export type BatchResult<Out> = Out | Error;

type Waiting<In, Out> = {
  item: In;
  resolve: (value: Out) => void;
  reject: (error: unknown) => void;
};

export class WriteBatcher<In, Out> {
  #queue: Waiting<In, Out>[] = [];
  #scheduled = false;
  #running = false;

  constructor(
    /** Writes one batch: an answer (or an Error for that item alone) per item, in order. */
    private readonly write: (items: In[]) => Promise<BatchResult<Out>[]>,
    private readonly options: {
      /**
       * Items with the same key never share a batch: the later one waits for the next (a smile
       * and its undo by the same person on the same post, two notifications to one person).
       * Without it, any items do.
       */
      key?: (item: In) => string;
      max: number;
    },
  ) {}

  submit(item: In): Promise<Out> {
    return new Promise<Out>((resolve, reject) => {
      this.#queue.push({ item, resolve, reject });
      this.#schedule();
    });
  }

  #schedule(): void {
    if (this.#scheduled || this.#running) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      void this.#flush();
    });
  }

  async #flush(): Promise<void> {
    const batch = this.#take();
    if (batch.length === 0) return;
    this.#running = true;
    try {
      await this.#write(batch);
    } catch (error) {
      if (batch.length === 1) batch[0]!.reject(error);
      // One item's fault (a row a constraint refuses) must not fail the others with it: the
      // batch's statements wrote nothing, so each is written again alone.
      else for (const w of batch) await this.#write([w]).catch((e: unknown) => w.reject(e));
    } finally {
      this.#running = false;
      if (this.#queue.length > 0) this.#schedule();
    }
  }

  async #write(batch: Waiting<In, Out>[]): Promise<void> {
    const results = await this.write(batch.map((w) => w.item));
    batch.forEach((w, i) => {
      const result = results[i];
      if (result instanceof Error) w.reject(result);
      else if (result === undefined) w.reject(new Error('write batch answered too few items'));
      else w.resolve(result);
    });
  }

  /** The next batch: the oldest waiting items, one per key, at most `max`. */
  #take(): Waiting<In, Out>[] {
    const keys = new Set<string>();
    const batch: Waiting<In, Out>[] = [];
    const rest: Waiting<In, Out>[] = [];
    for (const w of this.#queue) {
      const key = this.options.key?.(w.item);
      if (batch.length < this.options.max && (key === undefined || !keys.has(key))) {
        if (key !== undefined) keys.add(key);
        batch.push(w);
      } else rest.push(w);
    }
    this.#queue = rest;
    return batch;
  }
}

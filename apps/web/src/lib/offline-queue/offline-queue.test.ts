import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { openDB } from 'idb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api-error';
import { createOfflineQueue } from './offline-queue';
import type { QueueItem, QueueItemType, QueueRequest } from './queue-item';
import { indexedDbQueueStore, QUEUE_DB, type QueueStore } from './queue-store';
import { replayQueue, type ReplayDeps } from './replay';
import { sendOrQueue } from './send-or-queue';

const USER = 'user-1';

function smile(postId: string, key = `key-${postId}`): QueueRequest {
  return {
    type: 'smile',
    method: 'POST',
    endpoint: `/posts/${postId}/smile`,
    idempotencyKey: key,
    subject: postId,
  };
}

function item(request: QueueRequest, timestamp: number, extra: Partial<QueueItem> = {}): QueueItem {
  return {
    id: `${request.type}-${timestamp}`,
    type: request.type,
    method: request.method,
    endpoint: request.endpoint,
    data: { body: request.body ?? null, uploads: request.uploads ?? [] },
    idempotencyKey: request.idempotencyKey,
    timestamp,
    retries: 0,
    userId: USER,
    subject: request.subject,
    ...extra,
  };
}

/** The real IndexedDB store, on a fresh in-memory IndexedDB (the store opens it on first use). */
function freshStore(): QueueStore {
  vi.stubGlobal('indexedDB', new IDBFactory());
  return indexedDbQueueStore();
}
afterEach(() => vi.unstubAllGlobals());

interface Recorder {
  sent: { endpoint: string; body: unknown; key: string }[];
  uploads: Blob[];
  stale: QueueItemType[];
}

function replayDeps(
  store: QueueStore,
  answer: (item: QueueItem) => Promise<unknown> = () => Promise.resolve({}),
): ReplayDeps & { log: Recorder } {
  const log: Recorder = { sent: [], uploads: [], stale: [] };
  return {
    log,
    store,
    userId: USER,
    upload: (blob) => {
      log.uploads.push(blob);
      return Promise.resolve({ id: `media-${log.uploads.length}` });
    },
    send: (queued, body) => {
      log.sent.push({ endpoint: queued.endpoint, body, key: queued.idempotencyKey });
      return answer(queued);
    },
    sent: (type) => log.stale.push(type),
  };
}

describe('the IndexedDB store', () => {
  it('keeps items with their files and gives them back oldest first', async () => {
    const store = freshStore();
    const voice = new Blob(['voice'], { type: 'audio/webm' });
    await store.put(item(smile('b'), 20));
    await store.put(
      item(
        {
          ...smile('a'),
          type: 'post',
          uploads: [{ field: 'voiceMediaId', purpose: 'post', blob: voice, mediaId: null }],
        },
        10,
      ),
    );
    const items = await store.all();
    expect(items.map((queued) => queued.timestamp)).toEqual([10, 20]);
    expect(await items[0]!.data.uploads[0]!.blob!.text()).toBe('voice');
    await store.remove(items[0]!.id);
    expect((await store.all()).map((queued) => queued.subject)).toEqual(['b']);
  });

  it('opens the database people already have, with what they queued in it', async () => {
    vi.stubGlobal('indexedDB', new IDBFactory());
    // The layout the first release made (version 1): changing it must migrate these items.
    const old = await openDB(QUEUE_DB, 1, {
      upgrade(db) {
        const store = db.createObjectStore('queue', { keyPath: 'id' });
        store.createIndex('timestamp', 'timestamp');
        store.createIndex('type', 'type');
      },
    });
    await old.put('queue', item(smile('late'), 20));
    await old.put('queue', item(smile('early'), 10));
    old.close();
    const store = indexedDbQueueStore();
    expect((await store.all()).map((queued) => queued.subject)).toEqual(['early', 'late']);
  });
});

describe('replaying the queue', () => {
  it('sends oldest first with each item’s Idempotency-Key, removes them and marks caches stale', async () => {
    const store = freshStore();
    await store.put(item(smile('late'), 30));
    await store.put(item({ ...smile('early'), type: 'hum' }, 10));
    const deps = replayDeps(store);
    const outcome = await replayQueue(deps);
    expect(deps.log.sent.map((sent) => sent.endpoint)).toEqual([
      '/posts/early/smile',
      '/posts/late/smile',
    ]);
    expect(deps.log.sent.map((sent) => sent.key)).toEqual(['key-early', 'key-late']);
    expect(deps.log.stale).toEqual(['hum', 'smile']);
    expect(outcome).toEqual({ sent: 2, dropped: 0, kept: 0, interrupted: false });
    expect(await store.all()).toEqual([]);
  });

  it('uploads the files first and sends their media ids in the body', async () => {
    const store = freshStore();
    const voice = new Blob(['voice'], { type: 'audio/webm' });
    await store.put(
      item(
        {
          ...smile('p'),
          type: 'post',
          endpoint: '/posts',
          body: { visibility: 'public' },
          uploads: [{ field: 'voiceMediaId', purpose: 'post', blob: voice, mediaId: null }],
        },
        1,
      ),
    );
    const deps = replayDeps(store);
    await replayQueue(deps);
    expect(deps.log.sent[0]!.body).toEqual({ visibility: 'public', voiceMediaId: 'media-1' });
  });

  it('never uploads a file twice: a refused send keeps the uploaded id for the next run', async () => {
    const store = freshStore();
    const voice = new Blob(['voice'], { type: 'audio/webm' });
    await store.put(
      item(
        {
          ...smile('c'),
          type: 'comment',
          uploads: [{ field: 'voiceMediaId', purpose: 'comment', blob: voice, mediaId: null }],
        },
        1,
      ),
    );
    let refuse = true;
    const deps = replayDeps(store, () =>
      refuse ? Promise.reject(new ApiError('Busy', 503)) : Promise.resolve({}),
    );
    await replayQueue(deps);
    const [kept] = await store.all();
    expect(kept!.retries).toBe(1);
    expect(kept!.data.uploads[0]).toMatchObject({ mediaId: 'media-1', blob: null });
    refuse = false;
    await replayQueue(deps);
    expect(deps.log.uploads).toHaveLength(1);
    expect(deps.log.sent.map((sent) => sent.body)).toEqual([
      { voiceMediaId: 'media-1' },
      { voiceMediaId: 'media-1' },
    ]);
  });

  it('counts a refusal as a retry, goes on with the next item, and drops an item at 3 failures', async () => {
    const store = freshStore();
    await store.put(item(smile('gone'), 1));
    await store.put(item(smile('fine'), 2));
    const deps = replayDeps(store, (queued) =>
      queued.subject === 'gone'
        ? Promise.reject(new ApiError('Post not found', 404))
        : Promise.resolve({}),
    );
    expect(await replayQueue(deps)).toEqual({ sent: 1, dropped: 0, kept: 1, interrupted: false });
    expect((await store.all()).map((queued) => queued.retries)).toEqual([1]);
    await replayQueue(deps);
    expect((await store.all()).map((queued) => queued.retries)).toEqual([2]);
    expect(await replayQueue(deps)).toEqual({ sent: 0, dropped: 1, kept: 0, interrupted: false });
    expect(await store.all()).toEqual([]);
  });

  it('stops without counting when the line drops or the session ends mid-run', async () => {
    for (const error of [new ApiError('Network error', 0), new ApiError('Session expired', 401)]) {
      const store = freshStore();
      await store.put(item(smile('first'), 1));
      await store.put(item(smile('second'), 2));
      const deps = replayDeps(store, () => Promise.reject(error));
      expect(await replayQueue(deps)).toEqual({ sent: 0, dropped: 0, kept: 0, interrupted: true });
      expect(deps.log.sent).toHaveLength(1);
      expect((await store.all()).map((queued) => queued.retries)).toEqual([0, 0]);
    }
  });

  it('sends only the signed-in person’s items', async () => {
    const store = freshStore();
    await store.put(item(smile('theirs'), 1, { userId: 'someone-else' }));
    await store.put(item(smile('mine'), 2));
    const deps = replayDeps(store);
    await replayQueue(deps);
    expect(deps.log.sent.map((sent) => sent.endpoint)).toEqual(['/posts/mine/smile']);
    expect((await store.all()).map((queued) => queued.userId)).toEqual(['someone-else']);
  });
});

describe('when the queue syncs', () => {
  /** The queue's timers on a hand-moved clock (IndexedDB keeps the real ones). */
  function manualTimers() {
    let now = 0;
    let timers: { at: number; run: () => void }[] = [];
    return {
      setTimer: (run: () => void, ms: number) => {
        const timer = { at: now + ms, run };
        timers.push(timer);
        return timer;
      },
      clearTimer: (timer: unknown) => {
        timers = timers.filter((t) => t !== timer);
      },
      advance(ms: number) {
        now += ms;
        const due = timers.filter((t) => t.at <= now);
        timers = timers.filter((t) => t.at > now);
        for (const t of due) t.run();
      },
    };
  }

  function setup({ online }: { online: boolean }) {
    const store = freshStore();
    const deps = replayDeps(store);
    const timers = manualTimers();
    let clock = 1000;
    const queue = createOfflineQueue({
      store,
      replay: deps,
      currentUserId: () => USER,
      isOnline: () => online,
      now: () => (clock += 1),
      random: () => 'abcdef0123456789',
      setTimer: timers.setTimer,
      clearTimer: timers.clearTimer,
    });
    /** Moves the clock, then waits for the sync it started (if any). */
    const advance = async (ms: number) => {
      timers.advance(ms);
      await queue.settled();
    };
    return { queue, store, log: deps.log, advance };
  }

  it('queues offline, shows the count, and syncs 1 s after reconnecting', async () => {
    const { queue, log, advance } = setup({ online: false });
    const queued = await queue.enqueue(smile('a'));
    await queue.enqueue(smile('b'));
    expect(queued.id).toBe('smile-1001-abcdef01');
    expect(queue.state.getState()).toMatchObject({ online: false, phase: 'idle' });
    expect(queue.state.getState().items).toHaveLength(2);
    expect(log.sent).toEqual([]);

    queue.wentOnline();
    await advance(999);
    expect(log.sent).toEqual([]);
    await advance(1);
    expect(log.sent.map((sent) => sent.endpoint)).toEqual(['/posts/a/smile', '/posts/b/smile']);
    expect(queue.state.getState()).toMatchObject({ items: [], phase: 'synced' });
  });

  it("shows 'All synced!' for 3 s, then hides", async () => {
    const { queue, advance } = setup({ online: false });
    await queue.enqueue(smile('a'));
    queue.wentOnline();
    await advance(1000);
    expect(queue.state.getState().phase).toBe('synced');
    await advance(2999);
    expect(queue.state.getState().phase).toBe('synced');
    await advance(1);
    expect(queue.state.getState().phase).toBe('idle');
  });

  it('reports the count it is syncing while it runs', async () => {
    const { queue, advance } = setup({ online: false });
    await queue.enqueue(smile('a'));
    await queue.enqueue(smile('b'));
    queue.wentOnline();
    const phases: string[] = [];
    queue.state.subscribe((state) => phases.push(`${state.phase}:${state.syncing}`));
    await advance(1000);
    expect(phases).toContain('syncing:2');
  });

  it('sends at once what is queued while online, and at startup', async () => {
    const { queue, store, log } = setup({ online: true });
    await store.put(item(smile('from-last-visit'), 1));
    await queue.reload();
    expect(log.sent.map((sent) => sent.endpoint)).toEqual(['/posts/from-last-visit/smile']);
    await queue.enqueue(smile('now'));
    await queue.settled();
    expect(log.sent.map((sent) => sent.endpoint)).toContain('/posts/now/smile');
  });

  it('a reconnect that drops again within the second sends nothing', async () => {
    const { queue, log, advance } = setup({ online: false });
    await queue.enqueue(smile('a'));
    queue.wentOnline();
    await advance(500);
    queue.wentOffline();
    await advance(2000);
    expect(log.sent).toEqual([]);
    expect(queue.state.getState().items).toHaveLength(1);
  });
});

describe('sending or queueing', () => {
  function queueAt(online: boolean) {
    const store = freshStore();
    return createOfflineQueue({
      store,
      replay: replayDeps(store),
      currentUserId: () => USER,
      isOnline: () => online,
      random: () => 'r',
    });
  }

  it('queues without trying when offline', async () => {
    const queue = queueAt(false);
    const send = vi.fn(() => Promise.resolve('sent'));
    const outcome = await sendOrQueue(queue, smile('a'), send);
    expect(outcome.queued).toBe(true);
    expect(send).not.toHaveBeenCalled();
  });

  it('queues a request that got no answer, and lets a refusal through', async () => {
    const queue = queueAt(true);
    const lost = await sendOrQueue(queue, smile('a'), () =>
      Promise.reject(new ApiError('Network error', 0)),
    );
    expect(lost.queued).toBe(true);
    await expect(
      sendOrQueue(queue, smile('b'), () => Promise.reject(new ApiError('Not found', 404))),
    ).rejects.toThrow('Not found');
    const answered = await sendOrQueue(queue, smile('c'), () => Promise.resolve('ok'));
    expect(answered).toEqual({ queued: false, value: 'ok' });
  });
});

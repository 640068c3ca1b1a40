import { streamEvent, type StreamEvent } from '@doers/contract';

export type ReceivedEvent = { id: string | undefined; event: StreamEvent; at: number };

/**
 * A client of `GET /api/events` as the web app reads it: fetch with the bearer token (and
 * Last-Event-ID to resume), the body parsed as Server-Sent Events, each event checked against
 * the contract.
 */
export type EventStreamClient = {
  status: number;
  headers: Headers;
  /** The next event not yet taken (of that type, skipping others), or a timeout error. */
  next(type?: StreamEvent['type'], timeoutMs?: number): Promise<ReceivedEvent>;
  /** Every event received so far. */
  received: ReceivedEvent[];
  /** The id an SSE client would send back as Last-Event-ID. */
  lastEventId: string | undefined;
  /** Heartbeat comment lines received. */
  comments: number;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
};

export async function openEventStream(
  base: string,
  token: string | undefined,
  lastEventId?: string,
  /** More headers: a proxy's sticky cookie. */
  headers: Record<string, string> = {},
): Promise<EventStreamClient> {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/events`, {
    headers: {
      ...headers,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
    },
    signal: controller.signal,
  });
  const received: ReceivedEvent[] = [];
  let taken = 0;
  const waiters = new Set<() => void>();
  const client: EventStreamClient = {
    status: res.status,
    headers: res.headers,
    received,
    lastEventId,
    comments: 0,
    ended: Promise.resolve(),
    async next(type, timeoutMs = 5000) {
      const until = Date.now() + timeoutMs;
      for (;;) {
        while (taken < received.length) {
          const candidate = received[taken++]!;
          if (!type || candidate.event.type === type) return candidate;
        }
        const left = until - Date.now();
        if (left <= 0) throw new Error(`no ${type ?? 'event'} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.add(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close: () => controller.abort(),
  };
  if (res.status !== 200 || !res.body) return client;

  client.ended = (async () => {
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = parseBlock(block);
          if (!fields) {
            client.comments += 1;
            continue;
          }
          if (fields.id !== undefined) client.lastEventId = fields.id;
          const event = streamEvent.parse(JSON.parse(fields.data));
          if (event.type !== fields.event)
            throw new Error(`event ${fields.event} carries ${event.type}`);
          received.push({ id: fields.id, event, at: performance.now() });
          for (const wake of waiters) wake();
          waiters.clear();
        }
      }
    } catch (error) {
      if (!controller.signal.aborted) throw error;
    } finally {
      for (const wake of waiters) wake();
    }
  })();
  client.ended.catch(() => {});
  return client;
}

function parseBlock(block: string): { id?: string; event: string; data: string } | undefined {
  let id: string | undefined;
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith(':') || line === '') continue;
    const colon = line.indexOf(':');
    const name = line.slice(0, colon);
    const value = line.slice(colon + 1).replace(/^ /, '');
    if (name === 'id') id = value;
    else if (name === 'event') event = value;
    else if (name === 'data') data.push(value);
  }
  return data.length
    ? { ...(id !== undefined ? { id } : {}), event, data: data.join('\n') }
    : undefined;
}

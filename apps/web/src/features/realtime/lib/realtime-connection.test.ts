import type { StreamEvent } from '@doers/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RealtimeConnection } from './realtime-connection';

/** One response of the stream, written byte by byte so every chunk boundary is exercised. */
function serverStream(signal: AbortSignal | null | undefined) {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  signal?.addEventListener('abort', () => controller.error(signal.reason));
  return {
    response: new Response(body, { headers: { 'Content-Type': 'text/event-stream' } }),
    send: (text: string) => {
      for (const byte of new TextEncoder().encode(text)) controller.enqueue(Uint8Array.of(byte));
    },
    end: () => controller.close(),
  };
}

const open: RealtimeConnection[] = [];
afterEach(() => open.splice(0).forEach((connection) => connection.stop()));

function connect() {
  const streams: ReturnType<typeof serverStream>[] = [];
  const headers: Record<string, string>[] = [];
  const events: StreamEvent[] = [];
  const connection = new RealtimeConnection({
    auth: {
      baseUrl: '/api',
      currentTokens: () => ({ accessToken: 'access', refreshToken: 'refresh' }),
      refreshAfter401: () => Promise.resolve(true),
    },
    onEvent: (event) => events.push(event),
    fetch: (_url, init) => {
      const stream = serverStream(init?.signal);
      streams.push(stream);
      headers.push({ ...(init?.headers as Record<string, string>) });
      return Promise.resolve(stream.response);
    },
    minDelayMs: 1,
    maxDelayMs: 1,
  });
  connection.start();
  open.push(connection);
  const stream = async (index: number) => {
    await vi.waitFor(() => expect(streams.length).toBeGreaterThan(index));
    return streams[index]!;
  };
  return { connection, stream, headers, events };
}

const feedNew = (postId: string) => JSON.stringify({ type: 'feed-new', postId });

describe('the realtime stream', () => {
  it('reads events cut anywhere between chunks, with comments, ids and multi-line data', async () => {
    const { connection, stream, events } = connect();
    (await stream(0)).send(
      `id: 1-0\nevent: feed-new\ndata: ${feedNew('café')}\n\n:\n\n` +
        'event: post-changed\ndata: {"type":"post-changed",\ndata: "postId":"p2"}\n\n',
    );
    await vi.waitFor(() => expect(events).toHaveLength(2));
    expect(events).toEqual([
      { type: 'feed-new', postId: 'café' },
      { type: 'post-changed', postId: 'p2' },
    ]);
    // The second event had no id: the last one stays where the next connection resumes.
    expect(connection.lastEventId).toBe('1-0');
  });

  it('keeps an unfinished event until its blank line comes', async () => {
    const { stream, events } = connect();
    const first = await stream(0);
    first.send(`event: feed-new\r\ndata: ${feedNew('p1')}\r\n`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(events).toEqual([]);
    first.send('\r\n');
    await vi.waitFor(() => expect(events).toEqual([{ type: 'feed-new', postId: 'p1' }]));
  });

  it('drops an event whose data is not JSON, not the type its `event:` names, or of no known type', async () => {
    const { stream, events } = connect();
    (await stream(0)).send(
      `event: dm\ndata: ${feedNew('wrong')}\n\nevent: feed-new\ndata: {oops\n\n` +
        `event: toString\ndata: {"type":"toString"}\n\nevent: later-kind\ndata: {}\n\n` +
        `event: feed-new\ndata: ${feedNew('right')}\n\n`,
    );
    await vi.waitFor(() => expect(events).toEqual([{ type: 'feed-new', postId: 'right' }]));
  });

  it('reconnects when the stream ends, sending Last-Event-ID to resume after what it had', async () => {
    const { stream, headers } = connect();
    const first = await stream(0);
    first.send(`id: 7-0\nevent: feed-new\ndata: ${feedNew('p1')}\n\n`);
    first.end();
    await stream(1);
    expect(headers[0]).toEqual({ Accept: 'text/event-stream', Authorization: 'Bearer access' });
    expect(headers[1]).toMatchObject({ 'Last-Event-ID': '7-0' });
  });
});

import type { AuthResponse, StreamEvent } from '@doers/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerFounder } from '../../server/test/support/people.js';
import { postsKit } from '../../server/test/support/posts.js';
import { startTestServer, type TestServer } from '../../server/test/support/test-server.js';
import { createApiClient } from '../src/lib/api-client';
import { createMemoryStorage } from '../src/lib/storage';
import { createTokenStore } from '../src/lib/token-storage';
import { RealtimeConnection } from '../src/features/realtime/lib/realtime-connection';

/**
 * The web app's stream client against a real server: a stale access token is refreshed before
 * it connects, a connection cut mid-stream comes back with Last-Event-ID and loses nothing,
 * stopping it closes the request.
 */
let server: TestServer;
let kit: ReturnType<typeof postsKit>;
const connections: RealtimeConnection[] = [];

beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_FACTOR: '20' });
  kit = postsKit(server);
});
afterAll(async () => {
  for (const c of connections) c.stop();
  await server.close();
});

/** A fetch whose current response body can be cut, as a phone losing its network does. */
function cuttableFetch() {
  const sent: Headers[] = [];
  let cut: (() => void) | undefined;
  const fetchFn: typeof fetch = async (input, init) => {
    sent.push(new Headers(init?.headers));
    const controller = new AbortController();
    init?.signal?.addEventListener('abort', () => controller.abort());
    cut = () => controller.abort();
    return globalThis.fetch(input, { ...init, signal: controller.signal });
  };
  return { fetchFn, sent, cut: () => cut?.() };
}

function connect(auth: AuthResponse, options: { staleToken?: boolean } = {}) {
  const tokens = createTokenStore(createMemoryStorage(), createMemoryStorage());
  const access = auth.tokens.accessToken;
  tokens.setTokens(
    {
      accessToken: options.staleToken ? `${access.slice(0, -4)}xxxx` : access,
      refreshToken: auth.tokens.refreshToken,
    },
    true,
  );
  const api = createApiClient({ baseUrl: `${server.url}/api`, tokens, locks: null });
  const events: StreamEvent[] = [];
  const wire = cuttableFetch();
  const connection = new RealtimeConnection({
    auth: api,
    onEvent: (event) => events.push(event),
    fetch: wire.fetchFn,
    minDelayMs: 20,
    maxDelayMs: 100,
  });
  connections.push(connection);
  connection.start();
  return { connection, events, wire, tokens };
}

async function until(check: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((ok) => setTimeout(ok, 10));
  if (!check()) throw new Error(`never: ${what}`);
}

describe('the web app’s realtime stream', () => {
  it('refreshes a stale access token, then receives the counts and a notification', async () => {
    const author = (await registerFounder(server)).auth;
    const fan = await kit.person();
    const post = await kit.post(author);
    const { events, tokens, wire } = connect(author, { staleToken: true });
    await until(() => events.length > 0, 'the first event');
    expect(events[0]).toMatchObject({ type: 'unread-counts' });
    // It connected with the refreshed token, sent in the header, never in the address.
    expect(tokens.getAccessToken()).not.toBe(author.tokens.accessToken);
    expect(wire.sent.at(-1)?.get('authorization')).toBe(`Bearer ${tokens.getAccessToken()}`);

    await kit.react('PUT', 'smile', fan, post.id);
    await until(() => events.some((e) => e.type === 'notification'), 'the notification');
  });

  it('comes back after a cut with Last-Event-ID and loses nothing', async () => {
    const author = (await registerFounder(server)).auth;
    const fans = [await kit.person(), await kit.person(), await kit.person()];
    const post = await kit.post(author);
    const { connection, events, wire } = connect(author);
    await until(() => events.length > 0, 'the first event');
    await kit.react('PUT', 'smile', fans[0]!, post.id);
    await until(() => events.some((e) => e.type === 'notification'), 'the first smile');
    const requestsBefore = wire.sent.length;

    connection.stop(); // nothing on the wire for a while: events happen meanwhile
    const resumeFrom = connection.lastEventId;
    await kit.react('PUT', 'hum', fans[1]!, post.id);
    await kit.react('PUT', 'smile', fans[2]!, post.id);
    connection.start();
    await until(() => wire.sent.length > requestsBefore, 'a new request');
    expect(wire.sent.at(-1)?.get('last-event-id')).toBe(resumeFrom);
    await until(
      () => events.filter((e) => e.type === 'notification').length === 3,
      'the two missed notifications',
    );
    const kinds = events.flatMap((e) => (e.type === 'notification' ? [e.notification.type] : []));
    expect(kinds).toEqual(['smile', 'hum', 'smile']);

    // A cut in the middle of the stream: it reconnects by itself, again from where it was.
    const cutAt = wire.sent.length;
    wire.cut();
    await until(() => wire.sent.length > cutAt, 'a reconnection after the cut');
    expect(wire.sent.at(-1)?.get('last-event-id')).toBe(connection.lastEventId);
  });

  it('stops for good when the session is over', async () => {
    const person = (await registerFounder(server)).auth;
    const { connection, events, wire, tokens } = connect(person);
    await until(() => events.length > 0, 'the first event');
    await server.request('POST', '/api/auth/logout', {
      body: { refreshToken: person.tokens.refreshToken },
    });
    // The stream is closed by the server; the reconnection is refused, the refresh too.
    await until(() => tokens.getAccessToken() === null, 'the tokens cleared');
    const tries = wire.sent.length;
    await new Promise((ok) => setTimeout(ok, 300));
    expect(wire.sent.length).toBe(tries);
    connection.stop();
  });
});

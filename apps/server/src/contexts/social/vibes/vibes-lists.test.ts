import type { AuthResponse, VibeEntryPage, VibingWithList } from '@doers/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerFounder } from '../../../../test/support/people.js';
import { startTestServer, type TestServer } from '../../../../test/support/test-server.js';

/** The lists of /vibes (docs/product/vibes.md): whom I vibe with, vibes received and sent. */
describe('vibe lists', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ RATE_LIMIT_FACTOR: '20' });
  });
  afterAll(() => server.close());

  const as = (auth: AuthResponse) => ({ token: auth.tokens.accessToken });
  /** Sends a vibe a second after the last one: "newest first" is the server clock's order. */
  const vibe = async (from: AuthResponse, to: AuthResponse, vibeReason = 'inspired') => {
    server.clock.advance({ seconds: 1 });
    const res = await server.request('POST', '/api/vibes', {
      ...as(from),
      body: { targetUserId: to.user.id, vibeReason },
    });
    expect(res.status).toBe(201);
  };
  const vibing = (auth: AuthResponse, query = '') =>
    server.request<VibingWithList>('GET', `/api/vibes/vibing${query}`, as(auth));
  const entries = (auth: AuthResponse, which: 'received' | 'sent', query = '') =>
    server.request<VibeEntryPage>('GET', `/api/vibes/${which}${query}`, as(auth));
  const people = async (n: number) =>
    Promise.all(Array.from({ length: n }, async () => (await registerFounder(server)).auth));

  it('lists whom I vibe with newest first, with whether they vibe back, a page at a time', async () => {
    const [me, first, second] = await people(3);
    await vibe(me!, first!);
    await vibe(me!, second!);
    await vibe(first!, me!);

    const all = await vibing(me!);
    expect(all.status).toBe(200);
    expect(all.body.items.map((v) => [v.user.username, v.vibesBack])).toEqual([
      [second!.user.username, false],
      [first!.user.username, true],
    ]);
    const page1 = await vibing(me!, '?limit=1');
    expect(page1.body.items.map((v) => v.user.id)).toEqual([second!.user.id]);
    const page2 = await vibing(me!, `?limit=1&cursor=${page1.body.nextCursor}`);
    expect(page2.body.items.map((v) => v.user.id)).toEqual([first!.user.id]);
    expect(page2.body.nextCursor).toBeNull();

    // Stopping vibing takes them off the list.
    await server.request('DELETE', `/api/vibes/vibing/${second!.user.id}`, as(me!));
    expect((await vibing(me!)).body.items.map((v) => v.user.id)).toEqual([first!.user.id]);
  });

  it('lists vibes received and sent, newest first, with the other person, reason and post', async () => {
    const [me, fan, friend] = await people(3);
    await vibe(fan!, me!, 'motivated');
    await vibe(friend!, me!, 'proud');
    await vibe(me!, friend!, 'rooting for you');
    // A second vibe to the same person is a second entry.
    await vibe(fan!, me!, 'inspired');

    const received = await entries(me!, 'received');
    expect(received.status).toBe(200);
    expect(received.body.items.map((v) => [v.user.username, v.vibeReason])).toEqual([
      [fan!.user.username, 'inspired'],
      [friend!.user.username, 'proud'],
      [fan!.user.username, 'motivated'],
    ]);
    expect(received.body.items[0]).toMatchObject({
      postId: null,
      user: { id: fan!.user.id, displayName: fan!.user.displayName, isFounder: true },
    });
    expect(Date.parse(received.body.items[0]!.createdAt)).not.toBeNaN();

    const sent = await entries(me!, 'sent');
    expect(sent.body.items.map((v) => [v.user.username, v.vibeReason])).toEqual([
      [friend!.user.username, 'rooting for you'],
    ]);
    expect((await entries(fan!, 'sent')).body.items.map((v) => v.user.id)).toEqual([
      me!.user.id,
      me!.user.id,
    ]);

    const page1 = await entries(me!, 'received', '?limit=2');
    expect(page1.body.items).toHaveLength(2);
    const page2 = await entries(me!, 'received', `?limit=2&cursor=${page1.body.nextCursor}`);
    expect(page2.body.items.map((v) => v.vibeReason)).toEqual(['motivated']);
    expect(page2.body.nextCursor).toBeNull();
  });

  it('needs a session and a real cursor', async () => {
    expect((await server.request('GET', '/api/vibes/received')).status).toBe(401);
    const [me] = await people(1);
    const bad = await entries(me!, 'sent', '?cursor=nope');
    expect(bad.status).toBe(400);
  });
});

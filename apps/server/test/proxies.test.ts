import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestFrom } from './support/from-address.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/**
 * Rate limits count the client's address. X-Forwarded-For names it only when it comes from a
 * proxy TRUST_PROXY trusts. Each check sends 11 password resets with a bad link (10 per 15
 * minutes per address; each is 400), one forwarded address each.
 */
async function statuses(
  server: TestServer,
  forwardedFor: (i: number) => string,
  from = '127.0.0.1',
): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < 11; i++) {
    const res = await requestFrom(server.url, from, 'POST', '/api/auth/reset-password', {
      headers: { 'x-forwarded-for': forwardedFor(i) },
      body: { token: `not-a-real-token-${i}`, newPassword: 'a fine new password 2026' },
    });
    out.push(res.status);
  }
  return out;
}
const limitedAtTheEnd = [...Array<number>(10).fill(400), 429];
const neverLimited = Array<number>(11).fill(400);

describe('X-Forwarded-For without TRUST_PROXY', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('changes nothing: the peer is counted', async () => {
    expect(await statuses(server, (i) => `203.0.113.${i}`)).toEqual(limitedAtTheEnd);
  });
});

describe('X-Forwarded-For with TRUST_PROXY naming the proxies', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: '10.0.0.0/8,127.0.0.2' });
  });
  afterAll(() => server.close());

  it('from a peer that is not one of them changes nothing', async () => {
    expect(await statuses(server, (i) => `203.0.113.${i}`)).toEqual(limitedAtTheEnd);
  });

  it('from one of them names the client', async () => {
    expect(await statuses(server, (i) => `198.51.100.${i}`, '127.0.0.2')).toEqual(neverLimited);
    expect(await statuses(server, () => '198.51.100.200', '127.0.0.2')).toEqual(limitedAtTheEnd);
  });
});

describe('X-Forwarded-For with TRUST_PROXY=1', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: '1' });
  });
  afterAll(() => server.close());

  it('names the client by the entry the proxy added, not what the client wrote before it', async () => {
    expect(await statuses(server, (i) => `192.0.2.${i}, 203.0.113.${i}`)).toEqual(neverLimited);
    expect(await statuses(server, (i) => `192.0.2.${i}, 203.0.113.77`)).toEqual(limitedAtTheEnd);
  });

  it('counts IPv6 clients by their /64', async () => {
    expect(await statuses(server, (i) => `2001:db8:0:1::${i + 1}`)).toEqual(limitedAtTheEnd);
    expect(await statuses(server, (i) => `2001:db8:0:${i + 2}::1`)).toEqual(neverLimited);
  });
});

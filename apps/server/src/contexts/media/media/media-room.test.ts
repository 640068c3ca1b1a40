import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { fetchFile, traces, upload } from '../../../../test/support/media.js';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { png } from '../../../../test/support/media-files.js';
import { registerFounder } from '../../../../test/support/people.js';
import { startTestServer, type TestServer } from '../../../../test/support/test-server.js';

// Uploads wait on the server's disk until something uses them; how much may wait is bounded per
// person and in all, and nothing is taken while the disk is short (docs/product/media.md).

const KB = 1024;

/** A real PNG of noise, which no compression shrinks: about 3 bytes a pixel. */
const noise = (side: number) =>
  sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png()
    .toBuffer();
const PAUSED =
  'Uploads are paused for a while: the server is short of space. Please try again later.';

const servers: TestServer[] = [];
async function serverWith(env: Record<string, string>) {
  const server = await startTestServer({ RATE_LIMIT_FACTOR: '20', ...env });
  servers.push(server);
  const person = async () => (await registerFounder(server)).auth.tokens.accessToken;
  /** Starts a resumable upload of `length` bytes, as tus-js-client does; its answer. */
  const reserve = async (token: string, length: number) => {
    const res = await fetch(`${server.url}/api/media/uploads`, {
      method: 'POST',
      headers: {
        'tus-resumable': '1.0.0',
        authorization: `Bearer ${token}`,
        'upload-length': String(length),
      },
    });
    return { status: res.status, location: res.headers.get('location'), text: await res.text() };
  };
  const cancel = (token: string, location: string) =>
    fetch(server.url + location, {
      method: 'DELETE',
      headers: { 'tus-resumable': '1.0.0', authorization: `Bearer ${token}` },
    });
  return { server, person, reserve, cancel };
}
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
});
afterAll(async () => {
  for (const server of servers.splice(0)) await server.close();
});

describe('room for uploads waiting to be used', () => {
  it("a person's waiting uploads are bounded; cancelling, posting or an hour frees the room", async () => {
    const { server, person, reserve, cancel } = await serverWith({
      MEDIA_WAITING_MB_PER_PERSON: '1',
    });
    const [maya, omar] = [await person(), await person()];
    // A resumable upload takes its declared size at once, before any byte arrives.
    const big = await reserve(maya, 1000 * KB);
    expect(big.status, big.text).toBe(201);
    const more = await reserve(maya, 100 * KB);
    expect(more.status).toBe(429);
    expect(more.text).toContain(
      'You have 1 MB of uploads waiting to be used: post them, or wait an hour for the unused ones to be cleared.',
    );
    const photo = await noise(200); // ~120 KB
    const refused = await upload(server, maya, 'post', photo);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('3600');
    // Someone else's room is their own.
    expect((await upload(server, omar, 'post', photo)).status).toBe(201);

    expect((await cancel(maya, big.location!)).status).toBe(204);
    const taken = await upload(server, maya, 'post', photo);
    expect(taken.status, JSON.stringify(taken.body)).toBe(201);

    // An upload nothing uses is gone within the hour, its room with it.
    server.clock.advance({ minutes: 59 });
    await server.app.jobs.run('media.removeAbandoned');
    expect((await fetchFile(server, taken.body.url)).status).toBe(200);
    server.clock.advance({ minutes: 2 });
    await server.app.jobs.run('media.removeAbandoned');
    expect((await fetchFile(server, taken.body.url)).status).toBe(404);
  });

  it("refuses every upload once everyone's waiting uploads reach the server's bound (507)", async () => {
    const { server, person, reserve } = await serverWith({ MEDIA_WAITING_MB_TOTAL: '1' });
    const [maya, omar] = [await person(), await person()];
    expect((await reserve(maya, 1000 * KB)).status).toBe(201);
    const refused = await upload(server, omar, 'post', await noise(200));
    expect(refused.status).toBe(507);
    expect(refused.body.message).toBe(PAUSED);
    const reserved = await reserve(omar, 100 * KB);
    expect(reserved.status).toBe(507);
    expect(reserved.text).toContain(PAUSED);
  });

  it('takes nothing while the disk holding DATA_DIR is short of space (MEDIA_MIN_FREE_MB)', async () => {
    // More free space than any disk here has: the server believes its disk is full.
    const { server, person, reserve } = await serverWith({ MEDIA_MIN_FREE_MB: '1000000000' });
    const maya = await person();
    const refused = await upload(server, maya, 'post', await png(40, 40));
    expect(refused.status).toBe(507);
    expect(refused.body.message).toBe(PAUSED);
    expect((await reserve(maya, 10 * KB)).status).toBe(507);
    expect(await traces(server)).toMatchObject({ rows: 0, stored: 0, temp: 0, resumable: 0 });
  });
});

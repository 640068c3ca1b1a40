import type { AuthResponse, DmMessage, Media } from '@doers/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dmsKit, voiceNote } from '../../server/test/support/dms.js';
import { startTestServer, type TestServer } from '../../server/test/support/test-server.js';
import { createDmSender, type DmTransport } from '../src/features/dms/lib/dm-sender';

/**
 * Sending a voice message over a bad connection, against a real server: a failed upload is
 * uploaded again, a failed send reuses the finished upload, and a send whose answer was lost
 * comes back as the same message, never a second one.
 */
let server: TestServer;
let kit: ReturnType<typeof dmsKit>;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_FACTOR: '20' });
  kit = dmsKit(server);
});
afterAll(() => server.close());

/** The app's two requests, by fetch, with switches that break them as a dropped line would. */
function flakyTransport(auth: AuthResponse) {
  const headers = { authorization: `Bearer ${auth.tokens.accessToken}` };
  const calls = { uploads: 0, sends: 0 };
  const breaks = { uploadBefore: 0, sendBefore: 0, sendAnswerLost: 0 };
  const transport: DmTransport = {
    async upload(blob) {
      calls.uploads += 1;
      if (breaks.uploadBefore-- > 0) throw new TypeError('Network error');
      const form = new FormData();
      form.append('file', blob, 'voice.webm');
      const res = await fetch(`${server.url}/api/media?purpose=dm`, {
        method: 'POST',
        headers,
        body: form,
      });
      expect(res.status).toBe(201);
      return (await res.json()) as Media;
    },
    async send(conversationId, voiceMediaId, key) {
      calls.sends += 1;
      if (breaks.sendBefore-- > 0) throw new TypeError('Network error');
      const res = await fetch(`${server.url}/api/dms/${conversationId}/messages`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': key },
        body: JSON.stringify({ voiceMediaId }),
      });
      // The server has answered; the phone never hears it.
      if (breaks.sendAnswerLost-- > 0) throw new TypeError('Network error');
      expect(res.status).toBe(201);
      return (await res.json()) as DmMessage;
    },
  };
  return { transport, calls, breaks };
}

describe('sending a recording over a bad connection', () => {
  it('tries again without recording again, and never sends one recording twice', async () => {
    const [maya, leo] = [await kit.person(), await kit.person()];
    const id = await kit.conversation(maya, leo);
    const { transport, calls, breaks } = flakyTransport(maya);
    const { send } = createDmSender(transport);
    const recording = new Blob([new Uint8Array(await voiceNote(1))], { type: 'audio/webm' });

    breaks.uploadBefore = 1;
    await expect(send(id, recording)).rejects.toThrow('Network error');
    breaks.sendBefore = 1;
    await expect(send(id, recording)).rejects.toThrow('Network error');
    breaks.sendAnswerLost = 1;
    await expect(send(id, recording)).rejects.toThrow('Network error');
    const sent = await send(id, recording);

    // Two uploads (the first never arrived), three sends with one key, one message.
    expect(calls).toEqual({ uploads: 2, sends: 3 });
    expect(sent.mine).toBe(true);
    expect((await kit.messages(leo, id)).items.map((m) => m.id)).toEqual([sent.id]);

    // A new recording is a new message.
    const next = new Blob([new Uint8Array(await voiceNote(1))], { type: 'audio/webm' });
    const second = await send(id, next);
    expect(second.id).not.toBe(sent.id);
    expect((await kit.messages(leo, id)).items).toHaveLength(2);
  });
});

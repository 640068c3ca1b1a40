import type { AuthResponse, Post } from '@doers/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { RETRIES } from '../../../platform/jobs.js';
import { fetchFile } from '../../../../test/support/media.js';
import { postsKit } from '../../../../test/support/posts.js';
import { startTestServer, type TestServer } from '../../../../test/support/test-server.js';
import { startTranscriptionStandIn } from '../../../../test/support/transcription-stand-in.js';
import { TRANSCRIBE_JOB } from './transcription.service.js';

const KEY = 'sk-stand-in-secret-key';
const HEARD = { text: 'Words the stand-in heard', source: 'server', editedBy: null };

describe('transcription: the server’s engine through its port (an OpenAI-compatible stand-in)', () => {
  let engine: Awaited<ReturnType<typeof startTranscriptionStandIn>>;
  let server: TestServer;
  let kit: ReturnType<typeof postsKit>;
  let author: AuthResponse;
  const logs: string[] = [];
  beforeAll(async () => {
    engine = await startTranscriptionStandIn();
    server = await startTestServer(
      {
        RATE_LIMIT_FACTOR: '20',
        LOG_LEVEL: 'info',
        TRANSCRIBE_URL: `${engine.url}/`,
        TRANSCRIBE_API_KEY: KEY,
        TRANSCRIBE_MODEL: 'base.en',
        TRANSCRIBE_TIMEOUT_MS: '300',
      },
      { logs },
    );
    kit = postsKit(server);
    author = await kit.person();
  });
  afterAll(async () => {
    await server?.close();
    await engine?.close();
  });
  beforeEach(() => engine.reset());

  /** A new post without the device's words, once every queued job has run. */
  const posted = async (): Promise<Post> => {
    const post = await kit.post(author);
    await server.app.jobs.drain();
    return post;
  };
  const transcriptOf = async (post: Post) => {
    const res = await kit.call<Post>('GET', `/posts/${post.id}`, author);
    expect(res.status).toBe(200);
    return res.body.voice.transcript;
  };

  it('sends the stored note as multipart `file` with the model and the key, and keeps the words', async () => {
    const post = await posted();
    expect(engine.requests).toHaveLength(1);
    const [sent] = engine.requests;
    expect(sent!.method).toBe('POST');
    expect(sent!.path).toBe('/v1/audio/transcriptions');
    expect(sent!.authorization).toBe(`Bearer ${KEY}`);
    expect(sent!.fields).toEqual({ model: 'base.en', response_format: 'json' });
    const stored = await fetchFile(server, post.voice.url, { token: author.tokens.accessToken });
    expect(sent!.file).toEqual({
      name: `${post.voice.id}.m4a`,
      type: 'audio/mp4',
      bytes: stored.bytes,
    });
    expect(await transcriptOf(post)).toEqual(HEARD);
    // The kept feed page shows the words too.
    expect((await kit.feed(author)).items[0]!.voice.transcript).toEqual(HEARD);
    expect(logs.join('\n')).not.toContain(KEY);
  });

  it('tries again after a 500, and keeps the words of the try that worked', async () => {
    engine.answer({ status: 500 });
    const post = await posted();
    expect(engine.requests).toHaveLength(2);
    expect(await transcriptOf(post)).toEqual(HEARD);
  });

  it('gives up after the last try timed out: no transcript, the post as it was', async () => {
    engine.answer(...Array.from({ length: RETRIES.limit + 1 }, () => 'hang' as const));
    const post = await posted();
    expect(engine.requests).toHaveLength(RETRIES.limit + 1);
    expect(await transcriptOf(post)).toBeNull();
    const again = await kit.call<Post>('GET', `/posts/${post.id}`, author);
    expect({ ...again.body, voice: { ...again.body.voice, url: '' } }).toEqual({
      ...post,
      voice: { ...post.voice, url: '' },
    });
    expect(logs.join('\n')).not.toContain(KEY);
  });

  it('a refusal (400) is not tried again and leaves no transcript', async () => {
    engine.answer({ status: 400 });
    const post = await posted();
    expect(engine.requests).toHaveLength(1);
    expect(await transcriptOf(post)).toBeNull();
  });

  it('a job delivered again, or a note with the device’s words, asks the engine nothing', async () => {
    const post = await posted();
    expect(engine.requests).toHaveLength(1);
    await server.app.jobs.enqueue(TRANSCRIBE_JOB, { mediaId: post.voice.id });
    await server.app.jobs.drain();
    expect(engine.requests).toHaveLength(1);
    expect(await transcriptOf(post)).toEqual(HEARD);

    const spoken = await kit.post(author, { transcript: 'Said on my phone' });
    await server.app.jobs.drain();
    expect(engine.requests).toHaveLength(1);
    expect((await transcriptOf(spoken))?.text).toBe('Said on my phone');
  });
});

import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {
  ApiErrorBody,
  AuthResponse,
  Comment,
  CreatePostRequest,
  Post,
  PostPage,
  ReactionState,
  User,
} from '@doers/contract';
import { afterAll, beforeAll, expect } from 'vitest';
import { upload } from './media.js';
import { jpegWithGps, recorderWebm } from './media-files.js';
import { registerFounder } from './people.js';
import { startTestServer, type TestResponse, type TestServer } from './test-server.js';

let voice: Promise<Buffer> | undefined;
/** A one-second voice note as Chromium records it, made once per test file. */
function voiceBytes(): Promise<Buffer> {
  voice ??= mkdtemp(join(tmpdir(), 'doers-posts-')).then(async (dir) =>
    readFile(await recorderWebm(dir, 1)),
  );
  return voice;
}

/** People who post, vibe, smile, hum and comment through the real API. */
export function postsKit(server: TestServer) {
  const as = (auth: AuthResponse, headers: Record<string, string> = {}) => ({
    token: auth.tokens.accessToken,
    headers,
  });
  const call = <T>(
    method: string,
    path: string,
    auth: AuthResponse,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<TestResponse<T & ApiErrorBody>> =>
    server.request<T & ApiErrorBody>(method, `/api${path}`, {
      ...as(auth, headers),
      ...(body !== undefined ? { body } : {}),
    });

  const kit = {
    call,
    async person(): Promise<AuthResponse> {
      return (await registerFounder(server)).auth;
    },
    async vibe(from: AuthResponse, to: AuthResponse, postId?: string): Promise<void> {
      const res = await call('POST', '/vibes', from, {
        targetUserId: to.user.id,
        vibeReason: 'inspired',
        ...(postId ? { postId } : {}),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    },
    async mutual(a: AuthResponse, b: AuthResponse): Promise<void> {
      await kit.vibe(a, b);
      await kit.vibe(b, a);
    },
    async uploadVoice(auth: AuthResponse, purpose: 'post' | 'comment' = 'post'): Promise<string> {
      const res = await upload(server, auth.tokens.accessToken, purpose, await voiceBytes(), {
        filename: 'voice.webm',
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.id;
    },
    async uploadPhoto(auth: AuthResponse): Promise<string> {
      const res = await upload(
        server,
        auth.tokens.accessToken,
        'post',
        await jpegWithGps(320, 240),
      );
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.id;
    },
    /** Posts a voice note (public unless told), a second later than the last one. */
    async post(
      author: AuthResponse,
      input: Partial<CreatePostRequest> = {},
      headers: Record<string, string> = {},
    ): Promise<Post> {
      server.clock.advance({ seconds: 1 });
      const body = {
        voiceMediaId: input.voiceMediaId ?? (await kit.uploadVoice(author)),
        visibility: 'public',
        ...input,
      };
      const res = await call<Post>('POST', '/posts', author, body, headers);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body;
    },
    async feed(reader: AuthResponse, query = ''): Promise<PostPage> {
      const res = await call<PostPage>('GET', `/feed${query}`, reader);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body;
    },
    async feedIds(reader: AuthResponse): Promise<string[]> {
      return (await kit.feed(reader, '?limit=50')).items.map((p) => p.id);
    },
    async react(
      method: 'PUT' | 'DELETE',
      what: 'smile' | 'hum',
      auth: AuthResponse,
      postId: string,
    ): Promise<TestResponse<ReactionState & ApiErrorBody>> {
      return call<ReactionState>(method, `/posts/${postId}/${what}`, auth);
    },
    async comment(auth: AuthResponse, postId: string, headers: Record<string, string> = {}) {
      const voiceMediaId = await kit.uploadVoice(auth, 'comment');
      return call<Comment>('POST', `/posts/${postId}/comments`, auth, { voiceMediaId }, headers);
    },
    async stats(auth: AuthResponse): Promise<User['stats']> {
      return (await call<User>('GET', '/users/me', auth)).body.stats;
    },
    async block(blocker: AuthResponse, blocked: AuthResponse): Promise<void> {
      const res = await call('PUT', `/users/${blocked.user.id}/block`, blocker);
      expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    },
  };
  return kit;
}

/**
 * A test server (rate limits ×20) and the posts kit on it, for one file: started before its
 * tests, closed after them.
 */
export function postsServer(): { server: TestServer; kit: ReturnType<typeof postsKit> } {
  let started: { server: TestServer; kit: ReturnType<typeof postsKit> } | undefined;
  beforeAll(async () => {
    const server = await startTestServer({ RATE_LIMIT_FACTOR: '20' });
    started = { server, kit: postsKit(server) };
  });
  afterAll(() => started?.server.close());
  const get = () => {
    if (!started) throw new Error('the posts test server starts before the tests');
    return started;
  };
  return {
    get server() {
      return get().server;
    },
    get kit() {
      return get().kit;
    },
  };
}

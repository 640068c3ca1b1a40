import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {
  AuthResponse,
  Conversation,
  ConversationPage,
  DmMessage,
  DmMessagePage,
  UnreadCounts,
} from '@doers/contract';
import { expect } from 'vitest';
import { upload } from './media.js';
import { recorderWebm } from './media-files.js';
import { postsKit } from './posts.js';
import type { TestServer } from './test-server.js';

const notes = new Map<number, Promise<Buffer>>();
/** A voice note as Chromium records it, `seconds` long, made once per test file. */
export function voiceNote(seconds = 1): Promise<Buffer> {
  let note = notes.get(seconds);
  if (!note) {
    note = mkdtemp(join(tmpdir(), 'doers-dms-')).then(async (dir) =>
      readFile(await recorderWebm(dir, seconds)),
    );
    notes.set(seconds, note);
  }
  return note;
}

/** People who message each other through the real API (and post, vibe, block: postsKit). */
export function dmsKit(server: TestServer) {
  const base = postsKit(server);
  const { call } = base;
  const kit = {
    ...base,
    uploadDm(auth: AuthResponse, seconds = 1) {
      return voiceNote(seconds).then((bytes) =>
        upload(server, auth.tokens.accessToken, 'dm', bytes, { filename: 'voice.webm' }),
      );
    },
    open(auth: AuthResponse, other: AuthResponse) {
      return call<Conversation>('PUT', `/dms/with/${other.user.id}`, auth);
    },
    /** Opens the pair's conversation, which must be allowed; its id. */
    async conversation(auth: AuthResponse, other: AuthResponse): Promise<string> {
      const res = await kit.open(auth, other);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.id;
    },
    /** Sends a one-second voice message, a second after the last one. */
    async send(auth: AuthResponse, conversationId: string, headers: Record<string, string> = {}) {
      server.clock.advance({ seconds: 1 });
      const media = await kit.uploadDm(auth);
      expect(media.status, JSON.stringify(media.body)).toBe(201);
      return call<DmMessage>(
        'POST',
        `/dms/${conversationId}/messages`,
        auth,
        { voiceMediaId: media.body.id },
        headers,
      );
    },
    async list(auth: AuthResponse, query = ''): Promise<ConversationPage> {
      const res = await call<ConversationPage>('GET', `/dms${query}`, auth);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body;
    },
    async messages(auth: AuthResponse, conversationId: string, query = '') {
      const res = await call<DmMessagePage>('GET', `/dms/${conversationId}/messages${query}`, auth);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body;
    },
    async unreadDMs(auth: AuthResponse): Promise<number> {
      return (await call<UnreadCounts>('GET', '/notifications/unread-counts', auth)).body.unreadDMs;
    },
    setWhoCanMessage(auth: AuthResponse, whoCanMessage: string) {
      return call<{ whoCanMessage: string }>('PUT', '/dms/settings', auth, { whoCanMessage });
    },
    async setDmDuration(auth: AuthResponse, seconds: number): Promise<void> {
      await server.db.query('UPDATE users SET limit_dm_duration = $2 WHERE id = $1', [
        auth.user.id,
        seconds,
      ]);
    },
  };
  return kit;
}

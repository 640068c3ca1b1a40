import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AuthResponse, Comment, Media, Post } from '@doers/contract';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

/** The Authorization header of a person signed up through the API. */
export const bearer = (auth: AuthResponse) => ({
  authorization: `Bearer ${auth.tokens.accessToken}`,
});

let voice: Buffer | undefined;
/** A one-second voice note (Opus in WebM, as a browser records), made once with ffmpeg. */
export function voiceNote(): Buffer {
  if (!voice) {
    const file = join(mkdtempSync(join(tmpdir(), 'doers-e2e-voice-')), 'voice.webm');
    execFileSync('ffmpeg', [
      ...['-nostdin', '-v', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=330:duration=1'],
      ...['-c:a', 'libopus', file],
    ]);
    voice = readFileSync(file);
  }
  return voice;
}

/** A one-second voice note uploaded by `auth` for `purpose`, through the API. */
async function uploadVoice(
  request: APIRequestContext,
  auth: AuthResponse,
  purpose: 'post' | 'comment',
): Promise<Media> {
  const upload = await request.post(`/api/media?purpose=${purpose}`, {
    headers: bearer(auth),
    multipart: { file: { name: 'voice.webm', mimeType: 'audio/webm', buffer: voiceNote() } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  return (await upload.json()) as Media;
}

/** A voice comment by `auth` on post `postId`, through the API. */
export async function commentByApi(
  request: APIRequestContext,
  auth: AuthResponse,
  postId: string,
): Promise<Comment> {
  const media = await uploadVoice(request, auth, 'comment');
  const res = await request.post(`/api/posts/${postId}/comments`, {
    headers: bearer(auth),
    data: { voiceMediaId: media.id },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Comment;
}

/** A public voice-only post by `auth`, through the API. */
export async function postByApi(request: APIRequestContext, auth: AuthResponse): Promise<Post> {
  const media = await uploadVoice(request, auth, 'post');
  const res = await request.post('/api/posts', {
    headers: bearer(auth),
    data: { voiceMediaId: media.id, visibility: 'public' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Post;
}

/** Records a few seconds in the composer (Chromium's fake microphone gives a real tone). */
export async function recordVoiceNote(page: Page) {
  await page.getByRole('button', { name: 'Record voice note' }).click();
  await expect(page.getByRole('timer')).toHaveText(/^0:(0[2-9]|[1-5]\d) \/ \d+:\d\d$/, {
    timeout: 10_000,
  });
  await page.getByRole('button', { name: 'Stop recording voice note' }).click();
  await expect(page.getByRole('slider', { name: 'Position in recorded voice note' })).toBeVisible();
}

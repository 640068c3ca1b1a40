import { z } from 'zod';
import { endpoint } from './http.js';
import { transcript } from './transcripts.js';

/**
 * Media: voice notes, photos and videos (docs/product/media.md). A file is uploaded first, on
 * its own, and comes back as a Media object; a post, a comment, a message or the profile then
 * refers to it by id. The server reads the real type from the bytes, transcodes voice to AAC in
 * MP4, re-encodes photos without metadata, and serves every file from `url`.
 */

export const MEDIA_KINDS = ['voice', 'photo', 'video'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

/** What an upload is for: it decides which kinds are taken and the voice duration limit. */
export const MEDIA_PURPOSES = ['post', 'comment', 'dm', 'voice-intro', 'avatar', 'report'] as const;
export type MediaPurpose = (typeof MEDIA_PURPOSES)[number];

export const MEDIA_PURPOSE_KINDS: Record<MediaPurpose, readonly MediaKind[]> = {
  post: ['voice', 'photo', 'video'],
  comment: ['voice'],
  dm: ['voice'],
  'voice-intro': ['voice'],
  avatar: ['photo'],
  /** The reporter's own voice note on a report (docs/product/safety.md). */
  report: ['voice'],
};

const MB = 1024 * 1024;

/**
 * The rules every upload is checked against. A post's voice note may last the author's
 * `limits.postDuration` seconds and a message `limits.dmDuration`; comments, voice intros and a
 * report's note `VOICE_SECONDS_FIXED`.
 */
export const MEDIA_LIMITS = {
  voiceBytes: 20 * MB,
  photoBytes: 16 * MB,
  videoBytes: 100 * MB,
  videoSeconds: 60,
  /** Photos are scaled to fit this many pixels on their longer side. */
  photoMaxSide: 2048,
  /** Profile pictures: a square of at most this side. */
  avatarSide: 1024,
  thumbnailSide: 400,
  /** Images with more pixels than this (width × height) are refused before decoding. */
  maxInputPixels: 8192 * 8192,
} as const;

export const VOICE_SECONDS_FIXED: Record<'comment' | 'voice-intro' | 'report', number> = {
  comment: 60,
  'voice-intro': 60,
  report: 60,
};

/** How many waveform peaks a voice note carries (each 0–1, evenly over its duration). */
export const WAVEFORM_PEAKS = 100;

/** The multipart form field that carries the file of `POST /api/media`. */
export const MEDIA_UPLOAD_FIELD = 'file';

/**
 * The tus endpoint for resumable uploads (large videos), under /api: create with POST here
 * (Authorization header as everywhere; at most MEDIA_LIMITS.videoBytes), resume with HEAD and
 * PATCH on the Location it answers, then call `mediaApi.finishResumable` with the upload id (the
 * last segment of that Location). tus-js-client 4 speaks it.
 */
export const MEDIA_TUS_PATH = '/media/uploads';

export const mediaPurpose = z.enum(MEDIA_PURPOSES, {
  error: `purpose must be one of ${MEDIA_PURPOSES.join(', ')}`,
});

export const media = z.object({
  id: z.string(),
  kind: z.enum(MEDIA_KINDS),
  purpose: mediaPurpose,
  /** The exact type the file is served with: audio/mp4 for voice; image/jpeg or image/webp for
   *  photos; video/mp4 or video/webm for videos (a MOV is re-wrapped as MP4). */
  contentType: z.string(),
  /** Where the file is served (with range requests). For private media it carries a signature
   *  that lets a `<audio>`/`<img>` element fetch it without an Authorization header. */
  url: z.string(),
  /** Photos: a smaller copy (at most MEDIA_LIMITS.thumbnailSide px). */
  thumbnailUrl: z.string().nullable(),
  /** Videos: a JPEG of the first frame. */
  posterUrl: z.string().nullable(),
  /** Bytes of the file at `url`. */
  size: z.number().int(),
  /** Voice and video. */
  durationMs: z.number().int().nullable(),
  /** Voice: WAVEFORM_PEAKS values from 0 to 1. */
  waveform: z.array(z.number()).nullable(),
  /** Photos and videos, as displayed (after rotation). */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** Voice: what was said (transcripts.ts), or null when no transcript was made. */
  transcript: transcript.nullable(),
  createdAt: z.string(),
});
export type Media = z.infer<typeof media>;

export const mediaIdParams = z.object({ id: z.uuid('Not a valid media id') });

export const mediaVariantParams = mediaIdParams.extend({
  variant: z.enum(['thumbnail', 'poster'], { error: 'variant must be thumbnail or poster' }),
});

/** The signature of a private file's URL (both or neither). */
export const mediaFileQuery = z.object({
  exp: z.coerce.number().int().optional(),
  sig: z.string().max(100).optional(),
});

export const uploadMediaQuery = z.object({ purpose: mediaPurpose });

export const finishResumableParams = z.object({
  uploadId: z.string().regex(/^[0-9a-f]{32}$/, 'Not a valid upload id'),
});
export const finishResumableRequest = z.object({ purpose: mediaPurpose });

export const mediaApi = {
  /**
   * multipart/form-data with one file in the field MEDIA_UPLOAD_FIELD (the body is not JSON, so
   * it has no schema here). Answers once the file is checked, transcoded and stored.
   */
  upload: endpoint({
    method: 'POST',
    path: '/media',
    access: 'signed-in',
    query: uploadMediaQuery,
    response: media,
    status: 201,
  }),
  /** A tus upload that has received all its bytes goes through the same checks as `upload`. */
  finishResumable: endpoint({
    method: 'POST',
    path: '/media/uploads/:uploadId/finish',
    access: 'signed-in',
    params: finishResumableParams,
    body: finishResumableRequest,
    response: media,
    status: 201,
    idempotent: true,
  }),
  /** Its owner removes an upload that nothing uses (a re-recorded voice note). */
  remove: endpoint({
    method: 'DELETE',
    path: '/media/:id',
    access: 'signed-in',
    params: mediaIdParams,
    response: null,
  }),
  /** The file itself (binary, with range requests), not JSON: use `Media.url`. */
  file: endpoint({
    method: 'GET',
    path: '/media/:id',
    access: 'optional',
    params: mediaIdParams,
    query: mediaFileQuery,
    response: null,
    status: 200,
  }),
  /** A photo's thumbnail or a video's poster: use `Media.thumbnailUrl` / `posterUrl`. */
  variant: endpoint({
    method: 'GET',
    path: '/media/:id/:variant',
    access: 'optional',
    params: mediaVariantParams,
    query: mediaFileQuery,
    response: null,
    status: 200,
  }),
};

import type { Media, MediaKind } from '@doers/contract';
import type { Clock } from '../../../platform/clock.js';
import { notFound } from '../../../platform/errors.js';
import type { ObjectStorage } from '../../../platform/object-storage.js';
import { accessFactsOf, type MediaAccess, type UrlSigner } from './media-access.js';
import type { MediaRepository, MediaRow, StoredKeys } from './media.repository.js';

// How a stored file reaches a viewer: the URLs the API hands out (signed when private) and the
// check made when one is fetched. Kept apart from intake so what leaks to whom is read in one place.

export type Variant = 'thumbnail' | 'poster';

/** What serving a file needs: its key, type and size, and how it may be cached. */
export type ServedFile = {
  key: string;
  etag: string;
  contentType: string;
  size: number;
  fileName: string;
  isPublic: boolean;
};

// Never served as anything else, whatever a row says: no HTML, no SVG, no script.
const SERVABLE = new Set(['audio/mp4', 'image/jpeg', 'image/webp', 'video/mp4', 'video/webm']);

/** The file extension of each stored type (downloads, the data export). */
export const EXTENSIONS: Record<string, string> = {
  'audio/mp4': 'm4a',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
};

/** Where a public file is served: a stable URL without a signature. */
export const publicMediaUrl = (id: string): string => `/api/media/${id}`;

export const variantOf = (kind: MediaKind): Variant | null =>
  kind === 'photo' ? 'thumbnail' : kind === 'video' ? 'poster' : null;

/** Every stored object of one upload: the file and its thumbnail or poster. */
export const keysOf = (m: StoredKeys): string[] => {
  const variant = variantOf(m.kind);
  return variant ? [m.id, `${m.id}.${variant}`] : [m.id];
};

export class MediaServing {
  constructor(
    private readonly deps: {
      media: MediaRepository;
      storage: ObjectStorage;
      signer: UrlSigner;
      clock: Clock;
      access: MediaAccess;
    },
  ) {}

  /** A signed URL of a file, for viewers its thing's rule lets in (a private profile's intro). */
  signedUrl(id: string): string {
    const { exp, sig } = this.deps.signer.sign(id, this.deps.clock.now());
    return `/api/media/${id}?exp=${exp}&sig=${sig}`;
  }

  /** The Media object as the API answers it; private files get signed URLs. */
  present(row: MediaRow): Media {
    const signed = row.is_public ? null : this.deps.signer.sign(row.id, this.deps.clock.now());
    const query = signed ? `?exp=${signed.exp}&sig=${signed.sig}` : '';
    const variant = variantOf(row.kind);
    const variantUrl =
      row.variant_type && variant ? `/api/media/${row.id}/${variant}${query}` : null;
    return {
      id: row.id,
      kind: row.kind,
      purpose: row.purpose,
      contentType: row.content_type,
      url: `/api/media/${row.id}${query}`,
      thumbnailUrl: variant === 'thumbnail' ? variantUrl : null,
      posterUrl: variant === 'poster' ? variantUrl : null,
      size: Number(row.size_bytes),
      durationMs: row.duration_ms,
      waveform: row.waveform,
      width: row.width,
      height: row.height,
      transcript: row.transcript ?? null,
      createdAt: row.created_at.toISOString(),
    };
  }

  /**
   * The file behind `GET /api/media/:id[/variant]`, when the viewer may see it: a public file, a
   * valid signed URL, or a signed-in viewer the access rules let in. Anything else is "not found",
   * so that a private file's existence is not given away.
   */
  async file(
    id: string,
    variant: Variant | null,
    viewer: { userId: string | null; exp?: number | undefined; sig?: string | undefined },
  ): Promise<ServedFile> {
    const row = await this.deps.media.find(id);
    if (!row) throw notFound('Media not found');
    const facts = accessFactsOf(row);
    // Decided on every request, not when the URL was handed out: a post hidden, deleted or made
    // vibers-only, an account deactivated or a profile made private since then counts at once
    // (and a public answer is cached for minutes only: serve-file.ts).
    const shown = await this.deps.access.shown(facts);
    const allowed =
      shown === 'public' ||
      (shown === 'restricted' &&
        (this.deps.signer.verify(row.id, viewer.exp, viewer.sig, this.deps.clock.now()) ||
          (await this.deps.access.mayView(viewer.userId, facts))));
    if (!allowed) throw notFound('Media not found');
    if (variant && (variant !== variantOf(row.kind) || !row.variant_type)) {
      throw notFound('Media not found');
    }
    const contentType = variant ? row.variant_type! : row.content_type;
    if (!SERVABLE.has(contentType)) throw notFound('Media not found');
    const key = variant ? `${row.id}.${variant}` : row.id;
    return {
      key,
      etag: `"${key}"`,
      contentType,
      size: Number(variant ? row.variant_size : row.size_bytes),
      fileName: `${key.replace('.', '-')}.${EXTENSIONS[contentType]}`,
      isPublic: shown === 'public',
    };
  }

  openFile(key: string, range?: { start: number; end: number }) {
    return this.deps.storage.get(key, range);
  }
}

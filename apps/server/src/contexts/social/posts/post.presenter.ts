import type { Media, PersonSummary, Post, PostCounts } from '@doers/contract';
import type { MediaRow } from '../../media/index.js';
import type { MediaJson, PostCardRow } from './post-card.sql.js';
import type { UnseenCounts } from './post-counts.sql.js';

export type PresentMedia = (row: MediaRow) => Media;

/** A media row read through to_jsonb, as the media module's presenter takes it. */
export function mediaRowOf(json: MediaJson): MediaRow {
  return {
    ...json,
    created_at: new Date(json.created_at),
    attached_at: json.attached_at ? new Date(json.attached_at) : null,
  };
}

export function countsOf(row: {
  smile_count: number;
  hum_count: number;
  vibe_count: number;
  comment_count: number;
}): PostCounts {
  return {
    smiles: row.smile_count,
    hums: row.hum_count,
    vibes: row.vibe_count,
    comments: row.comment_count,
  };
}

/** The counters less what the viewer does not see of them (post-counts.sql.ts). */
export function countsSeen(row: Parameters<typeof countsOf>[0] & UnseenCounts): PostCounts {
  const counts = countsOf(row);
  return {
    ...counts,
    smiles: counts.smiles - row.unseen_smiles,
    hums: counts.hums - row.unseen_hums,
    comments: counts.comments - row.unseen_comments,
  };
}

/** The Post of the contract from a card row (post-card.sql.ts). */
export function presentPost(
  row: PostCardRow,
  viewerId: string,
  present: PresentMedia,
  hummedBy: PersonSummary | null = null,
): Post {
  const isAuthor = row.author_id === viewerId;
  return {
    id: row.id,
    author: row.author,
    quest: row.quest,
    visibility: row.visibility,
    voice: present(mediaRowOf({ ...row.voice, waveform: peaksOf(row.voice_waveform) })),
    attachment: row.attachment ? present(mediaRowOf(row.attachment)) : null,
    counts: countsOf(row),
    viewer: {
      smiled: row.smiled,
      hummed: row.hummed,
      isAuthor,
      canHum: !isAuthor && row.visibility === 'public',
    },
    hummedBy,
    createdAt: row.created_at.toISOString(),
  };
}

/**
 * A waveform sent as comma-separated text (post-card.sql.ts); an empty one has no peaks. The
 * text is PostgreSQL's own output of numbers, so it is read as a JSON array: V8's parser does it
 * faster than splitting and converting each (docs/notes/feed-reads-lab.md).
 */
function peaksOf(text: string | null): number[] | null {
  if (text === null) return null;
  return JSON.parse(`[${text}]`) as number[];
}

import type { PostAuthor, PostVisibility } from '@doers/contract';
import { transcriptOf, type MediaRow } from '../../media/index.js';
import { questVisibleTo } from '../../progress/index.js';
import { unseenCount } from './post-counts.sql.js';

/**
 * Everything a post card shows, as one SELECT list and its joins, for every query that answers
 * posts (a post, a person's posts, the feed, Explore): the post, its author with the halo, the
 * quest chip (only when the viewer may see that quest), the voice and attachment media rows, the
 * counters as the viewer sees them (post-counts.sql.ts) and whether the viewer smiled or hummed
 * (two probes on primary keys).
 *
 *   SELECT ${postCardColumns('p', '$1::uuid')} FROM posts p ${postCardJoins('p')} WHERE …
 *
 * `post` is the alias of a posts row, `viewer` a uuid expression. Present rows with
 * `presentPost` (post.presenter.ts).
 */
export function postCardColumns(post: string, viewer: string): string {
  return `${post}.id, ${post}.author_id, ${post}.visibility, ${post}.created_at,
    ${post}.smile_count - ${unseenCount(post, viewer, 'smiles')} AS smile_count,
    ${post}.hum_count - ${unseenCount(post, viewer, 'hums')} AS hum_count,
    ${post}.vibe_count,
    ${post}.comment_count - ${unseenCount(post, viewer, 'comments')} AS comment_count,
    json_build_object('id', pa.id, 'username', pa.username, 'displayName', pa.display_name,
      'profilePictureUrl', pa.profile_picture_url, 'isFounder', pa.founder_id IS NOT NULL,
      'colorTheme', pa.color_theme, 'haloIntensity', pa.halo_intensity) AS author,
    CASE WHEN pq.id IS NOT NULL AND ${questVisibleTo('pq', viewer)}
      THEN json_build_object('id', pq.id, 'title', pq.title, 'emoji', pq.emoji,
        'streak', ${post}.quest_streak) END AS quest,
    ${mediaWithoutWaveform('pvm')} AS voice, array_to_string(pvm.waveform, ',') AS voice_waveform,
    to_jsonb(pam) AS attachment,
    EXISTS (SELECT 1 FROM smiles ps WHERE ps.post_id = ${post}.id AND ps.user_id = ${viewer}) AS smiled,
    EXISTS (SELECT 1 FROM hums ph WHERE ph.post_id = ${post}.id AND ph.user_id = ${viewer}) AS hummed`;
}

// Every column of a media row but the waveform: to_jsonb of the whole row converts its 100 reals
// one by one, most of a feed page's time on PGlite (docs/notes/feed-reads-lab.md).
const MEDIA_COLUMNS = [
  'id',
  'owner_id',
  'kind',
  'purpose',
  'content_type',
  'size_bytes',
  'duration_ms',
  'width',
  'height',
  'variant_type',
  'variant_size',
  'attached_type',
  'attached_id',
  'is_public',
  'created_at',
  'attached_at',
] as const satisfies readonly Exclude<keyof MediaJson, 'waveform'>[];
/** A voice note's columns and its transcript (transcriptOf), without the waveform. */
function mediaWithoutWaveform(media: string): string {
  const columns = MEDIA_COLUMNS.map((c) => `'${c}', ${media}.${c}`).join(', ');
  return `json_build_object(${columns}, 'transcript', ${transcriptOf(media)})`;
}

export function postCardJoins(post: string): string {
  return `JOIN users pa ON pa.id = ${post}.author_id
    JOIN media pvm ON pvm.id = ${post}.voice_media_id
    LEFT JOIN media pam ON pam.id = ${post}.attachment_media_id
    LEFT JOIN quests pq ON pq.id = ${post}.quest_id`;
}

/** A media row as to_jsonb gives it: its times are strings. */
export type MediaJson = Omit<MediaRow, 'created_at' | 'attached_at'> & {
  created_at: string;
  attached_at: string | null;
};

export type PostCardRow = {
  id: string;
  author_id: string;
  visibility: PostVisibility;
  created_at: Date;
  smile_count: number;
  hum_count: number;
  vibe_count: number;
  comment_count: number;
  author: PostAuthor;
  quest: { id: string; title: string; emoji: string; streak: number } | null;
  /** Without its waveform, which comes as `voice_waveform` (see MEDIA_COLUMNS). */
  voice: Omit<MediaJson, 'waveform'>;
  /**
   * Its peaks as "0.1,0.52,…": node-postgres parses a `real[]` a character at a time, which with
   * the garbage it left was a third of a first feed page's CPU on PostgreSQL; splitting is cheap.
   */
  voice_waveform: string | null;
  attachment: MediaJson | null;
  smiled: boolean;
  hummed: boolean;
};

import type { Interest, PersonSummary, QuestCategory } from '@doers/contract';
import type { Queryable } from '../../../db/database.js';
import { notBlockedBetween } from '../../people/index.js';
import { questVisibleTo } from '../../progress/index.js';
import { postCardColumns, postCardJoins, type PostCardRow } from '../posts/post-card.sql.js';

export type QuestHit = {
  id: string;
  title: string;
  emoji: string;
  category: QuestCategory;
  owner: PersonSummary;
  participantCount: number;
};

/** A post card row read through JSON: its time is a string. */
export type PostCardJson = Omit<PostCardRow, 'created_at'> & { created_at: string };

export type SearchRow = {
  people: PersonSummary[];
  quests: QuestHit[];
  interests: Interest[];
  posts: PostCardJson[];
};

/**
 * The words of a search as a full-text query on transcripts (migration 032): each word must be
 * there, the last as the start of one (one types it still). Only letters and digits are kept, so
 * the query's own syntax never reaches PostgreSQL. Null when nothing is left to look for.
 */
export function transcriptQuery(text: string): string | null {
  const words = text
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu)
    ?.slice(0, 8);
  if (!words) return null;
  return words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(' & ');
}

/**
 * `text` with LIKE's wildcards (`%`, `_`) and its escape (`\`) escaped, so that "50%" or "a_b"
 * match themselves. Queries use `ESCAPE '\'`.
 */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const PERSON = (u: string) =>
  `json_build_object('id', ${u}.id, 'username', ${u}.username, 'displayName', ${u}.display_name,
     'profilePictureUrl', ${u}.profile_picture_url, 'isFounder', ${u}.founder_id IS NOT NULL)`;

// The search text, lower-cased by PostgreSQL (as the indexed columns are), and its LIKE patterns.
const T = 'lower($2::text)';
const EXACT = 'lower($4::text)';
const PREFIX = `${T} || '%'`;
const WORD = `'% ' || ${T} || '%'`;
const CONTAINS = `'%' || ${T} || '%'`;
const like = (column: string, pattern: string) => `${column} LIKE ${pattern} ESCAPE '\\'`;

/*
 * Parameters: $1 viewer, $2 the text with LIKE's wildcards escaped, $3 how many of each kind, $4
 * the text as typed, $5 its words as a full-text query on transcripts (transcriptQuery) or null.
 * Posts: public ones whose transcript holds the words, newest first; the GIN index of migration
 * 032 finds the notes, posts_voice_media_idx their posts. Every match is a LIKE or a word similarity (`<%`, pg_trgm: a misspelt name)
 * on a lower-cased column, each served by the trigram indexes of migration 011. Rank: exact
 * username, then prefixes, then contains, then look-alikes; ties by name then id, so the order is
 * stable.
 */
const SEARCH_SQL = `
SELECT
  COALESCE((SELECT json_agg(x.person ORDER BY x.rank, x.sim DESC, x.uname, x.id) FROM (
    SELECT ${PERSON('u')} AS person, u.id, lower(u.username) AS uname,
           CASE WHEN lower(u.username) = ${EXACT} THEN 0
                WHEN ${like('lower(u.username)', PREFIX)} THEN 1
                WHEN ${like('lower(u.display_name)', PREFIX)}
                  OR ${like('lower(u.display_name)', WORD)} THEN 2
                WHEN ${like('lower(u.username)', CONTAINS)}
                  OR ${like('lower(u.display_name)', CONTAINS)} THEN 3
                ELSE 4 END AS rank,
           word_similarity(${T}, lower(u.display_name)) AS sim
      FROM users u
     WHERE (${like('lower(u.username)', CONTAINS)} OR ${like('lower(u.display_name)', CONTAINS)}
            OR ${T} <% lower(u.display_name) OR ${T} <% lower(u.username))
       AND u.status = 'Active' AND ${notBlockedBetween('$1::uuid', 'u.id')}
     ORDER BY rank, sim DESC, uname, u.id LIMIT $3) x), '[]') AS people,
  COALESCE((SELECT json_agg(x.quest ORDER BY x.rank, x.sim DESC, x.title, x.id) FROM (
    SELECT json_build_object('id', qu.id, 'title', qu.title, 'emoji', qu.emoji,
             'category', qu.category, 'owner', ${PERSON('o')},
             'participantCount', (SELECT count(*)::int FROM quest_participants qp
                                   WHERE qp.quest_id = qu.id AND qp.status = 'active')) AS quest,
           qu.id, lower(qu.title) AS title,
           CASE WHEN ${like('lower(qu.title)', PREFIX)} THEN 0
                WHEN ${like('lower(qu.title)', WORD)} THEN 1
                WHEN ${like('lower(qu.title)', CONTAINS)} THEN 2
                WHEN ${like('lower(qu.description)', CONTAINS)} THEN 3
                ELSE 4 END AS rank,
           word_similarity(${T}, lower(qu.title)) AS sim
      FROM quests qu JOIN users o ON o.id = qu.owner_id
     WHERE (${like('lower(qu.title)', CONTAINS)} OR ${like('lower(qu.description)', CONTAINS)}
            OR ${T} <% lower(qu.title))
       AND qu.status <> 'abandoned' AND o.status = 'Active'
       AND ${notBlockedBetween('$1::uuid', 'qu.owner_id')}
       AND ${questVisibleTo('qu', '$1::uuid')}
     ORDER BY rank, sim DESC, title, qu.id LIMIT $3) x), '[]') AS quests,
  COALESCE((SELECT json_agg(json_build_object('id', x.id, 'label', x.label, 'emoji', x.emoji)
                            ORDER BY x.rank, x.position) FROM (
    SELECT i.id, i.label, i.emoji, i.position,
           CASE WHEN ${like('lower(i.label)', PREFIX)} OR ${like('lower(i.label)', WORD)}
                THEN 0 ELSE 1 END AS rank
      FROM interests i
     WHERE ${like('lower(i.label)', CONTAINS)} OR ${like('i.id', CONTAINS)}
     ORDER BY rank, i.position LIMIT $3) x), '[]') AS interests,
  COALESCE((SELECT json_agg(x ORDER BY x.created_at DESC, x.id DESC) FROM (
    SELECT ${postCardColumns('p', '$1::uuid')}
      FROM transcripts t JOIN posts p ON p.voice_media_id = t.media_id ${postCardJoins('p')}
     WHERE $5::text IS NOT NULL AND to_tsvector('simple', t.text) @@ to_tsquery('simple', $5::text)
       AND p.visibility = 'public' AND p.hidden_at IS NULL AND pa.status = 'Active'
       AND ${notBlockedBetween('$1::uuid', 'p.author_id')}
     ORDER BY p.created_at DESC, p.id DESC LIMIT $3) x), '[]') AS posts`;

/** Search: reads users, quests, interests, blocks, posts and transcripts, writes nothing. */
export class SearchRepository {
  constructor(private readonly db: Queryable) {}

  /**
   * People, quests and interests matching `text` that `viewerId` may see, and public posts that
   * said its words, in one statement.
   */
  async search(viewerId: string, text: string, limit: number): Promise<SearchRow> {
    const rows = await this.db.query<SearchRow>(SEARCH_SQL, [
      viewerId,
      escapeLike(text),
      limit,
      text,
      transcriptQuery(text),
    ]);
    return rows[0] ?? { people: [], quests: [], interests: [], posts: [] };
  }
}

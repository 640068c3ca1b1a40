import { voiceJson, type MediaRow } from '../../media/index.js';
import type { SendFacts } from './dm-rules.js';

// The SQL the dms repository shares between its reads: a conversation as its list and page show
// it, and a message with its voice. Aliases: m = the viewer's dm_members row, c = the
// conversation, v = the viewer, o = the other person, x = a message, md = its media row. A message
// a moderator hid (hidden_at) is gone for both people: not listed, not last, not unread, not heard.

/** The facts of dm-rules.ts, from the viewer `v` and the other person `o`. */
export const SEND_FACTS = `v.limit_dm_duration AS viewer_dm_duration,
  o.username AS other_username, o.status AS other_status,
  o.limit_dm_duration AS other_dm_duration, o.dm_permission AS other_permission,
  EXISTS (SELECT 1 FROM vibing_with vw WHERE vw.user_id = o.id AND vw.target_id = v.id)
    AS other_vibes_with_viewer,
  EXISTS (SELECT 1 FROM blocks b1 WHERE b1.blocker_id = v.id AND b1.blocked_id = o.id)
    AS blocked_by_viewer,
  EXISTS (SELECT 1 FROM blocks b2 WHERE b2.blocker_id = o.id AND b2.blocked_id = v.id)
    AS blocks_viewer`;

/** The conversation `m` of the viewer: the other person, the last message, unread, the facts. */
export const CONVERSATION_COLUMNS = `c.id, c.created_at, m.last_message_at,
  json_build_object('id', o.id, 'username', o.username, 'displayName', o.display_name,
    'profilePictureUrl', o.profile_picture_url, 'isFounder', o.founder_id IS NOT NULL,
    'colorTheme', o.color_theme, 'haloIntensity', o.halo_intensity) AS other,
  (SELECT json_build_object('id', lx.id, 'senderId', lx.sender_id,
       'durationMs', coalesce(lmd.duration_ms, 0), 'createdAt', lx.created_at,
       'listenedAt', lx.listened_at)
     FROM dm_messages lx JOIN media lmd ON lmd.id = lx.voice_media_id
    WHERE lx.conversation_id = c.id AND lx.hidden_at IS NULL
    ORDER BY lx.created_at DESC, lx.id DESC LIMIT 1) AS last,
  (SELECT count(*)::int FROM dm_messages ux
    WHERE ux.conversation_id = c.id AND ux.seq > m.read_seq AND ux.sender_id = m.other_id
      AND ux.hidden_at IS NULL)
    AS unread,
  ${SEND_FACTS}`;

export const CONVERSATION_JOINS = `JOIN dm_conversations c ON c.id = m.conversation_id
  JOIN users v ON v.id = m.user_id JOIN users o ON o.id = m.other_id`;

export type ConversationRow = SendFacts & {
  id: string;
  created_at: Date;
  last_message_at: Date | null;
  other: {
    id: string;
    username: string;
    displayName: string;
    profilePictureUrl: string | null;
    isFounder: boolean;
    colorTheme: string;
    haloIntensity: number;
  };
  last: {
    id: string;
    senderId: string;
    durationMs: number;
    createdAt: string;
    listenedAt: string | null;
  } | null;
  unread: number;
};

/** A message `x` with its voice `md`. */
export const MESSAGE_COLUMNS = `x.id, x.conversation_id, x.sender_id, x.created_at, x.listened_at,
  ${voiceJson('md')} AS voice`;

/** A media row read through to_jsonb: its times are strings. */
export type MediaJson = Omit<MediaRow, 'created_at' | 'attached_at'> & {
  created_at: string;
  attached_at: string | null;
};

export type MessageRow = {
  id: string;
  conversation_id: string;
  sender_id: string;
  created_at: Date;
  listened_at: Date | null;
  voice: MediaJson;
};

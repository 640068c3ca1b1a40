import type { DmPermission } from '@doers/contract';

/**
 * What decides whether the viewer may send to the other person now, read in one statement
 * (dm-sql.ts `sendFactsColumns`) wherever a conversation is shown or a message is sent.
 */
export type SendFacts = {
  viewer_dm_duration: number;
  other_username: string;
  other_status: string;
  other_dm_duration: number;
  other_permission: DmPermission;
  /** The other person vibes with the viewer: what 'vibers' lets through. */
  other_vibes_with_viewer: boolean;
  blocked_by_viewer: boolean;
  blocks_viewer: boolean;
};

/**
 * The one rule of who may message whom (docs/product/messages.md), in words for the screen; null
 * when the viewer may send. Checked in this order so the reason names what the viewer can act on
 * first (their own plan, their own block).
 */
export function cannotSendReason(f: SendFacts): string | null {
  const name = `@${f.other_username}`;
  if (f.viewer_dm_duration <= 0) return 'Voice messages are not available on your plan';
  if (f.other_status !== 'Active') return `${name} can't receive messages right now`;
  if (f.blocked_by_viewer) return `You blocked ${name}. Unblock them to send messages`;
  if (f.blocks_viewer) return `${name} isn't taking messages from you`;
  if (f.other_dm_duration <= 0) return `${name} can't receive voice messages`;
  if (f.other_permission === 'nobody') return `${name} isn't taking messages`;
  if (f.other_permission === 'vibers' && !f.other_vibes_with_viewer) {
    return `${name} only takes messages from people they vibe with`;
  }
  return null;
}

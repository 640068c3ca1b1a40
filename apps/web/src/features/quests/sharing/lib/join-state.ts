import type { SharedQuest } from '@doers/contract';

export type JoinState =
  | 'sign-up' // a visitor who is signed out
  | 'open' // already on the quest (owner or member)
  | 'pending' // asked to join, waiting for the owner
  | 'declined'
  | 'ended' // completed or abandoned
  | 'closed' // the owner does not take participants
  | 'full'
  | 'join'
  | 'request'; // joining needs the owner's approval

/** What the public face of a quest offers the person looking at it. */
export function joinState({ quest, viewer, signedIn }: SharedQuest): JoinState {
  if (!signedIn) return 'sign-up';
  if (viewer?.role) return 'open';
  if (viewer?.requestStatus === 'pending') return 'pending';
  if (quest.status !== 'active') return 'ended';
  if (!quest.allowOthersToJoin) return 'closed';
  if (quest.participantLimit !== null && quest.participantCount >= quest.participantLimit)
    return 'full';
  if (viewer?.requestStatus === 'declined') return 'declined';
  return quest.requiresApproval ? 'request' : 'join';
}

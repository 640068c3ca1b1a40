import type { Quest } from '@doers/contract';

/** Whether the quest page shows other people's progress (its leaderboard). */
export function showsParticipants(quest: Pick<Quest, 'allowOthersToJoin' | 'participantCount'>) {
  return quest.allowOthersToJoin || quest.participantCount > 1;
}

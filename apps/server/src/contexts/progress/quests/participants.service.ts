import type { Queryable } from '../../../db/database.js';
import type { ParticipantRow, QuestsRepository } from './quests.repository.js';

/** Who is on a quest: what sharing, check-ins and calendars ask of quest_participants. */
export class ParticipantsService {
  constructor(private readonly quests: QuestsRepository) {}

  find(questId: string, userId: string, tx?: Queryable): Promise<ParticipantRow | undefined> {
    return this.quests.participant(questId, userId, tx);
  }

  count(questId: string, tx?: Queryable): Promise<number> {
    return this.quests.participantCount(questId, tx);
  }

  /** Locks the quest so that its capacity is checked and used one join at a time. */
  lockQuest(tx: Queryable, questId: string): Promise<void> {
    return this.quests.lock(tx, questId);
  }

  /** Adds a member on their `joinedOn` day (no check-in before it), or brings one back. */
  join(tx: Queryable, questId: string, userId: string, joinedOn: string): Promise<void> {
    return this.quests.join(tx, { questId, userId, role: 'member', joinedOn });
  }

  leave(tx: Queryable, questId: string, userId: string): Promise<void> {
    return this.quests.leave(tx, questId, userId);
  }
}

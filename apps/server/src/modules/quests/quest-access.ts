import { forbidden, notFound } from '../../platform/errors.js';
import type { QuestRow, QuestsRepository } from './quests.repository.js';

/** Who may see and change a quest. Invisible quests are "not found", never "forbidden". */
export class QuestAccess {
  constructor(private readonly quests: QuestsRepository) {}

  async canView(quest: QuestRow, viewerId: string | null): Promise<boolean> {
    if (quest.visibility === 'public') return true;
    if (!viewerId) return false;
    if (quest.owner_id === viewerId) return true;
    const participant = await this.quests.participant(quest.id, viewerId);
    if (participant?.status === 'active') return true;
    return (
      quest.visibility === 'vibers' && (await this.quests.isVibingWith(viewerId, quest.owner_id))
    );
  }

  async visibleQuest(id: string, viewerId: string | null): Promise<QuestRow> {
    const quest = await this.quests.find(id);
    if (!quest || !(await this.canView(quest, viewerId))) throw notFound('Quest not found');
    return quest;
  }

  async ownedQuest(id: string, userId: string): Promise<QuestRow> {
    const quest = await this.visibleQuest(id, userId);
    if (quest.owner_id !== userId) throw forbidden('Only the quest’s owner can do that');
    return quest;
  }
}

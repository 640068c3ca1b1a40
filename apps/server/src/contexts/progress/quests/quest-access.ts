import { forbidden, notFound } from '../../../platform/errors.js';
import type { QuestRow, QuestsRepository } from './quests.repository.js';

/** Who may see and change a quest; the rule itself is in quest-visibility.ts. */
export class QuestAccess {
  constructor(private readonly quests: QuestsRepository) {}

  async visibleQuest(id: string, viewerId: string | null): Promise<QuestRow> {
    const row = await this.quests.findForViewer(id, viewerId);
    if (!row?.visible) throw notFound('Quest not found');
    const { visible: _visible, ...quest } = row;
    return quest;
  }

  /** The quest when `userId` owns it, else null (for answers that must not tell them apart). */
  async ownedOrNull(id: string, userId: string): Promise<QuestRow | null> {
    const row = await this.quests.findForViewer(id, userId);
    if (!row || row.owner_id !== userId) return null;
    const { visible: _visible, ...quest } = row;
    return quest;
  }

  async ownedQuest(id: string, userId: string): Promise<QuestRow> {
    const quest = await this.visibleQuest(id, userId);
    if (quest.owner_id !== userId) throw forbidden('Only the quest’s owner can do that');
    return quest;
  }
}

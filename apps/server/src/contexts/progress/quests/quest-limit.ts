import type { Queryable } from '../../../db/database.js';
import { conflict, notFound } from '../../../platform/errors.js';
import type { StatsService } from '../stats/stats.service.js';
import type { QuestsRepository } from './quests.repository.js';

/**
 * `limits.quests` caps a person's active quests, own and joined (docs/product/quests.md):
 * checked here and nowhere else.
 */
export class QuestLimit {
  constructor(private readonly deps: { quests: QuestsRepository; stats: StatsService }) {}

  /**
   * Refuses when the person has no room for another active quest. Inside a transaction it
   * first locks their figures, so that the check and the creation or join that follows are one
   * step. `who` says whose words the refusal uses: the person's own, or the owner's accepting
   * their request.
   */
  async assertRoomFor(
    userId: string,
    options: { tx?: Queryable; who?: 'self' | 'requester' } = {},
  ): Promise<void> {
    if (options.tx) await this.deps.stats.lock(options.tx, userId);
    const limit = await this.deps.quests.limitOf(userId, options.tx);
    if (!limit) throw notFound('User not found');
    const max = limit.limit_quests;
    if (limit.active < max) return;
    const quests = `${max} active quest${max === 1 ? '' : 's'}`;
    throw options.who === 'requester'
      ? conflict(`@${limit.username} has reached their limit of ${quests}`)
      : conflict(
          `You can have ${quests} at a time on the ${limit.supporter_tier} tier. ` +
            'Complete or leave one to start another.',
        );
  }
}

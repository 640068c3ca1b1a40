import type { CreateVibeRequest, Vibe } from '@doers/contract';
import type { Database } from '../../db/database.js';
import { badRequest, notFound } from '../../platform/errors.js';
import type { NotificationsRepository } from '../notifications/notifications.repository.js';
import type { UsersRepository } from '../users/users.repository.js';
import type { VibesRepository } from './vibes.repository.js';

export class VibesService {
  constructor(
    private readonly deps: {
      db: Database;
      vibes: VibesRepository;
      users: UsersRepository;
      notifications: NotificationsRepository;
    },
  ) {}

  /** A vibe carries a reason; the first one also makes the sender vibe with the target. */
  async sendVibe(senderId: string, input: CreateVibeRequest): Promise<Vibe> {
    if (input.targetUserId === senderId) throw badRequest("You can't send a vibe to yourself");
    const target = await this.deps.users.findById(input.targetUserId);
    if (!target || target.status !== 'Active') throw notFound('User not found');
    return this.deps.db.transaction(async (tx) => {
      const row = await this.deps.vibes.insert(tx, {
        senderId,
        targetUserId: target.id,
        reason: input.vibeReason,
        postId: input.postId ?? null,
      });
      const started = await this.deps.vibes.startVibingWith(tx, senderId, target.id);
      await this.deps.notifications.insert(
        {
          userId: target.id,
          type: 'vibe',
          actorId: senderId,
          data: { vibeId: row.id, reason: row.reason },
        },
        tx,
      );
      return {
        id: row.id,
        senderId: row.sender_id,
        targetUserId: row.target_user_id,
        vibeReason: row.reason,
        postId: row.post_id,
        createdAt: row.created_at.toISOString(),
        startedVibingWith: started,
      };
    });
  }
}

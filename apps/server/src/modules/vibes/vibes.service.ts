import type { CreateVibeRequest, Vibe } from '@doers/contract';
import type { Database, Queryable } from '../../db/database.js';
import { badRequest, notFound } from '../../platform/errors.js';
import type { EventBus } from '../../platform/events.js';
import type { StatsService } from '../stats/stats.service.js';
import type { UsersService } from '../users/users.service.js';
import type { VibesRepository } from './vibes.repository.js';

/** Vibes (docs/product/vibes.md): a reason sent to someone; the first starts vibing with them. */
export class VibesService {
  constructor(
    private readonly deps: {
      db: Database;
      vibes: VibesRepository;
      users: UsersService;
      stats: StatsService;
      events: EventBus;
    },
  ) {}

  async sendVibe(senderId: string, input: CreateVibeRequest): Promise<Vibe> {
    if (input.targetUserId === senderId) throw badRequest("You can't send a vibe to yourself");
    const target = await this.deps.users.find(input.targetUserId);
    if (!target || target.status !== 'Active') throw notFound('User not found');
    const vibe = await this.deps.db.transaction((tx) =>
      this.record(tx, {
        senderId,
        targetUserId: target.id,
        reason: input.vibeReason,
        postId: input.postId ?? null,
      }),
    );
    await this.deps.events.publish('vibe.sent', {
      vibeId: vibe.id,
      senderId,
      targetUserId: target.id,
      reason: vibe.vibeReason,
    });
    return vibe;
  }

  /** A vibe and its counters, in the caller's transaction (the demo seed sends some too). */
  async record(
    tx: Queryable,
    v: { senderId: string; targetUserId: string; reason: string; postId: string | null },
  ): Promise<Vibe> {
    const row = await this.deps.vibes.insert(tx, v);
    const started = await this.deps.vibes.startVibingWith(tx, v.senderId, v.targetUserId);
    await this.deps.stats.countVibe(tx, v.senderId, v.targetUserId, started);
    return {
      id: row.id,
      senderId: row.sender_id,
      targetUserId: row.target_user_id,
      vibeReason: row.reason,
      postId: row.post_id,
      createdAt: row.created_at.toISOString(),
      startedVibingWith: started,
    };
  }
}

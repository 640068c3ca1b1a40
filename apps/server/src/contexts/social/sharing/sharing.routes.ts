import { sharingApi } from '@doers/contract';
import type { RateLimits } from '../../../platform/rate-limiter.js';
import type { Route } from '../../../platform/router.js';
import type { QuestBoardService } from './quest-board.service.js';
import type { SharingService } from './sharing.service.js';

export function sharingRoutes(
  route: Route,
  deps: { sharing: SharingService; questBoard: QuestBoardService; limits: RateLimits },
): void {
  const { sharing, questBoard, limits } = deps;
  route(sharingApi.leaderboard, ({ auth, params }) =>
    questBoard.leaderboard(auth?.userId ?? null, params.id),
  );
  route(sharingApi.shared, ({ auth, params, now }) =>
    questBoard.shared(auth?.userId ?? null, params.id, now),
  );
  // Joining notifies the owner (a request to accept, or a new member): limited per person.
  route(sharingApi.join, ({ auth, params, now, request }) =>
    limits.limited('joinRequest', auth.userId, request.ip, () =>
      sharing.join(auth.userId, params.id, now),
    ),
  );
  route(sharingApi.leave, ({ auth, params }) => sharing.leave(auth.userId, params.id));
  route(sharingApi.requests, ({ auth, query }) => sharing.pendingRequests(auth.userId, query));
  route(sharingApi.accept, ({ auth, params, now }) =>
    sharing.decide(auth.userId, params.id, 'accepted', now),
  );
  route(sharingApi.decline, ({ auth, params, now }) =>
    sharing.decide(auth.userId, params.id, 'declined', now),
  );
}

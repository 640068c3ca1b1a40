import { sharingApi } from '@doers/contract';
import type { Route } from '../../platform/router.js';
import type { LeaderboardService } from './leaderboard.service.js';
import type { SharingService } from './sharing.service.js';

export function sharingRoutes(
  route: Route,
  deps: { sharing: SharingService; leaderboard: LeaderboardService },
): void {
  const { sharing, leaderboard } = deps;
  route(sharingApi.leaderboard, ({ auth, params }) =>
    leaderboard.leaderboard(auth?.userId ?? null, params.id),
  );
  route(sharingApi.shared, ({ auth, params, now }) =>
    leaderboard.shared(auth?.userId ?? null, params.id, now),
  );
  route(sharingApi.join, ({ auth, params, now }) => sharing.join(auth.userId, params.id, now));
  route(sharingApi.leave, ({ auth, params }) => sharing.leave(auth.userId, params.id));
  route(sharingApi.requests, ({ auth, query }) => sharing.pendingRequests(auth.userId, query));
  route(sharingApi.accept, ({ auth, params, now }) =>
    sharing.decide(auth.userId, params.id, 'accepted', now),
  );
  route(sharingApi.decline, ({ auth, params, now }) =>
    sharing.decide(auth.userId, params.id, 'declined', now),
  );
}

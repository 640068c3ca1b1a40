import { blocksApi } from '@doers/contract';
import type { RateLimits } from '../../../platform/rate-limiter.js';
import type { Route } from '../../../platform/router.js';
import type { BlocksService } from './blocks.service.js';

export function blocksRoutes(route: Route, deps: { blocks: BlocksService; limits: RateLimits }) {
  // A block ends vibing and rewrites feeds on both sides: limited per account.
  route(blocksApi.block, ({ auth, params, request }) =>
    deps.limits.limited('block', auth.userId, request.ip, () =>
      deps.blocks.block(auth.userId, params.id),
    ),
  );
  route(blocksApi.unblock, ({ auth, params }) => deps.blocks.unblock(auth.userId, params.id));
  route(blocksApi.list, ({ auth, query }) => deps.blocks.list(auth.userId, query));
}

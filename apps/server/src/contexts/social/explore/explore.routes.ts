import { exploreApi } from '@doers/contract';
import type { Route } from '../../../platform/router.js';
import type { ExploreService } from './explore.service.js';

export function exploreRoutes(route: Route, deps: { explore: ExploreService }): void {
  route(exploreApi.search, ({ auth, query }) => deps.explore.search(auth.userId, query));
  route(exploreApi.posts, ({ auth, query }) => deps.explore.posts(auth.userId, query));
}

import { postsApi } from '@doers/contract';
import type { RateLimits } from '../../../platform/rate-limiter.js';
import type { Route } from '../../../platform/router.js';
import type { CommentsService } from './comments.service.js';
import type { FeedService } from './feed.service.js';
import type { PostsService } from './posts.service.js';
import type { ReactionsService } from './reactions.service.js';

export function postsRoutes(
  route: Route,
  deps: {
    posts: PostsService;
    feed: FeedService;
    reactions: ReactionsService;
    comments: CommentsService;
    limits: RateLimits;
  },
): void {
  const { posts, feed, reactions, comments, limits } = deps;
  route(postsApi.feed, ({ auth, query }) => feed.feed(auth.userId, query));
  // Posts, reactions and comments reach other people: each limited per account.
  route(postsApi.create, ({ auth, body, now, request }) =>
    limits.limited('post', auth.userId, request.ip, () => posts.create(auth.userId, body, now)),
  );
  route(postsApi.get, ({ auth, params }) => posts.get(auth.userId, params.id));
  route(postsApi.remove, ({ auth, params }) => posts.remove(auth.userId, params.id));
  route(postsApi.ofUser, ({ auth, params, query }) => posts.ofUser(auth.userId, params.id, query));
  route(postsApi.smile, ({ auth, params, request }) =>
    limits.limited('react', auth.userId, request.ip, () => reactions.smile(auth.userId, params.id)),
  );
  route(postsApi.unsmile, ({ auth, params }) => reactions.unsmile(auth.userId, params.id));
  route(postsApi.hum, ({ auth, params, request }) =>
    limits.limited('react', auth.userId, request.ip, () => reactions.hum(auth.userId, params.id)),
  );
  route(postsApi.unhum, ({ auth, params }) => reactions.unhum(auth.userId, params.id));
  route(postsApi.smiles, ({ auth, params, query }) =>
    reactions.reactors('smile', auth.userId, params.id, query),
  );
  route(postsApi.hums, ({ auth, params, query }) =>
    reactions.reactors('hum', auth.userId, params.id, query),
  );
  route(postsApi.comments, ({ auth, params, query }) =>
    comments.list(auth.userId, params.id, query),
  );
  route(postsApi.comment, ({ auth, params, body, request }) =>
    limits.limited('comment', auth.userId, request.ip, () =>
      comments.create(auth.userId, params.id, body),
    ),
  );
  route(postsApi.removeComment, ({ auth, params }) =>
    comments.remove(auth.userId, params.id, params.commentId),
  );
}

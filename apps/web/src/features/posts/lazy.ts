/**
 * The screens of this feature and the post card, loaded on demand (routes.ts, index.ts). Import
 * this module only with `import()`: a static import puts them back into the first-load bundle.
 */
export { PostCard } from './card/post-card';
export { FeedPage } from './feed/feed-page';
export { PostPage } from './detail/post-page';
export { earlyFeedLoaded } from './api/use-feed';
export { earlyPostLoaded } from './api/use-post';

/**
 * The screens of Explore, loaded on demand (routes.ts). Import this module only with `import()`.
 */
export { SearchPage } from './routes/search-page';
export { SwipeFeedPage } from './routes/swipe-feed-page';

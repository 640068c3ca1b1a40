/* The public face of Explore: its routes and query keys. */
export { exploreKeys } from './explore-keys';
export { exploreRoutes } from './routes';
export { EXPLORE_TUTORIAL_MARKERS } from './tutorial-markers';

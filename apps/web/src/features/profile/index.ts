export { profileRoutes } from './routes';
export { profileKeys } from './profile-keys';
export {
  PROFILE_TUTORIAL_MARKERS,
  PROFILE_TUTORIAL_SELECTORS,
  type ProfileTutorialMarker,
} from './lib/tutorial-markers';

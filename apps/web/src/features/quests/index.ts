import { lazy } from 'react';

/*
 * The public face of the quests feature: what the router and other features may use. It stays
 * light (the app's first load imports it); screens and the form load on demand from lazy.ts.
 */
export { questKeys } from './quest-keys';
export { questRoutes, sharedQuestRoutes } from './routes';
export {
  QUEST_TUTORIAL_MARKERS,
  QUEST_TUTORIAL_SELECTORS,
  type QuestTutorialMarker,
} from './common/lib/tutorial-markers';

/** The create form, for onboarding's first-quest step; render it inside `<Suspense>`. */
export const CreateQuestForm = lazy(() =>
  import('./lazy').then((module) => ({ default: module.CreateQuestForm })),
);

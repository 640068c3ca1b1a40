import type { RouteObject } from 'react-router';

const screens = () => import('./lazy');

/** Signed-in screens of this feature, composed by app/router.tsx into the shell. */
export const questRoutes: RouteObject[] = [
  { path: 'quests', lazy: async () => ({ Component: (await screens()).QuestsPage }) },
  { path: 'quests/create', lazy: async () => ({ Component: (await screens()).CreateQuestPage }) },
  {
    path: 'quests/:questId',
    lazy: async () => ({ Component: (await screens()).QuestDetailPage }),
  },
  {
    path: 'quests/:questId/edit',
    lazy: async () => ({ Component: (await screens()).EditQuestPage }),
  },
];

/** A quest's share link opens signed out too (public quests): app/router.tsx's open group. */
export const sharedQuestRoutes: RouteObject[] = [
  {
    path: 'shared-quests/:questId',
    lazy: async () => ({ Component: (await screens()).SharedQuestPage }),
  },
];

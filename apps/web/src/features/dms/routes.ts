import type { RouteObject } from 'react-router';

const screens = () => import('./lazy');

/** Signed-in screens of this feature, composed by app/router.tsx into the shell. */
export const dmsRoutes: RouteObject[] = [
  { path: 'dms', lazy: async () => ({ Component: (await screens()).ConversationsPage }) },
  {
    path: 'dms/new/:userId',
    lazy: async () => ({ Component: (await screens()).NewConversationPage }),
  },
  {
    path: 'dms/:conversationId',
    lazy: async () => ({ Component: (await screens()).ThreadPage }),
  },
];

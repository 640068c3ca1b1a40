import type { RouteObject } from 'react-router';

/** The legal pages, open to everyone (the register form links them): app/router.tsx places them. */
export const legalRoutes: RouteObject[] = [
  {
    path: 'settings/terms',
    lazy: async () => ({ Component: (await import('./routes/terms-page')).TermsPage }),
  },
  {
    path: 'settings/privacy-policy',
    lazy: async () => ({
      Component: (await import('./routes/privacy-policy-page')).PrivacyPolicyPage,
    }),
  },
];

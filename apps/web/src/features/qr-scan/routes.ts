import type { RouteObject } from 'react-router';

/** Public screen of this feature, composed by app/router.tsx into the public group. */
export const qrScanRoutes: RouteObject[] = [
  { path: 'qr-scan', lazy: async () => ({ Component: (await import('./lazy')).QrScanPage }) },
];

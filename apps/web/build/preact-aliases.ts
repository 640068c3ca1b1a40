// The app is written against React's API and runs on Preact through preact/compat: the same
// components, hooks and libraries (React Router, TanStack Query, Zustand), for 5 KB of Brotli
// instead of React DOM's 54. Both the build and the web tests resolve React to it, so what the
// tests render is what ships (docs/decisions/0015-first-screen-on-a-phone.md).
export const preactAliases = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
];

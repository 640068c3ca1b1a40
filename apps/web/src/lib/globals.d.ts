/** Injected by build/version-plugin.ts. */
declare const __BUILD_ID__: string;
declare const __APP_VERSION__: string;

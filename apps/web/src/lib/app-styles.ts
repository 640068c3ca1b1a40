declare global {
  interface Window {
    /** index.html's stylesheet script: settles once the app's stylesheet has loaded (or failed). */
    __doersStyles?: Promise<unknown>;
  }
}

/**
 * Resolves once the app's stylesheet is in: index.html asks for it without holding back the
 * first paint (build/stylesheet-plugin.ts), and a screen rendered before it would flash unstyled
 * and measure itself wrong. In `vite dev` the styles come with the modules and this is at once.
 */
export async function appStylesLoaded(): Promise<void> {
  await window.__doersStyles;
}

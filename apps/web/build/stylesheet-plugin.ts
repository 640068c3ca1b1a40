import type { Plugin } from 'vite';

/** What index.html's stylesheet script loads until the build fills it in (and in `vite dev`). */
const MARKER = 'var appStyles = [];';
const LINK = /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>\s*/g;

/**
 * The app's stylesheet, asked for by index.html's script instead of a `<link>` the parser meets:
 * a stylesheet in the page holds back the first paint until it has arrived, and the splash,
 * styled inline, needs nothing of it. The stylesheet still loads at once, beside the JavaScript;
 * the page's `load` waits for it, and so does the app's first render (main.tsx), so nobody sees
 * an unstyled screen. This plugin moves the built stylesheet's address from the link into the
 * script (docs/decisions/0015-first-screen-on-a-phone.md).
 */
export function stylesheetPlugin(): Plugin {
  return {
    name: 'doers-stylesheet',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const html = bundle['index.html'];
        if (html?.type !== 'asset' || typeof html.source !== 'string')
          throw new Error('stylesheet: index.html is missing');
        if (!html.source.includes(MARKER))
          throw new Error(`stylesheet: index.html has no "${MARKER}" to fill in`);
        const hrefs = [...html.source.matchAll(LINK)].map((match) => match[1]!);
        if (hrefs.length === 0) throw new Error('stylesheet: index.html links no stylesheet');
        html.source = html.source
          .replace(LINK, '')
          .replace(MARKER, `var appStyles = ${JSON.stringify(hrefs)};`);
      },
    },
  };
}

import type { Plugin, Rolldown } from 'vite';

type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

/** What index.html's early script preloads until the build fills it in (and in `vite dev`). */
const MARKER = 'var feedChunks = [];';

/**
 * The feed's screens load on demand (features/posts/lazy.ts), so a cold start on /feed asked for
 * them only once the first-load JavaScript had run: one more round trip before the first post
 * could paint. index.html's early script now names them for the browser to fetch beside the
 * first-load files; this plugin writes their built names into it: the posts feature's lazy chunk
 * and whatever it imports that the first load does not already bring.
 */
export function feedPreloadPlugin(): Plugin {
  return {
    name: 'doers-feed-preload',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter(
          (file): file is OutputChunk => file.type === 'chunk',
        );
        const entry = chunks.find((chunk) => chunk.isEntry);
        const feed = chunks.find((chunk) =>
          /[\\/]features[\\/]posts[\\/]lazy\.ts$/.test(chunk.facadeModuleId ?? ''),
        );
        const html = bundle['index.html'];
        if (!entry || !feed || html?.type !== 'asset' || typeof html.source !== 'string')
          throw new Error('feed preload: the entry, the posts screens or index.html is missing');
        if (!html.source.includes(MARKER))
          throw new Error(`feed preload: index.html has no "${MARKER}" to fill in`);
        const firstLoad = closure(bundle, entry.fileName);
        const files = [...closure(bundle, feed.fileName)].filter((file) => !firstLoad.has(file));
        html.source = html.source.replace(
          MARKER,
          `var feedChunks = ${JSON.stringify(files.map((file) => `/${file}`))};`,
        );
      },
    },
  };
}

/** A chunk and every chunk it imports statically, however deep. */
function closure(bundle: OutputBundle, fileName: string, seen = new Set<string>()): Set<string> {
  if (seen.has(fileName)) return seen;
  seen.add(fileName);
  const chunk = bundle[fileName];
  if (chunk?.type === 'chunk') for (const file of chunk.imports) closure(bundle, file, seen);
  return seen;
}

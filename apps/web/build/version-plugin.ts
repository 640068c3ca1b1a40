import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

interface VersionFile {
  buildId: string;
  version: string;
}

/**
 * Emits `dist/version.json` ({ buildId, version }) so a running client can tell that a newer
 * build is deployed (docs/product/app-shell.md). The id changes on every build, even with no code
 * change, because a redeploy is what the update prompt has to detect. The same id is exposed to the
 * app as `__BUILD_ID__` so the client knows which build it is running.
 */
export function versionPlugin(packageJsonPath: string): Plugin {
  const { version } = JSON.parse(readFileSync(packageJsonPath, 'utf8')) as { version: string };
  const file: VersionFile = {
    buildId: `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`,
    version,
  };
  const json = `${JSON.stringify(file)}\n`;

  return {
    name: 'doers-version-file',
    config: () => ({
      define: {
        __BUILD_ID__: JSON.stringify(file.buildId),
        __APP_VERSION__: JSON.stringify(file.version),
      },
    }),
    // `vite dev` has no bundle; answer the same file so the client code path is identical.
    configureServer(server) {
      server.middlewares.use('/version.json', (_req, res) => {
        res.setHeader('Content-Type', 'application/json');
        res.setHeader('Cache-Control', 'no-store');
        res.end(json);
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'version.json', source: json });
    },
  };
}

import { fileURLToPath } from 'node:url';

/**
 * Files the server reads at run time, found from this package's folder. This module sits
 * directly in `src/`, as the built bundle sits directly in `dist/` (build.ts), so the same
 * relative address is right both when run from source (tsx) and from the bundle.
 */
const packageDir = new URL('../', import.meta.url);
const at = (path: string) => fileURLToPath(new URL(path, packageDir));

export const serverPaths = {
  packageJson: at('package.json'),
  migrations: at('src/db/migrations/'),
  /** The built web app (`npm run build -w apps/web`). */
  webDist: at('../web/dist'),
};

import { pgliteTemplate } from './pglite-template.js';

/** Before any file runs: the migrated PGlite every test server starts from, made once. */
export default async function setup(): Promise<void> {
  await pgliteTemplate();
}

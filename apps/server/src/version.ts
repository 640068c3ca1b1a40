import { readFileSync } from 'node:fs';
import { serverPaths } from './paths.js';

export const serverVersion: string = (
  JSON.parse(readFileSync(serverPaths.packageJson, 'utf8')) as {
    version: string;
  }
).version;

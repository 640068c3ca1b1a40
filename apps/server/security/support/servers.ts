// The servers under attack: the server's bundle as a child process of its own, as production
// runs it (test/support/server-process.ts), with production's settings: an https PUBLIC_URL, no
// demo seed, rate limits as shipped. Each one's log goes to the run's folder (the logs test reads
// them all).
import { randomBytes } from 'node:crypto';
import { FOUNDER_CODE } from '../../test/support/people-data.js';
import { startServerProcess, type ServerProcess } from '../../test/support/server-process.js';

export type { ServerInfo, ServerProcess } from '../../test/support/server-process.js';
export { FOUNDER_CODE };

/** The signing key of every server of the suite: a secret the logs must never show. */
export const JWT_SECRET = `security-suite-jwt-${randomBytes(24).toString('hex')}`;

export function startServer(options: {
  name: string;
  runDir: string;
  /** The server's bundle (global-setup.ts builds it once for the suite). */
  bundle: string;
  /** On top of production's settings; a function is asked again at each (re)start. */
  env?: Record<string, string> | (() => Record<string, string>);
}): Promise<ServerProcess> {
  const extra = options.env;
  return startServerProcess({
    name: options.name,
    logDir: options.runDir,
    bundle: options.bundle,
    env: () => ({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://doers.test',
      JWT_SECRET,
      FOUNDER_INVITE_CODE: FOUNDER_CODE,
      FOUNDER_SEATS: '100000',
      ...(typeof extra === 'function' ? extra() : extra),
    }),
  });
}

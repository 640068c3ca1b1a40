import type { AdminRight } from './admin-guard.js';
import { AdminCommandError, type GrantChange } from './admin.service.js';

export const ADMIN_USAGE =
  'Usage: npm run admin -- grant <username> [--only admin|moderation]\n' +
  '       npm run admin -- revoke <username> [--only admin|moderation]';

/** `grant maya`, `revoke maya --only moderation`: the operator's words, checked. */
export function parseAdminCommand(args: string[]): GrantChange {
  const [action, username, ...rest] = args;
  if (action !== 'grant' && action !== 'revoke') {
    throw new AdminCommandError(
      action ? `Unknown command "${action}"\n${ADMIN_USAGE}` : ADMIN_USAGE,
    );
  }
  if (!username || username.startsWith('-')) {
    throw new AdminCommandError(`Name the person: ${action} <username>\n${ADMIN_USAGE}`);
  }
  return { action, username, rights: rightsOf(rest) };
}

/** Both rights, unless `--only admin` or `--only moderation` (also `--only=…`) narrows it. */
function rightsOf(options: string[]): AdminRight[] {
  if (options.length === 0) return ['admin', 'moderation'];
  const only =
    options.length === 2 && options[0] === '--only'
      ? options[1]
      : options.length === 1 && options[0]!.startsWith('--only=')
        ? options[0]!.slice('--only='.length)
        : undefined;
  if (only === 'admin' || only === 'moderation') return [only];
  throw new AdminCommandError(`--only takes admin or moderation\n${ADMIN_USAGE}`);
}

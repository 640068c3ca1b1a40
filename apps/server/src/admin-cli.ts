import { join } from 'node:path';
import { openDatabase, type Database } from './db/database.js';
import { migrate } from './db/migrate.js';
import { AdminGuard } from './contexts/trust/admin/admin-guard.js';
import { AdminCommandError, AdminService } from './contexts/trust/admin/admin.service.js';
import { parseAdminCommand } from './contexts/trust/admin/admin-command.js';
import { ReferralsRepository } from './contexts/people/referrals/referrals.repository.js';
import { ReferralsService } from './contexts/people/referrals/referrals.service.js';
import { StatsRepository } from './contexts/progress/stats/stats.repository.js';
import { StatsService } from './contexts/progress/stats/stats.service.js';
import { SessionUserCache } from './contexts/accounts/users/session-user-cache.js';
import { UsersRepository } from './contexts/accounts/users/users.repository.js';
import { UsersService } from './contexts/accounts/users/users.service.js';
import { systemClock } from './platform/clock.js';
import { ConfigError, loadConfig } from './platform/config.js';
import { DataDirLockedError, lockDataDir } from './platform/data-dir-lock.js';

/**
 * `npm run admin -- grant|revoke <username> [--only admin|moderation]`: the only way to give
 * someone admin access or moderation tools. It opens the configured database: PGlite in
 * DATA_DIR, which the running server owns (so it must be stopped first), or PostgreSQL, where
 * it works while servers run and they see the change at the next admin call.
 */
async function main(): Promise<number> {
  const change = parseAdminCommand(process.argv.slice(2));
  const config = loadConfig();
  let unlock = () => {};
  if (!config.databaseUrl) {
    try {
      unlock = lockDataDir(config.dataDir);
    } catch (error) {
      if (!(error instanceof DataDirLockedError)) throw error;
      throw new AdminCommandError(`Stop the server first. ${error.message}`);
    }
  }
  let db: Database | undefined;
  try {
    db = config.databaseUrl
      ? await openDatabase({ engine: 'postgres', url: config.databaseUrl, max: 1 })
      : await openDatabase({ engine: 'pglite', dataDir: join(config.dataDir, 'db') });
    await migrate(db);
    const stats = new StatsService(new StatsRepository(db));
    const users = new UsersService({
      users: new UsersRepository(db, new SessionUserCache(() => systemClock.now().getTime())),
      stats,
      referrals: new ReferralsService(new ReferralsRepository(db), systemClock, config.publicUrl),
      clock: systemClock,
    });
    const admin = new AdminService({ guard: new AdminGuard(users), users });
    console.log(await admin.changeGrants(change));
    return 0;
  } finally {
    await db?.close();
    unlock();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const known = error instanceof AdminCommandError || error instanceof ConfigError;
    console.error(known ? error.message : error);
    process.exit(1);
  },
);

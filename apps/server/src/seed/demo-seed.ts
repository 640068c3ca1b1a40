import { randomUUID } from 'node:crypto';
import {
  FOUNDER_REFERRALS_PER_MONTH,
  ONBOARDING_STEPS,
  REFERRALS_PER_MONTH,
  TIER_LIMITS,
} from '@doers/contract';
import type { Logger } from 'pino';
import type { Database } from '../db/database.js';
import { hashPassword } from '../contexts/trust/auth/passwords.js';
import { BlocksRepository } from '../contexts/people/blocks/blocks.repository.js';
import { BlocksService } from '../contexts/people/blocks/blocks.service.js';
import { OnboardingRepository } from '../contexts/accounts/onboarding/onboarding.repository.js';
import { generateReferralCode } from '../contexts/people/referrals/referral-code.js';
import { ReferralsRepository } from '../contexts/people/referrals/referrals.repository.js';
import { ReferralsService } from '../contexts/people/referrals/referrals.service.js';
import { StatsRepository } from '../contexts/progress/stats/stats.repository.js';
import { StatsService } from '../contexts/progress/stats/stats.service.js';
import { SessionUserCache } from '../contexts/accounts/users/session-user-cache.js';
import { UsersRepository, type UserRow } from '../contexts/accounts/users/users.repository.js';
import { UsersService } from '../contexts/accounts/users/users.service.js';
import { VibesRepository } from '../contexts/social/vibes/vibes.repository.js';
import { VibesService } from '../contexts/social/vibes/vibes.service.js';
import type { Clock } from '../platform/clock.js';
import type { Config } from '../platform/config.js';
import type { ObjectStorage } from '../platform/object-storage.js';
import { seedDemoDms } from './demo-dms.js';
import { seedDemoPosts } from './demo-posts.js';
import { EventBus } from '../platform/events.js';
import { seedDemoQuests } from './demo-quests.js';

export const DEMO_PASSWORD = 'doers-demo-2026';

const PEOPLE = [
  { username: 'maya', displayName: 'Maya Okafor', founder: true, color: '#F5A623' },
  { username: 'leo', displayName: 'Leo Marchetti', founder: false, color: '#4A90E2' },
  { username: 'ana', displayName: 'Ana Lindqvist', founder: false, color: '#7ED321' },
] as const;

/** On an empty database: a few people who vibe with each other, and how to sign in. */
export async function seedDemo(
  db: Database,
  config: Config,
  log: Logger,
  clock: Clock,
  /** Where the demo posts' voice notes are stored. */
  storage: ObjectStorage,
): Promise<void> {
  const usersRepository = new UsersRepository(
    db,
    new SessionUserCache(() => clock.now().getTime()),
  );
  const stats = new StatsService(new StatsRepository(db));
  const referrals = new ReferralsService(new ReferralsRepository(db), clock, config.publicUrl);
  const users = new UsersService({ users: usersRepository, stats, referrals, clock });
  if ((await usersRepository.count()) === 0) {
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const onboarding = new OnboardingRepository(db);
    // Seeding notifies nobody: a bus without subscribers.
    const events = new EventBus(log);
    const blocks = new BlocksService({ db, blocks: new BlocksRepository(db), clock, events });
    const vibes = new VibesService({
      ...{ db, vibes: new VibesRepository(), users, stats, blocks, events, clock },
    });
    const rows: UserRow[] = [];
    await db.transaction(async (tx) => {
      for (const [i, person] of PEOPLE.entries()) {
        const row = await users.create(tx, {
          id: randomUUID(),
          email: `${person.username}@demo.doers.app`,
          username: person.username,
          display_name: person.displayName,
          password_hash: passwordHash,
          account_type: person.founder ? 'founder' : 'standard',
          supporter_tier: 'free',
          payment_status: person.founder ? 'Exempt' : 'Unpaid',
          referral_code: generateReferralCode(),
          referred_by: person.founder ? null : (rows[0]?.id ?? null),
          founder_id: person.founder ? i + 1 : null,
          founder_joined_at: person.founder ? clock.now() : null,
          limit_quests: TIER_LIMITS.free.quests,
          limit_post_duration: TIER_LIMITS.free.postDuration,
          limit_dm_duration: TIER_LIMITS.free.dmDuration,
          limit_referrals_per_month: person.founder
            ? FOUNDER_REFERRALS_PER_MONTH
            : REFERRALS_PER_MONTH,
          timezone: 'UTC',
        });
        await usersRepository.setColorTheme(tx, row.id, person.color);
        for (const step of ONBOARDING_STEPS) await onboarding.complete(row.id, step, tx);
        rows.push(row);
      }
      const [maya, leo, ana] = rows as [UserRow, UserRow, UserRow];
      for (const [from, to, reason] of [
        [leo, maya, 'inspired'],
        [ana, maya, 'rooting for you'],
        [maya, leo, 'proud'],
        [ana, leo, 'motivated'],
      ] as const) {
        await vibes.record(tx, { senderId: from.id, targetUserId: to.id, reason, postId: null });
      }
    });
    const people = rows as [UserRow, UserRow, UserRow];
    const quests = await seedDemoQuests(db, people, stats, clock);
    // Demo posts are a nicety: a failing ffmpeg must not keep the server from starting.
    await seedDemoPosts({ db, config, log, clock, storage, stats, people, quests }).catch(
      (error: unknown) => log.warn({ err: error }, 'demo posts left out'),
    );
    await seedDemoDms({ db, config, log, clock, storage, maya: people[0], leo: people[1] }).catch(
      (error: unknown) => log.warn({ err: error }, 'demo messages left out'),
    );
    log.info({ users: rows.length }, 'demo content seeded');
  }
  const maya = await users.findByLogin('maya');
  console.log(
    [
      '',
      '  Doers demo',
      maya ? `  Demo login:          maya / ${DEMO_PASSWORD}  (also leo, ana)` : '',
      `  Founder sign-up:     ${config.publicUrl}/register?founder=true`,
      maya ? `  Invite link (Maya):  ${config.publicUrl}/invite/${maya.referral_code}` : '',
      '',
    ]
      .filter((line) => line !== '')
      .join('\n') + '\n',
  );
}

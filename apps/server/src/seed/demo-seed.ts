import { randomUUID } from 'node:crypto';
import {
  FOUNDER_REFERRALS_PER_MONTH,
  ONBOARDING_STEPS,
  REFERRALS_PER_MONTH,
  TIER_LIMITS,
} from '@doers/contract';
import type { Logger } from 'pino';
import type { Database } from '../db/database.js';
import { hashPassword } from '../modules/auth/passwords.js';
import { OnboardingRepository } from '../modules/onboarding/onboarding.repository.js';
import { generateReferralCode } from '../modules/referrals/referral-code.js';
import { UsersRepository, type UserRow } from '../modules/users/users.repository.js';
import { VibesRepository } from '../modules/vibes/vibes.repository.js';
import type { Config } from '../platform/config.js';
import { seedDemoQuests } from './demo-quests.js';

export const DEMO_PASSWORD = 'doers-demo-2026';

const PEOPLE = [
  { username: 'maya', displayName: 'Maya Okafor', founder: true, color: '#F5A623' },
  { username: 'leo', displayName: 'Leo Marchetti', founder: false, color: '#4A90E2' },
  { username: 'ana', displayName: 'Ana Lindqvist', founder: false, color: '#7ED321' },
] as const;

/** On an empty database: a few people who vibe with each other, and how to sign in. */
export async function seedDemo(db: Database, config: Config, log: Logger): Promise<void> {
  const users = new UsersRepository(db);
  const [{ n }] = (await db.query<{ n: number }>('SELECT count(*)::int AS n FROM users')) as [
    { n: number },
  ];
  if (n === 0) {
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const onboarding = new OnboardingRepository(db);
    const vibes = new VibesRepository();
    const rows: UserRow[] = [];
    await db.transaction(async (tx) => {
      for (const [i, person] of PEOPLE.entries()) {
        const row = await users.insert(
          {
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
            founder_joined_at: person.founder ? new Date() : null,
            limit_quests: TIER_LIMITS.free.quests,
            limit_post_duration: TIER_LIMITS.free.postDuration,
            limit_dm_duration: TIER_LIMITS.free.dmDuration,
            limit_referrals_per_month: person.founder
              ? FOUNDER_REFERRALS_PER_MONTH
              : REFERRALS_PER_MONTH,
            timezone: 'UTC',
          },
          tx,
        );
        await tx.query('UPDATE users SET color_theme = $2 WHERE id = $1', [row.id, person.color]);
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
        await vibes.insert(tx, { senderId: from.id, targetUserId: to.id, reason, postId: null });
        await vibes.startVibingWith(tx, from.id, to.id);
      }
    });
    await seedDemoQuests(db, rows as [UserRow, UserRow, UserRow]);
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

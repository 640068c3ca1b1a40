import type { OnboardingStep } from '@doers/contract';
import type { Queryable } from '../../../db/database.js';

export class OnboardingRepository {
  constructor(private readonly db: Queryable) {}

  async completedSteps(userId: string): Promise<Set<OnboardingStep>> {
    const rows = await this.db.query<{ step: OnboardingStep }>(
      'SELECT step FROM onboarding_steps WHERE user_id = $1',
      [userId],
    );
    return new Set(rows.map((r) => r.step));
  }

  async complete(userId: string, step: OnboardingStep, tx: Queryable = this.db): Promise<void> {
    await tx.query(
      'INSERT INTO onboarding_steps (user_id, step) VALUES ($1, $2) ON CONFLICT DO NOTHING',
      [userId, step],
    );
  }
}

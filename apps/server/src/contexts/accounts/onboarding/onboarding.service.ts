import {
  ONBOARDING_STEPS,
  ONBOARDING_STEP_FLAGS,
  type OnboardingProgress,
  type OnboardingStep,
} from '@doers/contract';
import { notFound } from '../../../platform/errors.js';
import type { UsersService } from '../users/users.service.js';
import type { OnboardingRepository } from './onboarding.repository.js';

/** Per-person onboarding steps (docs/product/onboarding.md). */
export class OnboardingService {
  constructor(private readonly deps: { onboarding: OnboardingRepository; users: UsersService }) {}

  async progress(userId: string): Promise<OnboardingProgress> {
    const [user, done] = await Promise.all([
      this.deps.users.find(userId),
      this.deps.onboarding.completedSteps(userId),
    ]);
    if (!user) throw notFound('User not found');
    const flags = Object.fromEntries(
      ONBOARDING_STEPS.map((step) => [ONBOARDING_STEP_FLAGS[step], done.has(step)]),
    ) as OnboardingProgress['onboardingSteps'];
    return { paymentStatus: user.payment_status, onboardingSteps: flags };
  }

  async completeStep(userId: string, step: OnboardingStep): Promise<OnboardingProgress> {
    await this.deps.onboarding.complete(userId, step);
    return this.progress(userId);
  }

  /** Subscribed to quest.created: creating a quest is the last onboarding step. */
  async questCreated(event: { ownerId: string }): Promise<void> {
    await this.deps.onboarding.complete(event.ownerId, 'first-quest');
  }

  /** The auth response's requiresQuest: true until every onboarding step is done. */
  async requiresOnboarding(userId: string): Promise<boolean> {
    const done = await this.deps.onboarding.completedSteps(userId);
    return ONBOARDING_STEPS.some((step) => !done.has(step));
  }
}

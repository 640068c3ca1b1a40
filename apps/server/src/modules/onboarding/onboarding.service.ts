import {
  ONBOARDING_STEPS,
  ONBOARDING_STEP_FLAGS,
  type OnboardingProgress,
  type OnboardingStep,
} from '@doers/contract';
import { notFound } from '../../platform/errors.js';
import type { UsersRepository } from '../users/users.repository.js';
import type { OnboardingRepository } from './onboarding.repository.js';

export class OnboardingService {
  constructor(
    private readonly onboarding: OnboardingRepository,
    private readonly users: UsersRepository,
  ) {}

  async progress(userId: string): Promise<OnboardingProgress> {
    const user = await this.users.findById(userId);
    if (!user) throw notFound('User not found');
    const done = await this.onboarding.completedSteps(userId);
    const flags = Object.fromEntries(
      ONBOARDING_STEPS.map((step) => [ONBOARDING_STEP_FLAGS[step], done.has(step)]),
    ) as OnboardingProgress['onboardingSteps'];
    return { paymentStatus: user.payment_status, onboardingSteps: flags };
  }

  async completeStep(userId: string, step: OnboardingStep): Promise<OnboardingProgress> {
    await this.onboarding.complete(userId, step);
    return this.progress(userId);
  }

  /** The auth response's requiresQuest: true until every onboarding step is done. */
  async requiresOnboarding(userId: string): Promise<boolean> {
    const done = await this.onboarding.completedSteps(userId);
    return ONBOARDING_STEPS.some((step) => !done.has(step));
  }
}

// The public face of the accounts context: what other contexts may use of it.
export { type BillingService } from './billing/billing.service.js';
export { type OnboardingService } from './onboarding/onboarding.service.js';
export { type AccountDeletionRepository } from './users/account-deletion.repository.js';
export { type SessionUserCache } from './users/session-user-cache.js';
export { type SessionsService } from './users/sessions.service.js';
export { type UserRow } from './users/users.repository.js';
export { type UsersService } from './users/users.service.js';

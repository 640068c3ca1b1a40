// The public face of the people context: what other contexts may use of it.
export {
  behindAnyBlock,
  blockedEitherWayWith,
  notBlockedBetween,
  notBlockedBetweenByKey,
} from './blocks/block-filter.js';
export { type BlocksService } from './blocks/blocks.service.js';
export { seenThroughABlock } from './blocks/seen-through-a-block.js';
export { generateReferralCode } from './referrals/referral-code.js';
export { monthKey } from './referrals/referral-quota.js';
export { type ReferrerRow } from './referrals/referrals.repository.js';
export { type ReferralQuota, type ReferralsService } from './referrals/referrals.service.js';
